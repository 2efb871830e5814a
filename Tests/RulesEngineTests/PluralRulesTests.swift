import Foundation
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// CLDR's plural rules, generated from CLDR's data: each category of each language the seed
/// apps' users read, and every language held to ICU's rules where ICU is there to ask.
@Suite("plural rules")
struct PluralRulesTests {
  /// Numbers of each category, as CLDR's own samples give them.
  @Test(
    "every category of every listed language",
    arguments: [
      ("en", [PluralCategory.one: [1], .other: [0, 2, 3, 11, 100]]),
      (
        "ar",
        [
          .zero: [0], .one: [1], .two: [2], .few: [3, 10, 103, 110], .many: [11, 26, 99, 111], .other: [100, 101, 102],
        ]
      ),
      ("fr", [.one: [0, 1], .many: [1_000_000, 2_000_000], .other: [2, 11, 100, 1_000_001]]),
      ("tr", [.one: [1], .other: [0, 2, 3, 11, 100]]),
      ("ur", [.one: [1], .other: [0, 2, 3, 11, 100]]),
      ("id", [.other: [0, 1, 2, 3, 11, 100]]),
      ("ms", [.other: [0, 1, 2, 3, 11, 100]]),
    ])
  func categories(locale: String, expected: [PluralCategory: [Int]]) {
    let rules = PluralRules(locale: locale)
    #expect(rules.locale == locale)
    for (category, numbers) in expected {
      for number in numbers {
        #expect(rules.category(for: number) == category, "\(locale) \(number)")
      }
    }
  }

  @Test("decimals follow their visible digits")
  func decimals() throws {
    let english = PluralRules(locale: "en")
    // "1 habit" but "1.0 habits": English's `one` needs no visible fraction digits.
    #expect(english.category(for: try #require(PluralOperands(decimal: "1"))) == .one)
    #expect(english.category(for: try #require(PluralOperands(decimal: "1.0"))) == .other)
    let french = PluralRules(locale: "fr")
    #expect(french.category(for: try #require(PluralOperands(decimal: "1.5"))) == .one)
    #expect(french.category(for: try #require(PluralOperands(decimal: "2.5"))) == .other)
    let operands = try #require(PluralOperands(decimal: "-12.340"))
    #expect(
      [operands.i, operands.v, operands.w, operands.f, operands.t, operands.e] == [12, 3, 2, 340, 34, 0]
        && operands.n == 12.34)
    #expect(PluralOperands(decimal: "1.") == nil)
    #expect(PluralOperands(decimal: "1e3") == nil)
    #expect(PluralOperands(decimal: "") == nil)
  }

  @Test("a region falls back to its language; an unknown language is always other")
  func fallback() {
    #expect(PluralRules(locale: "ar-EG").locale == "ar")
    #expect(PluralRules(locale: "ar_SA").category(for: 2) == .two)
    #expect(PluralRules(locale: "pt-PT").locale == "pt_PT")
    // Portuguese (Brazil) says "0 dias" in the singular form; Portugal does not.
    #expect(PluralRules(locale: "pt-BR").category(for: 0) == .one)
    #expect(PluralRules(locale: "pt-PT").category(for: 0) == .other)
    #expect(PluralRules(locale: "EN").locale == "en")
    #expect(PluralRules(locale: "xx").locale == nil)
    #expect(PluralRules(locale: "xx").category(for: 1) == .other)
    #expect(!PluralRules.knows("tlh"))
  }

  #if os(Linux)
    /// ICU, which Foundation carries on Linux, asked through its C functions (looked up at run
    /// time: the engine itself never links ICU).
    struct ICU {
      typealias Open = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<Int32>) -> OpaquePointer?
      typealias Select =
        @convention(c) (
          OpaquePointer?, Double, UnsafeMutablePointer<UInt16>, Int32, UnsafeMutablePointer<Int32>
        ) -> Int32
      let open: Open
      let select: Select

      init?() {
        guard let library = dlopen("lib_FoundationICU.so", RTLD_NOW),
          let open = dlsym(library, "swift_uplrules_open"), let select = dlsym(library, "swift_uplrules_select")
        else { return nil }
        self.open = unsafeBitCast(open, to: Open.self)
        self.select = unsafeBitCast(select, to: Select.self)
      }

      /// The rules of `locale`, or nil when ICU has none.
      func rules(_ locale: String) -> OpaquePointer? {
        var status: Int32 = 0
        guard let rules = open(locale, &status), status <= 0 else { return nil }
        return rules
      }

      func category(_ rules: OpaquePointer, _ number: Double) -> String {
        var status: Int32 = 0
        var buffer = [UInt16](repeating: 0, count: 16)
        let length = select(rules, number, &buffer, 16, &status)
        return String(decoding: buffer[..<Int(length)], as: UTF16.self)
      }
    }

    /// Locales where ICU here is known to differ, and why: Haitian Creole got its rules in a
    /// CLDR newer than this ICU's; ICU finds a locale's plural rules by cutting its id (pt_AO
    /// gets pt's rules) where CLDR's parent locales make pt_AO, pt_CH... children of pt_PT.
    static let knownDifferences: Set<String> = [
      "ht", "pt_AO", "pt_CH", "pt_CV", "pt_GQ", "pt_GW", "pt_LU", "pt_MO", "pt_MZ", "pt_ST", "pt_TL",
    ]

    @Test("every language's rules agree with ICU's")
    func agreesWithICU() throws {
      let icu = try #require(ICU(), "ICU's plural rules are not loadable")
      var numbers = (0...300).map(Double.init) + [1_000, 1_001, 1_100]
      numbers += [10_000, 100_000, 1_000_000, 2_000_000, 10_000_000, 1_000_001]
      numbers += [0.5, 1.5, 2.5, 3.25, 10.1, 11.2, 100.7]
      var differences: [String] = []
      for locale in PluralRules.ruleSets.keys.sorted() where !Self.knownDifferences.contains(locale) {
        let rules = PluralRules(locale: locale)
        guard let theirRules = icu.rules(locale) else { continue }
        for number in numbers {
          let text = number.rounded() == number ? String(Int(number)) : String(number)
          let ours = rules.category(for: try #require(PluralOperands(decimal: text))).rawValue
          let theirs = icu.category(theirRules, number)
          if ours != theirs { differences.append("\(locale) \(text): \(ours), ICU \(theirs)") }
        }
      }
      #expect(differences.isEmpty, "\(differences.prefix(40).joined(separator: "\n"))")
    }
  #endif
}
