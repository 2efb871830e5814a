@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

/// Inputs the fuzzer (Fuzz/) found crashing or hanging the engine, each now a located error.
@Suite("fuzz findings")
struct FuzzRegressionTests {
  /// A catalog whose badge criterion is `terms` times `steps`, added up, compared with 0.
  private func sum(of terms: Int) -> String {
    """
    catalog: demo
    inputs: {steps: {type: int}}
    badges:
      - id: b
        name: B
        when: \(Array(repeating: "steps", count: terms).joined(separator: " + ")) > 0
    """
  }

  @Test("a long chain of operators is an error at the operator too deep, not a stack overflow")
  func longChain() {
    // The 65th '+' is at column 11 + 6 + 64 * 8 (each "steps + " is 8 columns).
    let expected = [
      "6:529: error: the expression is more than 64 operators deep here (a + b + c is 2 deep); "
        + "split it into metrics"
    ]
    #expect(Fixture.diagnostics(sum(of: 1000)) == expected)
    #expect(Fixture.diagnostics(sum(of: 100_000)) == expected)
  }

  @Test("64 operators deep is still fine")
  func deepestChain() {
    // 63 '+' and the '>' above them.
    #expect(Fixture.diagnostics(sum(of: 64)) == [])
    // 64 '+' are fine on their own; the '>' after them (where the 65th '+' was above) is not.
    #expect(
      Fixture.diagnostics(sum(of: 65)) == [
        "6:529: error: the expression is more than 64 operators deep here (a + b + c is 2 deep); "
          + "split it into metrics"
      ])
  }

  @Test("days outside the years 1900 to 2199 are errors, so that no history takes minutes to count")
  func farDates() throws {
    let catalog = try Fixture.catalog("catalog: demo\ninputs: {done: {type: bool}}\n")
    let history = "start: 0001-01-01\ndays:\n  - {date: 9999-12-31}\n  - {date: 1899-12-31}\n"
    #expect(
      Fixture.historyDiagnostics(history, for: catalog) == [
        "1:8: 'start': 0001-01-01 is outside the years the engine handles (1900 to 2199)",
        "3:12: 'date': 9999-12-31 is outside the years the engine handles (1900 to 2199)",
        "4:12: 'date': 1899-12-31 is outside the years the engine handles (1900 to 2199)",
      ])
    #expect((try CalendarDay("1900-01-01")).description == "1900-01-01")
    #expect((try CalendarDay("2199-12-31")).description == "2199-12-31")
    #expect(throws: EngineError(.badDate, "2200-01-01 is outside the years the engine handles (1900 to 2199)")) {
      try CalendarDay("2200-01-01")
    }
    #expect(
      CalendarDay.problem(with: "2200-02-30") == "2200-02-30 is outside the years the engine handles (1900 to 2199)")
  }
}
