import Foundation

/// How a requested locale falls back: `ar-EG` → `ar` → the catalog's default locale, the
/// first of these the catalog has texts in being used for each text.
public enum LocaleChain {
  /// `identifier` in BCP 47's usual case: `ar_eg` and `AR-EG` become `ar-EG`, `zh-hant-tw`
  /// `zh-Hant-TW`.
  public static func normalize(_ identifier: String) -> String {
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
  public static func chain(_ requested: String, defaultLocale: String) -> [String] {
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
  public static func accepted(_ header: String) -> [String] {
    var ranked: [(locale: String, q: Double, index: Int)] = []
    for (index, item) in header.split(separator: ",").enumerated() {
      let fields = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let tag = fields.first, !tag.isEmpty, tag != "*" else { continue }
      var q = 1.0
      for field in fields.dropFirst() where field.hasPrefix("q=") {
        q = Double(field.dropFirst(2)) ?? 0
      }
      if q > 0 { ranked.append((normalize(tag), q, index)) }
    }
    return ranked.sorted { ($0.q, -$0.index) > ($1.q, -$1.index) }.map(\.locale)
  }
}
