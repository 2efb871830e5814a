import Foundation
import Testing

@Suite("rules check, end to end")
struct CheckCommandTests {
  static let broken = """
    catalog: demo
    inputs:
      done: {type: bool}
    badges:
      - id: first
        name: First
        whne: done
      - {id: second, name: Second, when: dnoe}
    messages:
      - {id: hello, text: Hello}
      - {id: later, when: done, text: Later}
    """

  @Test("mistakes print as path:line:column with the source line and a caret, then a summary")
  func textOutput() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": Self.broken])
    let result = try CLI.run(["check"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        catalogs/demo.yaml:7:5: error: unknown key 'whne' in badge 'first'; did you mean 'when'? [unknown-key]
         7 |     whne: done
           |     ^
        catalogs/demo.yaml:8:38: error: unknown name 'dnoe'; did you mean 'done'? [unknown-name]
         8 |   - {id: second, name: Second, when: dnoe}
           |                                      ^
        catalogs/demo.yaml:11:5: warning: the message 'later' is never shown: 'hello' (line 10, column 5) comes first and always applies [unreachable-message]
         11 |   - {id: later, when: done, text: Later}
            |     ^
        1 file checked: 2 errors, 1 warning

        """)
  }

  @Test("a clean folder exits 0 with its summary")
  func clean() throws {
    let sandbox = try Sandbox([
      "catalogs/a.yaml": "catalog: a\n",
      "catalogs/b.yaml": "catalog: b\nimports: [../rules/m.yaml]\n",
      "rules/m.yaml": "module: m\ninputs: {x: {type: int}}\n",
    ])
    let result = try CLI.run(["check"], in: sandbox.url)
    #expect(result.status == 0)
    #expect(result.stdout == "3 files checked: 0 errors, 0 warnings\n")
  }

  /// Issue 34: "Any user may PUT `duas_completed: 9223372036854775807` and top every
  /// leaderboard: ... make `rules check` warn when an input that feeds a leaderboard or a metric
  /// has no `max`."
  @Test("an int input a metric reads without max is a warning at the input (exit 0); the shipped catalogs have none")
  func inputWithoutMax() throws {
    let sandbox = try Sandbox([
      "catalogs/demo.yaml": """
      catalog: demo
      inputs:
        duas: {type: int, min: 0}
        habits: {type: int, min: 0}
        done: {type: bool}
      streaks:
        daily: {counts: habits >= 1}
      metrics:
        total_duas: total(duas)
        days_done: total(done)
      """
    ])
    let result = try CLI.run(["check"], in: sandbox.url)
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        catalogs/demo.yaml:3:3: warning: the input 'duas' has no max, and the metric 'total_duas' reads it: one record may give any value (up to 9223372036854775807) and top its leaderboard; give it the most the app allows in a day, e.g. `max: 100` [input-without-max]
         3 |   duas: {type: int, min: 0}
           |   ^
        1 file checked: 0 errors, 1 warning

        """)
    let shipped = try CLI.run(["check"])
    #expect(shipped.status == 0)
    #expect(shipped.stdout.hasSuffix(" 0 errors, 0 warnings\n"), "\(shipped.stdout)")
  }

  @Test("a scenario file named on the command line is checked against its catalog, not run")
  func scenarioFile() throws {
    let sandbox = try Sandbox([
      "catalogs/demo.yaml": """
      catalog: demo
      inputs:
        done: {type: bool}
      badges:
        - {id: first, name: First, when: done}
      """,
      "catalogs/tests/demo.yaml": """
      catalog: ../demo.yaml
      scenarios:
        - name: one good day
          history:
            days:
              - {date: 2026-01-01, done: true}
          expect:
            - {date: 2026-01-01, new: []}
            - {date: 2026-01-02, unlocked: [frist]}
          exepct: []
      """,
    ])
    let expected = """
      catalogs/tests/demo.yaml:9:16: error: 2026-01-02 is after the history's last day (2026-01-01); add records up to it or set 'through' [bad-scenario]
       9 |       - {date: 2026-01-02, unlocked: [frist]}
         |                ^
      catalogs/tests/demo.yaml:9:39: error: the catalog has no badge 'frist'; did you mean 'first'? [bad-scenario]
       9 |       - {date: 2026-01-02, unlocked: [frist]}
         |                                       ^
      catalogs/tests/demo.yaml:10:5: error: unknown key 'exepct' in scenario; did you mean 'expect'? [unknown-key]
       10 |     exepct: []
          |     ^
      1 file checked: 3 errors, 0 warnings

      """
    for arguments in [["check", "catalogs/tests/demo.yaml"], ["check", "catalogs/tests"]] {
      let result = try CLI.run(arguments, in: sandbox.url)
      #expect(result.status == 1)
      #expect(result.stdout == expected)
    }
    // A well-formed scenario whose expectation is wrong (the badge unlocks that day) passes
    // the check: only `rules test` runs scenarios.
    try sandbox.write(
      "catalogs/wrong/demo.yaml",
      """
      catalog: ../demo.yaml
      scenarios:
        - name: one good day
          history:
            days:
              - {date: 2026-01-01, done: true}
          expect:
            - {date: 2026-01-01, new: []}
      """)
    let checked = try CLI.run(["check", "catalogs/wrong/demo.yaml"], in: sandbox.url)
    #expect(checked.status == 0)
    #expect(checked.stdout == "1 file checked: 0 errors, 0 warnings\n")
    let tested = try CLI.run(["test", "catalogs/wrong/demo.yaml"], in: sandbox.url)
    #expect(tested.status == 1)
    #expect(tested.stdout.hasSuffix("0 passed, 1 failed\n"))
    // Without paths, the tests/ folders are left out (catalogs/wrong/ is not one).
    let all = try CLI.run(["check"], in: sandbox.url)
    #expect(all.status == 0)
    #expect(all.stdout == "2 files checked: 0 errors, 0 warnings\n")
  }

  @Test("--format json lists every diagnostic with its place, severity and id")
  func json() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.broken])
    let result = try CLI.run(["check", "demo.yaml", "--format", "json"], in: sandbox.url)
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["files"] as? Int == 1)
    #expect(object["errors"] as? Int == 2)
    #expect(object["warnings"] as? Int == 1)
    let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
    #expect(first["file"] as? String == "demo.yaml")
    #expect(first["line"] as? Int == 7)
    #expect(first["column"] as? Int == 5)
    #expect(first["severity"] as? String == "error")
    #expect(first["id"] as? String == "unknown-key")
    #expect(first["message"] as? String == "unknown key 'whne' in badge 'first'; did you mean 'when'?")
  }

  @Test("--format github prints workflow annotations")
  func github() throws {
    let sandbox = try Sandbox(["demo.yaml": Self.broken])
    let result = try CLI.run(["check", "demo.yaml", "--format", "github"], in: sandbox.url)
    let lines = result.stdout.split(separator: "\n")
    #expect(
      lines.first
        == "::error file=demo.yaml,line=7,col=5,title=unknown-key::unknown key 'whne' in badge 'first'; did you mean 'when'?"
    )
    #expect(lines.last == "1 file checked: 2 errors, 1 warning")
  }

  @Test("a file that does not exist is an error, exit 1")
  func missingFile() throws {
    let sandbox = try Sandbox()
    let result = try CLI.run(["check", "nope.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout == "nope.yaml:1:1: error: no such file [file-unreadable]\n1 file checked: 1 error, 0 warnings\n")
  }

  @Test("a usage error exits 64")
  func usage() throws {
    let result = try CLI.run(["check", "--format", "xml"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("--format"))
  }

  @Test("a YAML attack is turned away with its place")
  func attack() throws {
    let sandbox = try Sandbox(["deep.yaml": String(repeating: "[", count: 100_000)])
    let result = try CLI.run(["check", "deep.yaml"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(
      result.stdout.hasPrefix(
        "deep.yaml:1:65: error: lists and mappings nest deeper than 64 levels here; the reader's limit is 64 [yaml-too-deep]"
      ))
  }
}
