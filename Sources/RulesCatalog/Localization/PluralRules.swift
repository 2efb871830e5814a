@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The operands CLDR's plural rules read off a number as it is written.
///
/// `n` is the absolute value, `i` its integer digits, `v` the count of visible fraction digits
/// (with trailing zeros), `w` the same without trailing zeros, `f` and `t` those digits as a
/// number (with and without trailing zeros), `e` the exponent of compact notation (0 here).
package struct PluralOperands: Sendable, Equatable {
  /// The absolute value.
  package var n: Double
  /// Its integer digits.
  package var i: Int
  /// How many fraction digits are visible, trailing zeros included.
  package var v: Int
  /// How many fraction digits are visible, without trailing zeros.
  package var w: Int
  /// The visible fraction digits as a number, trailing zeros included.
  package var f: Int
  /// The visible fraction digits as a number, without trailing zeros.
  package var t: Int
  /// The exponent of compact notation (0 here).
  package var e: Int

  /// The operands of a whole number.
  package init(_ value: Int) {
    let magnitude = value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude)
    n = Double(magnitude)
    i = magnitude
    v = 0
    w = 0
    f = 0
    t = 0
    e = 0
  }

  /// The operands of a decimal as written (`"1.50"` has two visible fraction digits), or nil
  /// when `text` is not a plain decimal (`-`, digits, an optional `.` and digits).
  package init?(decimal text: String) {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let integer = parts.first, !integer.isEmpty, integer.allSatisfy(\.isASCIIDigit) else {
      return nil
    }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard fraction.allSatisfy(\.isASCIIDigit), parts.count == 1 || !fraction.isEmpty else { return nil }
    // Digits past 18 cannot change a rule (they are compared modulo at most 10^6).
    i = Int(integer.suffix(18)) ?? 0
    let visible = fraction.prefix(18)
    let trimmed = visible.reversed().drop { $0 == "0" }.reversed()
    v = visible.count
    w = trimmed.count
    f = Int(visible) ?? 0
    t = Int(String(trimmed)) ?? 0
    e = 0
    n = Double(String(digits)) ?? Double(i)
  }
}

/// CLDR's plural rules for a language: which `PluralCategory` a number takes.
///
/// The rules are CLDR's own, generated into `PluralRules+RuleSets.swift` and
/// `PluralRules+Categories.swift` by `scripts/generate-plural-rules.py`; a test holds them to
/// ICU's where ICU is available.
package struct PluralRules: Sendable, Equatable {
  /// The CLDR locale whose rules these are (`ar`, `pt_PT`), or nil for a language CLDR has
  /// no rules for (every number is then `other`).
  package let locale: String?
  private let ruleSet: Int?

  /// The rules of `identifier` (a BCP 47 tag such as `ar-EG`, or `ar_EG`), falling back from
  /// the region to the language: `ar-EG` takes Arabic's rules.
  package init(locale identifier: String) {
    var candidate = identifier.replacingOccurrences(of: "-", with: "_")
    while true {
      if let ruleSet = Self.ruleSets[candidate] {
        self.locale = candidate
        self.ruleSet = ruleSet
        return
      }
      guard let separator = candidate.lastIndex(of: "_") else { break }
      candidate = String(candidate[..<separator])
    }
    let lowercased = candidate.lowercased()
    locale = Self.ruleSets[lowercased] == nil ? nil : lowercased
    ruleSet = Self.ruleSets[lowercased]
  }

  /// Whether CLDR has rules for `identifier` or for its language.
  package static func knows(_ identifier: String) -> Bool {
    PluralRules(locale: identifier).locale != nil
  }

  /// The category of a whole number.
  package func category(for value: Int) -> PluralCategory {
    category(for: PluralOperands(value))
  }

  /// The category of a number with the operands `operands`.
  package func category(for operands: PluralOperands) -> PluralCategory {
    guard let ruleSet else { return .other }
    return Self.category(ruleSet: ruleSet, operands)
  }

  /// Whether `value` is a whole number in `range` (CLDR's `n in a..b` holds for integers only).
  static func integer(_ value: Double, in range: ClosedRange<Int>) -> Bool {
    value.rounded(.towardZero) == value && value >= Double(range.lowerBound) && value <= Double(range.upperBound)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
