import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A language to write text in: its plural rules (CLDR's) and its digits. Numbers are written
/// as `NumberFormat.short` writes them (no grouping), with the digits and decimal separator of
/// the locale's default numbering system as Foundation's ICU gives it: Arabic-Indic for
/// `ar-EG` or `ar-SA`, Latin for `ar` (CLDR's default for Arabic), `ar-MA` and `en`.
package struct TextLocale: Sendable, Equatable {
  /// The BCP 47 identifier, as normalized by `LocaleChain` (`ar-EG`).
  package let identifier: String
  /// The plural rules of the language.
  package let plurals: PluralRules
  /// The locale's digit zero; the others follow it.
  let zero: Unicode.Scalar
  /// The locale's decimal separator.
  let decimalSeparator: String
  /// The locale's minus sign.
  let minusSign: String

  /// The locale `identifier` (`ar`, `ar-EG`, `ar_EG`) as `LocaleChain.canonical` gives it; a
  /// text that is not a locale is written as the root locale writes (`und`: Latin digits,
  /// plural `other`). Foundation is asked once per locale while it is among the last ones used.
  package static func named(_ identifier: String) -> TextLocale {
    let canonical = LocaleChain.canonical(identifier) ?? "und"
    return cache.value(canonical) { TextLocale(canonical) }
  }

  /// The locales made, the most recent kept.
  static let cache = BoundedCache<String, TextLocale>(capacity: 64)

  private init(_ identifier: String) {
    self.identifier = identifier
    plurals = PluralRules(locale: identifier)
    let formatter = NumberFormatter()
    formatter.locale = Locale(identifier: identifier)
    formatter.numberStyle = .decimal
    formatter.usesGroupingSeparator = false
    let written = formatter.string(from: 0) ?? "0"
    zero = written.unicodeScalars.first { $0.properties.numericType == .decimal } ?? "0"
    decimalSeparator = formatter.decimalSeparator ?? "."
    // ICU's minus for Arabic carries direction marks; the digits are what the locale asks for.
    minusSign = formatter.minusSign ?? "-"
  }

  /// Whether the language is written right to left (Arabic, Hebrew, Persian, Urdu...).
  package var isRightToLeft: Bool {
    Locale.Language(identifier: identifier).characterDirection == .rightToLeft
  }

  /// `value` as the locale writes it: numbers in its digits, other values as they are.
  package func format(_ value: Value) -> String {
    switch value {
    case .int, .number: digits(value.description)
    default: value.description
    }
  }

  /// `text` (ASCII digits, `.`, `-`) in the locale's digits, decimal separator and minus sign.
  func digits(_ text: String) -> String {
    if zero == "0" && decimalSeparator == "." && minusSign == "-" { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "0"..."9": out.unicodeScalars.append(Unicode.Scalar(zero.value + scalar.value - 48)!)
      case ".": out += decimalSeparator
      case "-": out += minusSign
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The plural category of `value` in this language (`other` for what is not a number).
  package func category(of value: Value) -> PluralCategory {
    switch value {
    case .int(let int): plurals.category(for: int)
    case .number(let number):
      PluralOperands(decimal: NumberFormat.short(number)).map { plurals.category(for: $0) } ?? .other
    default: .other
    }
  }

  /// The categories the language uses, found by asking its rules about the integers 0 to 1000,
  /// a million and a few decimals (every category CLDR gives a language shows in these).
  package var categoriesUsed: Set<PluralCategory> {
    var used = Set<PluralCategory>()
    for n in 0...1000 { used.insert(plurals.category(for: n)) }
    for n in [1_000_000, 2_000_000] { used.insert(plurals.category(for: n)) }
    for text in ["0.0", "0.1", "0.5", "1.0", "1.5", "2.5", "1.25", "10.0", "1000000.0"] {
      if let operands = PluralOperands(decimal: text) { used.insert(plurals.category(for: operands)) }
    }
    return used
  }
}
