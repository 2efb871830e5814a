import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// How a requested locale falls back: `ar-EG` → `ar` → the catalog's default locale, the
/// first of these the catalog has texts in being used for each text.
package enum LocaleChain {
  /// The longest locale text looked at: a BCP 47 tag of language, script, region, variants
  /// and extensions fits in it many times over.
  package static let maxLength = 64

  /// `text` as a locale the engine serves, or nil when it is not a BCP 47 language tag: the
  /// language (2 or 3 ASCII letters), its script (4 letters) and region (2 letters or 3
  /// digits), in BCP 47's usual case (`AR_eg` → `ar-EG`). Variants, extensions and private use
  /// (`ar-u-nu-arab`, `en-x-test`) are well-formed and left out: digits follow the language and
  /// region, plurals the language. Only this identifier reaches Foundation's formatters, whose
  /// ICU stops the process on some texts that are not locales.
  package static func canonical(_ text: String) -> String? {
    guard !text.isEmpty, text.utf8.count <= maxLength, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    let subtags = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    func letters(_ subtag: Substring) -> Bool { subtag.allSatisfy { $0.isASCII && $0.isLetter } }
    func digits(_ subtag: Substring) -> Bool { subtag.allSatisfy { $0.isASCII && $0.isNumber } }
    func alphanumerics(_ subtag: Substring) -> Bool {
      subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
    guard let language = subtags.first, (2...3).contains(language.count), letters(language) else { return nil }
    var kept = [language.lowercased()]
    var index = 1
    if index < subtags.count, subtags[index].count == 4, letters(subtags[index]) {
      kept.append(subtags[index].prefix(1).uppercased() + subtags[index].dropFirst().lowercased())
      index += 1
    }
    if index < subtags.count,
      (subtags[index].count == 2 && letters(subtags[index])) || (subtags[index].count == 3 && digits(subtags[index]))
    {
      kept.append(subtags[index].uppercased())
      index += 1
    }
    // Variants: 5 to 8 letters or digits, or a digit and 3 more.
    while index < subtags.count, alphanumerics(subtags[index]),
      (5...8).contains(subtags[index].count) || (subtags[index].count == 4 && digits(subtags[index].prefix(1)))
    {
      index += 1
    }
    // Extensions (a singleton, then subtags of 2 to 8) and private use (x, then subtags of 1 to 8).
    while index < subtags.count {
      let singleton = subtags[index]
      guard singleton.count == 1, alphanumerics(singleton) else { return nil }
      index += 1
      let shortest = singleton.lowercased() == "x" ? 1 : 2
      let first = index
      while index < subtags.count, (shortest...8).contains(subtags[index].count), alphanumerics(subtags[index]) {
        index += 1
      }
      guard index > first else { return nil }
    }
    guard index == subtags.count else { return nil }
    return kept.joined(separator: "-")
  }

  /// Why `text` is not a locale, for messages; nil when it is one.
  package static func problem(with text: String) -> String? {
    guard canonical(text) == nil else { return nil }
    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
    return
      "'\(shown)' is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"
  }

  /// `identifier` in BCP 47's usual case: `ar_eg` and `AR-EG` become `ar-EG`, `zh-hant-tw`
  /// `zh-Hant-TW`.
  package static func normalize(_ identifier: String) -> String {
    let subtags = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" })
    return subtags.enumerated().map { index, subtag in
      if index == 0 { return subtag.lowercased() }
      if subtag.count == 2 { return subtag.uppercased() }
      if subtag.count == 4 { return subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased() }
      return subtag.lowercased()
    }.joined(separator: "-")
  }

  /// The locales to try, in order, for `requested` in a catalog whose default is `defaultLocale`:
  /// `requested`, then each shorter prefix of it, then the default (each once).
  package static func chain(_ requested: String, defaultLocale: String) -> [String] {
    var result: [String] = []
    var subtags = normalize(requested).split(separator: "-").map(String.init)
    while !subtags.isEmpty {
      let candidate = subtags.joined(separator: "-")
      if !result.contains(candidate) { result.append(candidate) }
      subtags.removeLast()
    }
    let fallback = normalize(defaultLocale)
    if !result.contains(fallback) { result.append(fallback) }
    return result
  }

  /// The locales of an HTTP `Accept-Language` header, most preferred first (by `q`, then by
  /// order; `*` and `q=0` left out).
  package static func accepted(_ header: String) -> [String] {
    var ranked: [(locale: String, q: Double, index: Int)] = []
    for (index, item) in header.split(separator: ",").enumerated() {
      let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
      var q = 1.0
      for field in fields.dropFirst() where field.hasPrefix("q=") {
        q = Double(field.dropFirst(2)) ?? 0
      }
      // A tag that is not a locale is passed over, as one the server does not know would be.
      if q > 0, let locale = canonical(tag) { ranked.append((locale, q, index)) }
    }
    return ranked.sorted { ($0.q, -$0.index) > ($1.q, -$1.index) }.map(\.locale)
  }
}
