@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

/// A catalog with one of each kind of name, and `expression` as a badge's criterion.
private func badgeCatalog(_ expression: String) -> String {
  """
  catalog: demo
  inputs:
    planned: {type: bool}
    steps: {type: int}
    minutes: {type: number}
    fajr: {type: enum, values: [pending, done, missed, qada]}
  streaks:
    training: {counts: planned}
  metrics:
    checkins: total(logged)
  badges:
    - id: b
      name: B
      when: \(expression)
  """
}

/// The diagnostics of a badge criterion, as `column: message` (the criterion is on line 14).
private func problems(_ expression: String) -> [String] {
  Fixture.validate(badgeCatalog(expression)).diagnostics.map { diagnostic in
    "\(diagnostic.line == 14 ? "" : "line \(diagnostic.line) ")\(diagnostic.column): \(diagnostic.message)"
  }
}

@Suite("the expression language")
struct ExpressionTests {
  @Test(
    "syntax errors point at their column",
    arguments: [
      ("steps >= ", "19: expected a value, a name or '(', found the end of the expression"),
      ("steps = 3", "17: '=' is not an operator; use '==' to compare"),
      ("planned & logged", "19: '&' is not an operator; did you mean '&&'?"),
      ("planned and logged", "19: 'and' is not an operator here; write '&&'"),
      ("(steps > 3", "21: expected ')', found the end of the expression"),
      ("steps > 3)", "20: expected an operator or the end of the expression, found ')'"),
      ("steps == 'open", "20: this string has no closing '"),
      ("2days > 1", "11: a name cannot start with a digit; '2days' is not a number"),
      ("steps @ 3", "17: unexpected character '@'"),
    ])
  func syntaxErrors(expression: String, expected: String) {
    #expect(problems(expression) == [expected])
  }

  @Test(
    "names, arity and types are checked with helpful messages",
    arguments: [
      ("stpes > 3", "11: unknown name 'stpes'; did you mean 'steps'?"),
      ("training > 3", "11: 'training' is a streak; write training.current, training.best or training.freezes"),
      ("training.curent > 3", "20: streak 'training' has no field 'curent'; did you mean 'current'?"),
      ("badges.total > 1", "18: badges has no field 'total'; it has count and xp"),
      ("steps.current > 1", "11: 'steps' is an input and has no fields; only streaks (and badges) have fields"),
      ("sum(steps) > 3", "11: unknown function 'sum'; did you mean 'total'?"),
      ("mni(steps, 3) > 1", "11: unknown function 'mni'; did you mean 'min'?"),
      ("min(steps) > 1", "11: min takes 2 to 64 arguments; found 1"),
      ("last(steps) > 1", "11: last takes 2 arguments (n, x); found 1"),
      (
        "last(steps, 3) > 1",
        "16: the window of last must be a whole number of days written as a number, e.g. last(7, x)"
      ),
      ("last(0, steps) > 1", "16: the window of last must be from 1 to 3660 days; found 0"),
      ("steps", "11: a badge's 'when' must be true or false; this expression is an integer"),
      (
        "planned && steps",
        "19: '&&' needs true or false on both sides; the right side is an integer (compare it, e.g. x > 0)"
      ),
      (
        "planned + 1 > 0",
        "19: '+' needs numbers; the left side is a boolean (count true values with count(...) or x ? 1 : 0)"
      ),
      ("fajr == \"dne\"", "19: 'dne' is not a value of fajr (pending, done, missed, qada); did you mean 'done'?"),
      ("fajr > 1", "16: '>' compares numbers; the left side is fajr (an enum)"),
      ("steps == \"3\"", "17: '==' cannot compare an integer with a string"),
      ("1 < steps < 3", "21: comparisons do not chain; write a < x && x < b instead of a < x < b"),
      (
        "'(planned ? 1 : \"x\") > 0'",
        "21: both branches of '?' must have the same type; they are an integer and a string"
      ),
      ("total(fajr) > 1", "17: total adds up numbers or counts the days something holds; this is fajr (an enum)"),
      ("count(steps) > 1", "17: count counts conditions; this argument is an integer, not true or false"),
      ("percent(steps) > 1", "11: percent takes 2 arguments (part, whole); found 1"),
      ("percent(steps, planned) > 1", "26: percent needs numbers; this argument is a boolean"),
    ])
  func typeErrors(expression: String, expected: String) {
    #expect(problems(expression) == [expected])
  }

  @Test("every error in one expression is reported")
  func collectsAll() {
    #expect(
      problems("stpes > 3 && fajr == \"dnoe\" && traning.current > 1") == [
        "11: unknown name 'stpes'; did you mean 'steps'?",
        "32: 'dnoe' is not a value of fajr (pending, done, missed, qada); did you mean 'done'?",
        "42: unknown name 'traning'; did you mean 'training.current'?",
      ])
  }

  @Test(
    "int and number mix as people expect",
    arguments: [
      "steps + minutes > 2.5", "steps / 2 >= 1.5", "minutes >= 3", "max(steps, minutes) < 10",
      "floor(minutes) == steps", "clamp(steps, 0, 10) == 10", "count(planned, logged) == 2",
      "fajr == \"done\" || \"qada\" == fajr", "'(planned ? \"a\" : \"b\") == \"a\"'",
      "last(7, minutes) > total(steps) * 0.5", "round(steps / 3) == 1 && ceil(0.2) == 1",
      "sqrt(pow(steps, 2)) == abs(-steps)", "percent(steps, minutes) <= 100.5",
    ])
  func numericMixing(expression: String) {
    #expect(problems(expression) == [])
  }

  @Test("percent(part, whole) is part as a percentage of whole, 0 when whole is 0, from constants too")
  func percent() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      inputs:
        done: {type: int}
        planned: {type: int}
        minutes: {type: number}
      metrics:
        ratio: percent(done, planned)
        part: percent(minutes, 8)
        folded: percent(1, 8)
        nothing: percent(3, 0)
      """)
    let history = try Fixture.history(
      "days:\n"
        + Fixture.days(
          from: "2026-01-01", ["done: 3, planned: 4, minutes: 2", "done: 1, planned: 0, minutes: -6"]),
      for: catalog)
    let days = try Fixture.evaluate(catalog, history, on: ["2026-01-01", "2026-01-02"])
    #expect(days.map { $0.metric("ratio") } == [.number(75), .number(0)])
    #expect(days.map { $0.metric("part") } == [.number(25), .number(-75)])
    #expect(days.map { $0.metric("folded") } == [.number(12.5), .number(12.5)])
    #expect(days.map { $0.metric("nothing") } == [.number(0), .number(0)])
  }

  @Test("cycles between metrics are reported at every metric of the cycle")
  func cycles() {
    let yaml = """
      catalog: demo
      metrics:
        a: b + 1
        b: c * 2
        c: a - 1
        d: d + 1
        e: a + 1
      """
    #expect(
      Fixture.diagnostics(yaml) == [
        "3:6: error: metric 'a' depends on itself: a → b → c → a",
        "4:6: error: metric 'b' depends on itself: b → c → a → b",
        "5:6: error: metric 'c' depends on itself: c → a → b → c",
        "6:6: error: metric 'd' depends on itself: d → d",
      ])
    // The metric e reads a metric of a cycle: it is not reported again.
  }

  @Test("templates are checked like expressions, at their column")
  func templates() {
    let yaml = """
      catalog: demo
      inputs: {steps: {type: int}}
      messages:
        - id: m
          text: "You walked {stpes} steps, {steps > 1 ? 'well' : 'ok'} {unclosed"
      """
    #expect(
      Fixture.diagnostics(yaml) == [
        "5:24: error: unknown name 'stpes'; did you mean 'steps'?",
        "5:66: error: this '{' has no closing '}'; write '{{' for a literal brace",
      ])
  }
}
