@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

@Suite("rules check on planted mistakes")
struct CatalogCheckTests {
  /// One catalog with a mistake of every kind: all are reported, each at its place.
  @Test("every planted mistake is reported in one run, at its line and column")
  func plantedMistakes() {
    let yaml = """
      catalog: Demo App
      versoin: 2
      inputs:
        planned: {type: bool, default: yes}
        fajr: {type: enum, values: [pending, done], default: dne}
        steps: {type: integer}
        no-contact: {type: bool}
      streaks:
        training: {skips: "!planned"}
        clean: {type: elapsed, counts: planned}
      metrics:
        checkins: total(logged)
      milestones:
        streak: clean
        list:
          - {id: start, day: 0}
          - {id: week, day: 7}
          - {id: again, day: 7}
          - {id: month, day: "30"}
      groups:
        - {id: time, progressive: yes}
      badges:
        - id: first
          name: First
          whne: checkins >= 1
        - {id: first, name: Again, when: checkins >= 2, colour: gold}
        - {id: first, name: Third, when: checkins >= 3}
      quotes:
        rotation: day-of-yaer
        list: [{id: q1, text: Patience}]
      messages:
        - {id: hello, text: Hello}
        - {id: later, when: checkins > 3, text: Later}
      """
    #expect(
      Fixture.diagnostics(yaml) == [
        "1:10: error: 'Demo App' is not a valid id for 'catalog': use lowercase letters, digits and -",
        "2:1: error: unknown key 'versoin' in catalog; did you mean 'version'?",
        "4:34: error: the default of 'planned' must be true or false; found a string",
        "5:56: error: the default of 'fajr' must be one of its values (pending, done); found 'dne'; did you mean 'done'?",
        "6:17: error: 'type' must be one of 'bool', 'int', 'number', 'enum'; found 'integer'",
        "7:3: error: 'no-contact' is not a valid name for 'inputs': use lowercase letters, digits and _, starting with a letter (e.g. 'no_contact')",
        "9:13: error: the consecutive streak 'training' needs 'counts', the days that extend it",
        "10:34: error: 'counts' applies to consecutive streaks; the elapsed streak 'clean' counts days since its start or last reset (use 'resets')",
        "16:24: error: milestone 'start' is on day 0; milestone days start at 1 (Day 0 is the start day)",
        "18:24: error: day 7 already has the milestone 'week' (line 17, column 23)",
        "19:24: error: 'day' must be an integer; found a string ('30')",
        "21:5: warning: the group 'time' has no badges",
        "21:29: error: 'progressive' must be true or false; found a string ('yes'; YAML 1.2 booleans are true and false)",
        // The first badge, without its criterion, is kept: its id is used three times.
        "23:5: error: the badge id 'first' is used twice (also at line 26, column 5)",
        "25:5: error: unknown key 'whne' in badge 'first'; did you mean 'when'?",
        "26:5: error: the badge id 'first' is used twice (also at line 23, column 5)",
        "26:51: error: unknown key 'colour' in badge 'first'; did you mean 'color'?",
        "27:5: error: the badge id 'first' is used twice (also at line 23, column 5)",
        "29:13: error: 'rotation' must be one of 'day-of-year', 'day'; found 'day-of-yaer'; did you mean 'day-of-year'?",
        "33:5: warning: the message 'later' is never shown: 'hello' (line 32, column 5) comes first and always applies",
      ])
  }

  @Test("a clean catalog has no diagnostics and is ready to evaluate")
  func cleanCatalog() {
    let result = Fixture.validate(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      streaks: {daily: {counts: done}}
      badges:
        - {id: three, name: Three, when: daily.current >= 3}
      """)
    #expect(result.diagnostics.isEmpty)
    #expect(result.validated != nil)
  }

  @Test("an empty file and a file that is not a mapping")
  func notACatalog() {
    #expect(
      Fixture.diagnostics("") == [
        "1:1: error: the file is empty; a catalog starts with 'catalog: ID' (a rule module with 'module: ID')"
      ])
    #expect(
      Fixture.diagnostics("- a\n- b\n") == [
        "1:1: error: a catalog is a mapping of keys ('catalog', 'badges', ...); this file holds a list"
      ])
    #expect(
      Fixture.diagnostics("name: x\n") == [
        "1:1: error: a catalog needs the key 'catalog' with its id (a rule module needs 'module')"
      ])
  }

  @Test("YAML errors come with their place too")
  func yamlErrors() {
    #expect(
      Fixture.diagnostics("catalog: demo\ncatalog: again\n") == [
        "2:1: error: duplicate key 'catalog' (first at line 1, column 1); keys in a mapping must be unique, the first one is kept"
      ])
    #expect(
      Fixture.diagnostics("catalog: demo\nbadges:\n  - id: a\n    when: x ? 1 : 2\n") == [
        "4:17: error: mapping values are not allowed in this context (a value with ': ' in it needs quotes, e.g. when: \"a ? b : c\")"
      ])
  }

  @Test("every rule's examples give exactly their diagnostics", arguments: CatalogRules.all.map(RuleCase.init))
  func ruleExamples(rule: RuleCase) {
    for example in rule.type.examples {
      let diagnostics = Fixture.validate(example.yaml, modules: example.modules).diagnostics
      // Each example shows its own rule; other diagnostics would make it a poor example.
      #expect(diagnostics.allSatisfy { $0.id == rule.type.id }, "\(diagnostics)")
      #expect(diagnostics.sortedByPosition().map(Fixture.format) == example.expected)
    }
    #expect(rule.type.examples.contains { !$0.expected.isEmpty }, "a rule needs a failing example")
    #expect(rule.type.examples.contains { $0.expected.isEmpty }, "a rule needs a passing example")
  }
}

struct RuleCase: CustomTestStringConvertible, Sendable {
  let name: String
  nonisolated(unsafe) let type: any CatalogRule.Type
  init(_ type: any CatalogRule.Type) {
    self.type = type
    name = type.id.rawValue
  }
  var testDescription: String { name }
}
