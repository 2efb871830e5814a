import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

@Suite("the constant-overflow rule's pre-filter")
struct OverflowRuleTests {
  @Test("parses again every expression where an operator stands between constants")
  func keepsConstantOperations() {
    for text in [
      "9223372036854775807 + 1", "(4611686018427387904) * 2", "4611686018427387904 *\t2",
      "-(0 - 9223372036854775807 - 1)", "x + (9223372036854775807 + 1)", "2 *\n-3",
    ] {
      #expect(OverflowRule.mayCombineConstants(text), "\(text)")
    }
  }

  @Test("leaves criteria without such an operator unparsed")
  func skipsOthers() {
    for text in [
      "streak.current >= 7 && total >= 30", "max(streak.best, perfect.best * 2) >= 12", "x + y", "-5 >= x",
      "practice >= 12.5 && day >= 3",
    ] {
      #expect(!OverflowRule.mayCombineConstants(text), "\(text)")
    }
  }

  @Test("still reports an overflow the pre-filter lets through, at the expression")
  func reports() {
    let diagnostics = Fixture.diagnostics(
      "catalog: demo\nmetrics:\n  huge: (4611686018427387904) * 2\n  fine: 4611686018427387904 * 1\n")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.hasPrefix("3:9: warning: ") == true, "\(diagnostics)")
  }
}
