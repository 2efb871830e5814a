@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

/// An error inside an expression points at its own column in the file, however the YAML
/// scalar holding the expression is written.
@Suite("errors inside expressions point at their column")
struct ExpressionLocationTests {
  private func location(_ when: String) -> String? {
    let yaml = """
      catalog: demo
      inputs: {steps: {type: int}, done: {type: bool}}
      badges:
        - id: b
          name: B
          when: \(when)
      """
    return Fixture.validate(yaml).diagnostics.first.map { "\($0.line):\($0.column) \($0.message)" }
  }

  @Test("a plain scalar")
  func plain() {
    #expect(location("done && stpes > 1") == "6:19 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a double-quoted scalar, with escapes before the error")
  func doubleQuoted() {
    #expect(location(#""done && \"a\" == \"b\" && stpes > 1""#) == "6:38 unknown name 'stpes'; did you mean 'steps'?")
    #expect(location(#""\u0064one && stpes > 1""#) == "6:25 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a single-quoted scalar, with a doubled quote before the error")
  func singleQuoted() {
    #expect(location("'\"it''s\" == \"x\" && stpes > 1'") == "6:30 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a plain scalar folded over lines")
  func foldedPlain() {
    #expect(location("done &&\n        stpes > 1") == "7:9 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a double-quoted scalar over lines")
  func multilineQuoted() {
    #expect(location("\"done &&\n        stpes > 1\"") == "7:9 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a literal block scalar")
  func literalBlock() {
    #expect(location("|\n        done &&\n          stpes > 1") == "8:11 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a folded block scalar")
  func foldedBlock() {
    #expect(location(">\n        done &&\n        stpes > 1") == "8:9 unknown name 'stpes'; did you mean 'steps'?")
  }

  @Test("a flow mapping")
  func flowMapping() {
    let yaml = """
      catalog: demo
      inputs: {steps: {type: int}}
      badges: [{id: b, name: B, when: "steps >= 'x'"}]
      """
    #expect(Fixture.diagnostics(yaml) == ["3:40: error: '>=' compares numbers; the right side is a string"])
  }

  @Test("text after Arabic letters is counted in characters")
  func unicode() {
    let yaml = """
      catalog: demo
      inputs: {steps: {type: int}}
      messages:
        - id: m
          text: "صبر {stpes}"
      """
    #expect(Fixture.diagnostics(yaml) == ["5:17: error: unknown name 'stpes'; did you mean 'steps'?"])
  }
}
