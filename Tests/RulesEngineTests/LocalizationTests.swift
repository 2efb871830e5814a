import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

/// Translated catalogs (issue 16): plural templates, locale digits, locale files and their
/// fallback, the Swift API's `locale:`, and exports that carry every language.
@Suite("translations and plurals")
struct LocalizationTests {
  static func render(_ text: String, _ values: [String: Value], _ locale: String) -> String {
    let (template, errors) = Template.parse(text)
    #expect(errors.isEmpty, "\(errors)")
    return template.render(values, in: TextLocale.named(locale))
  }

  static func errors(_ text: String) -> [String] {
    Template.parse(text).1.map { "\($0.offset): \($0.message)" }
  }

  @Test("an English plural: =0 first, then one and other; # is the number")
  func englishPlural() {
    let text = "{n, plural, =0 {no habits} one {# habit} other {# habits}} today"
    #expect(Self.render(text, ["n": .int(0)], "en") == "no habits today")
    #expect(Self.render(text, ["n": .int(1)], "en") == "1 habit today")
    #expect(Self.render(text, ["n": .int(2)], "en") == "2 habits today")
    #expect(Self.render(text, ["n": .int(1000)], "en") == "1000 habits today")
  }

  @Test("Arabic takes six forms: 0 zero, 1 one, 2 two, 3-10 few, 11-99 many, 100 other")
  func arabicPlural() {
    let text = "{n, plural, zero {Z#} one {O#} two {T#} few {F#} many {M#} other {X#}}"
    let expected = [0: "Z0", 1: "O1", 2: "T2", 3: "F3", 10: "F10", 11: "M11", 99: "M99", 100: "X100", 102: "X102"]
    for (n, text2) in expected {
      #expect(Self.render(text, ["n": .int(n)], "ar") == text2, "\(n)")
    }
  }

  @Test("numbers in the locale's digits: Latin for ar and ar-MA, Arabic-Indic for ar-EG and ar-SA")
  func digits() {
    let text = "{n} / {x} / {n, plural, one {#} other {#}}"
    let values: [String: Value] = ["n": .int(-1234), "x": .number(2.5)]
    #expect(Self.render(text, values, "en") == "-1234 / 2.5 / -1234")
    // ICU's minus sign for Arabic starts with a left-to-right mark.
    #expect(Self.render(text, values, "ar") == "\u{200E}-1234 / 2.5 / \u{200E}-1234")
    #expect(Self.render(text, values, "ar-MA") == "\u{200E}-1234 / 2,5 / \u{200E}-1234")
    #expect(Self.render("{n}", ["n": .int(1234)], "ar-EG") == "١٢٣٤")
    #expect(Self.render("{x}", ["x": .number(12.5)], "ar-SA") == "١٢٫٥")
    #expect(Self.render("{n}", ["n": .int(3)], "fa") == "۳")
    #expect(Self.render("{b} {s}", ["b": .bool(true), "s": .string("7")], "ar-EG") == "true 7")
  }

  @Test("a plural's mistakes, each by its exact message and offset")
  func pluralErrors() {
    #expect(
      Self.errors("{n, plural, one {# day}}") == ["0: this plural has no 'other' form, which it needs"])
    #expect(
      Self.errors("{n, plural, dozen {#} other {#}}") == [
        "12: 'dozen' is not a plural category; use zero, one, two, few, many, other or =N (an exact number)"
      ])
    #expect(
      Self.errors("{n, plural, one # other {#}}") == [
        "12: the plural form 'one' needs its text in braces, e.g. 'one {# days}'"
      ])
    #expect(Self.errors("{n, plural, one {#} one {#} other {#}}") == ["20: this plural has two 'one' forms"])
    #expect(Self.errors("{n, plural, one {#} other {#}") == ["0: this plural has no closing '}'"])
    // A comma that is not `, plural,` is an expression's, as before.
    #expect(Self.errors("{max(a, b)}").isEmpty)
    #expect(Template.parse("{n, plural, other {# {m}}}").0.arguments.map(\.key) == ["n", "m"])
  }

  @Test("locale tags: normalized, the fallback chain, Accept-Language by q")
  func chains() {
    #expect(LocaleChain.normalize("ar_eg") == "ar-EG")
    #expect(LocaleChain.normalize("ZH-hant-tw") == "zh-Hant-TW")
    #expect(LocaleChain.chain("ar-EG", defaultLocale: "en") == ["ar-EG", "ar", "en"])
    #expect(LocaleChain.chain("en-GB", defaultLocale: "en") == ["en-GB", "en"])
    #expect(LocaleChain.accepted("fr;q=0.5, ar-EG, ar;q=0.9, *, de;q=0") == ["ar-EG", "ar", "fr"])
  }

  static let catalog = """
    catalog: demo
    default_locale: en
    name: Demo
    inputs: {done: {type: int, min: 0}}
    streaks: {streak: {counts: done > 0}}
    badges:
      - {id: first, name: First, description: One day done, when: streak.current >= 1}
    quotes:
      list: [{id: q1, text: Patience, source: Proverb}]
    messages:
      - id: going
        title: Going
        text: "{done, plural, one {# habit} other {# habits}} done"
        action: Continue
    """

  static let files = [
    "locales/ar/catalog.yaml": """
    name: تجربة
    badges:
      first: {name: الأول, description: يوم واحد منجز}
    quotes:
      q1: {text: الصبر, source: مثل}
    messages:
      going:
        title: مستمر
        text: "{done, plural, zero {لا شيء} one {عادة واحدة} two {عادتان} few {\\u200F# عادات} many {\\u200F# عادة} other {\\u200F# عادة}}"
        action: تابع
    """,
    "locales/ar-EG/catalog.yaml": """
    messages:
      going: {title: ماشي}
    """,
  ]

  static func engine() throws -> Engine {
    Engine(try Fixture.catalog(catalog, modules: files))
  }

  static func check(_ engine: Engine, done: Int, locale: String?) throws -> Evaluation {
    let day = try CalendarDay("2026-03-01")
    let record = try DayRecord(date: day, values: ["done": .int(done)], for: engine)
    return try engine.check(user: "u", start: nil, on: day, records: [record], state: nil, locale: locale)
      .evaluation
  }

  @Test("the API writes every text in the locale asked for, falling back ar-EG → ar → en")
  func fallback() throws {
    let engine = try Self.engine()
    #expect(engine.locales == ["en", "ar", "ar-EG"])
    let english = try Self.check(engine, done: 3, locale: nil)
    #expect(english.message?.title == "Going")
    #expect(english.message?.text == "3 habits done")
    #expect(english.badges.unlocked.first?.display.name == "First")
    #expect(try Self.check(engine, done: 3, locale: "en") == english)

    let arabic = try Self.check(engine, done: 3, locale: "ar")
    #expect(arabic.message?.title == "مستمر")
    #expect(arabic.message?.text == "\u{200F}3 عادات")
    #expect(arabic.message?.action == "تابع")
    #expect(arabic.badges.unlocked.first?.display.name == "الأول")
    #expect(arabic.badges.unlocked.first?.display.description == "يوم واحد منجز")
    #expect(arabic.quote?.text == "الصبر")
    #expect(arabic.quote?.source == "مثل")
    #expect(try Self.check(engine, done: 11, locale: "ar").message?.text == "\u{200F}11 عادة")
    #expect(try Self.check(engine, done: 2, locale: "ar").message?.text == "عادتان")

    // ar-EG has its own title; the rest comes from ar, with Egyptian (Arabic-Indic) digits.
    let egyptian = try Self.check(engine, done: 3, locale: "ar_EG")
    #expect(egyptian.message?.title == "ماشي")
    #expect(egyptian.message?.text == "\u{200F}٣ عادات")
    #expect(egyptian.badges.unlocked.first?.display.name == "الأول")

    // A language the catalog does not have is the default's, in that language's digits.
    let french = try Self.check(engine, done: 1, locale: "fr")
    #expect(french.message?.text == "1 habit done")
    #expect(french.badges.unlocked.first?.display.name == "First")
  }

  @Test("replay takes the locale too; the state does not depend on it")
  func replayAndState() throws {
    let engine = try Self.engine()
    let day = try CalendarDay("2026-03-01")
    let records = [try DayRecord(date: day, values: ["done": .int(1)], for: engine)]
    let days = try engine.replay(user: nil, start: nil, records: records, from: nil, to: day + 1, locale: "ar")
    #expect(days.map { $0.message?.text } == ["عادة واحدة", "لا شيء"])
    let first = try engine.check(user: "u", start: nil, on: day, records: records, state: nil, locale: "ar")
    let second = try engine.check(user: "u", start: nil, on: day, records: records, state: nil)
    #expect(try first.state.json() == second.state.json())
  }

  @Test("an export carries every language, and an engine made from it writes them the same")
  func exportRoundTrip() throws {
    let checked = try Fixture.catalog(Self.catalog, modules: Self.files)
    let json = CatalogExport.json(checked).serialized()
    #expect(json.contains("\"default_locale\": \"en\""))
    let exported = try Engine(exportedCatalog: Data(json.utf8))
    #expect(exported.locales == ["en", "ar", "ar-EG"])
    let yaml = Engine(checked)
    for locale in ["ar", "ar-EG", "en"] {
      for done in [0, 1, 2, 3, 11, 100] {
        #expect(try Self.check(exported, done: done, locale: locale) == Self.check(yaml, done: done, locale: locale))
      }
    }
    // Exporting the export gives the same text.
    let again = try #require(ExportedCatalog.validate(Data(json.utf8), path: "catalog.json").validated)
    #expect(CatalogExport.json(again).serialized() == json)
  }

  @Test("a locale file's shape problems, each at its place with its exact message")
  func localeFileShape() {
    let diagnostics = Fixture.diagnostics(
      Self.catalog,
      modules: [
        "locales/ar/catalog.yaml": """
        catalog: other
        badgs: {}
        badges:
          first: {nmae: x, name: [a]}
          going: text
        messages:
          going: {text: [{a: b}]}
        """
      ])
    #expect(
      diagnostics
        == [
          "locales/ar/catalog.yaml:1:1: warning: the locale 'ar' leaves 8 texts in the default language (en): name, badges.first.name, badges.first.description, quotes.q1.text, quotes.q1.source, messages.going.title, messages.going.text, messages.going.action",
          "locales/ar/catalog.yaml:1:10: error: this locale file is for the catalog 'other', but it is next to the catalog 'demo'",
          "locales/ar/catalog.yaml:2:1: error: 'badgs' is not a key of a locale file (catalog, name, description, streaks, metrics, groups, badges, milestones, quotes, messages); did you mean 'badges'?",
          "locales/ar/catalog.yaml:4:11: error: 'nmae' is not a text of a badge (name, description); did you mean 'name'?",
          "locales/ar/catalog.yaml:4:26: error: a translation is a text; badges.first.name is a list",
          "locales/ar/catalog.yaml:5:10: error: the badge 'going' holds its texts by field (name, description); this is a string",
          "locales/ar/catalog.yaml:7:18: error: a translation is a text; messages.going.text[0] is a mapping",
        ])
  }

  @Test("the other translation diagnostics, each by its exact message")
  func otherDiagnostics() {
    let catalog = """
      catalog: demo
      inputs: {done: {type: int}}
      messages:
        - id: one
          when: done > 0
          text: "{done} done"
        - id: two
          text:
            - {when: done > 1, text: Many}
            - text: Few
      """
    let diagnostics = Fixture.diagnostics(
      catalog,
      modules: [
        "locales/ar/catalog.yaml": """
        messages:
          one: {text: [أنجزت, لا]}
          two: {text: كثير}
        """,
        "locales/fr/catalog.yaml": """
        messages:
          one: {text: fait}
          two: {text: [Beaucoup, Peu, Trop]}
        """,
        "locales/he/catalog.yaml": """
        messages:
          one: {text: "{done, plural, one {# בוצע} other {# בוצעו}}"}
          two: {text: ["\\u200F2 רבים", מעט]}
        """,
      ])
    #expect(
      diagnostics == [
        "locales/ar/catalog.yaml:1:1: warning: the locale 'ar' leaves 3 texts in the default language (en): messages.one.text, messages.two.text[0], messages.two.text[1]",
        "locales/ar/catalog.yaml:2:16: error: the message 'one' has one text; translate it as one text, not a list",
        "locales/ar/catalog.yaml:2:23: error: the message 'one' has one text; translate it as one text, not a list",
        "locales/ar/catalog.yaml:3:15: error: the message 'two' has several wordings; translate its text as a list of them, in order",
        "locales/fr/catalog.yaml:2:15: error: this translation's placeholders (none) differ from the default language's ({done}); a translation uses the same ones",
        "locales/fr/catalog.yaml:3:31: error: the message 'two' has no wording 3 to translate (it has 2)",
        "locales/he/catalog.yaml:2:15: warning: this right-to-left text has the number sign # without a direction mark before it; write \\u200F (RLM) or \\u061C (ALM) right before it, or isolate it in \\u2068...\\u2069",
      ])
    #expect(
      Self.errors(String(repeating: "{n, plural, other {", count: 9) + String(repeating: "}}", count: 9)).first
        == "152: plurals nest deeper than 8 here")
    #expect(
      Self.errors("{n, plural, {x} other {#}}") == [
        "12: '' is not a plural category; use zero, one, two, few, many, other or =N (an exact number)"
      ])
  }

  @Test("the shipped Arabic catalogs are complete: rules check finds nothing in them")
  func shippedCatalogs() throws {
    for name in ["rizq", "salahstreak"] {
      let result = Fixture.validateShipped(name)
      #expect(result.diagnostics.map(\.description) == [], "\(name)")
      let checked = try #require(result.validated)
      #expect(checked.catalog.translations.locales == ["ar"])
      #expect(checked.catalog.texts.count == checked.catalog.translations.languages["ar"]!.texts.count)
    }
  }
}
