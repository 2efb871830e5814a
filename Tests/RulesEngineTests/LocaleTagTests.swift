import Foundation
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// Issue #23, items 1 and 3: any text asked for as a locale is a locale served (with its
/// fallback) or refused by its exact message; none reaches Foundation's formatters unchecked,
/// and the caches of locales stay bounded whatever is asked for.
@Suite("locale tags")
struct LocaleTagTests {
  @Test(
    "well-formed tags are served as language, script and region",
    arguments: [
      ("ar", "ar"), ("AR_eg", "ar-EG"), ("zh-hant-tw", "zh-Hant-TW"), ("es-419", "es-419"),
      ("ar-u-nu-arab", "ar"), ("th-TH-u-nu-thai", "th-TH"), ("hi-u-nu-deva", "hi"), ("de-DE-1996", "de-DE"),
      ("en-x-test", "en"), ("sl-rozaj-biske", "sl"), ("en-a-bbb-x-a-ccc", "en"),
    ])
  func served(_ text: String, _ canonical: String) {
    #expect(LocaleChain.canonical(text) == canonical)
    #expect(LocaleChain.problem(with: text) == nil)
  }

  @Test(
    "texts that are not tags are refused",
    arguments: [
      "é", "€", "中", "\u{FF}", "", "a", "abcd", "en-", "-en", "en--US", "en-u", "en-x", "en-u-nu-", "en US", "en/US",
      "ar-EG-u-toolongsubtag", String(repeating: "en-", count: 30) + "en", "e\u{301}n", "en\0",
    ])
  func refused(_ text: String) {
    #expect(LocaleChain.canonical(text) == nil)
    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
    #expect(
      LocaleChain.problem(with: text)
        == "'\(shown)' is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"
    )
  }

  @Test("the texts that stopped the server get a formatter, not a crash")
  func formatters() {
    for text in ["é", "€", "中", "%FF", "ar-u-nu-arab", "th-TH-u-nu-thai", "hi-u-nu-deva"] {
      let locale = TextLocale.named(text)
      #expect(locale.format(.int(12)).isEmpty == false)
    }
    #expect(TextLocale.named("ar-u-nu-arab").identifier == "ar")
    #expect(TextLocale.named("é").identifier == "und")
  }

  @Test("Engine.check refuses a locale that is not a tag with bad-value; Accept-Language passes over such tags")
  func engineRefuses() throws {
    let engine = try UserStateTests.engine()
    #expect(
      throws: EngineError(
        .badValue,
        "'é' is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"
      )
    ) {
      try engine.check(user: nil, start: nil, on: Fixture.day("2026-01-01"), records: [], state: nil, locale: "é")
    }
    #expect(LocaleChain.accepted("é, 中;q=0.9, ar-EG;q=0.8, en;q=0.1") == ["ar-EG", "en"])
  }

  @Test("the caches of locales keep the most recent ones, whatever is asked for")
  func bounded() throws {
    let engine = try UserStateTests.engine()
    for index in 0..<1_000 {
      let region = String(format: "%03d", index)
      _ = engine.localizer(for: "ar-\(region)")
      _ = TextLocale.named("en-\(region)")
    }
    #expect(engine.localizers.count <= 32)
    #expect(TextLocale.cache.count <= 64)
    // The recently used stay: asked again, the same localizer.
    #expect(engine.localizer(for: "ar-999").locale == "ar-999")
  }
}
