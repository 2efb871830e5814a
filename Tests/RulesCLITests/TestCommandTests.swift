import Foundation
import RulesTestSupport
import Testing

/// `rules test`: the shipped scenarios pass, a changed number in a catalog fails at the
/// scenario's line, and every mistake in a scenario file is reported at its place.
@Suite("rules test")
struct TestCommandTests {
  static func shipped(_ path: String) throws -> String {
    try String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the shipped scenarios of all five catalogs pass")
  func shippedScenarios() throws {
    let result = try CLI.run(["test", "--verbose"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    let passed = lines.filter { $0.hasPrefix("pass ") }
    #expect(lines.last == "\(passed.count) passed, 0 failed")
    for catalog in ShippedCatalogs.names {
      #expect(passed.contains { $0.contains("catalogs/tests/\(catalog).yaml:") }, "no scenario for \(catalog)")
    }
  }

  /// One number changed in a shipped catalog, and where a scenario must catch it.
  @Test(
    "changing one number in a catalog fails a scenario at its line",
    arguments: [
      (
        "discipline", "when: training.current >= 3", "when: training.current >= 4",
        "catalogs/tests/discipline.yaml:51:20: error: 'check-ins on unplanned rest days do not break the streak', 2026-01-06: momentum: expected unlocked, found locked [expectation-failed]"
      ),
      (
        "imanpath", "{id: sabr, day: 7,", "{id: sabr, day: 8,",
        "catalogs/tests/imanpath.yaml:22:62: error: 'Day 0 semantics, the start day is Day 0 and Day 1 is the first milestone', 2026-01-04: days until the next milestone: expected 4, found 5 [expectation-failed]"
      ),
      (
        "salahstreak", "freezes: {earn_every: 7, progress: overall}",
        "freezes: {earn_every: 7, max: 2, progress: overall}",
        "catalogs/tests/salahstreak.yaml:192:49: error: 'freezes have no cap, 21 perfect days earn 3 and they cover 3 missed days', 2026-03-21: salah.freezes: expected 3, found 2 [expectation-failed]"
      ),
      (
        "onward", "when: no_contact.current >= 3}", "when: no_contact.current >= 4}",
        "catalogs/tests/onward.yaml:56:14: error: 'checked every day from the start, each time achievement unlocks on its own day', 2026-01-04: new badges: expected [no-contact-3], found [] [expectation-failed]"
      ),
      (
        "rizq", "xp: 50\n", "xp: 60\n",
        "catalogs/tests/rizq.yaml:83:38: error: 'First Step unlocks on the first dua and gives 50 XP', 2026-07-02: xp: expected 70, found 80 [expectation-failed]"
      ),
    ])
  func mutation(catalog: String, original: String, changed: String, failure: String) throws {
    let text = try Self.shipped("catalogs/\(catalog).yaml")
    #expect(text.contains(original))
    var files = [
      "catalogs/\(catalog).yaml": text.replacingOccurrences(of: original, with: changed),
      "catalogs/tests/\(catalog).yaml": try Self.shipped("catalogs/tests/\(catalog).yaml"),
    ]
    if catalog == "rizq" { files["rules/levels.yaml"] = try Self.shipped("rules/levels.yaml") }
    let sandbox = try Sandbox(files)
    let result = try CLI.run(["test"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stdout.split(separator: "\n").map(String.init).contains(failure), "\(result.stdout)")
    #expect(result.stdout.split(separator: "\n").last?.hasSuffix("failed") == true)
    #expect(result.stdout.split(separator: "\n").last?.hasSuffix(" 0 failed") == false)
  }

  static let catalog = """
    catalog: demo
    inputs:
      done: {type: bool}
    streaks:
      run: {counts: done}
    badges:
      - {id: three, name: Three, when: run.current >= 3}

    """

  @Test(
    "every mistake in a scenario file is reported at its place, and nothing runs",
    arguments: [
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01, done: true}]}\n    expect:\n      - {date: 2026-01-01, streak: {run: 1}}\n",
        "tests/demo.yaml:6:28: error: unknown key 'streak' in expectation; did you mean 'streaks'? [unknown-key]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01, done: true}]}\n    expect:\n      - {date: 2026-01-01, locked: [thre]}\n",
        "tests/demo.yaml:6:37: error: the catalog has no badge 'thre'; did you mean 'three'? [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01, done: true}]}\n    expect:\n      - {date: 2026-01-02, streaks: {run: 1}}\n",
        "tests/demo.yaml:6:16: error: 2026-01-02 is after the history's last day (2026-01-01); add records up to it or set 'through' [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {start: 2026-01-03, days: [{date: 2026-01-04}]}\n    expect:\n      - {date: 2026-01-02, streaks: {run: 0}}\n",
        "tests/demo.yaml:6:16: error: 2026-01-02 is before the first check (2026-01-03) [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01, done: yes}]}\n    expect:\n      - {date: 2026-01-01, streaks: {run: 1}}\n",
        "tests/demo.yaml:4:47: error: done must be true or false; found a string ('yes'); YAML 1.2 booleans are true and false [bad-value]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}]}\n    through: 2025-12-01\n    expect:\n      - {date: 2026-01-01, streaks: {run: 0}}\n",
        "tests/demo.yaml:5:14: error: 'through' 2025-12-01 is before the history's last record (2026-01-01) [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}]}\n    expect:\n      - {date: 2026-01-01}\n",
        "tests/demo.yaml:6:9: error: the expectation for 2026-01-01 checks nothing [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}]}\n    expect:\n      - {date: 2026-01-01, quote: q1}\n",
        "tests/demo.yaml:6:35: error: the catalog has no quote 'q1'; it has none [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}, {date: 2026-01-03}]}\n    checks: [2026-01-01, 2026-01-03]\n    expect:\n      - {date: 2026-01-02, streaks: {run: 0}}\n",
        "tests/demo.yaml:7:16: error: 2026-01-02 is not one of the scenario's 'checks'; the app does not check that day [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}, {date: 2026-01-03}]}\n    checks: [2026-01-03, 2026-01-01]\n    expect:\n      - {date: 2026-01-03, streaks: {run: 0}}\n",
        "tests/demo.yaml:5:26: error: the check 2026-01-01 is not after 2026-01-03; list checks in date order [bad-scenario]"
      ),
      (
        "  - name: n\n    history: {days: [{date: 2026-01-01}]}\n    expect:\n      - {date: 2026-01-01, badge_fields: [{id: thre, name: T}]}\n",
        "tests/demo.yaml:6:48: error: the catalog has no badge 'thre'; did you mean 'three'? [bad-scenario]"
      ),
    ])
  func badScenario(scenarios: String, message: String) throws {
    let sandbox = try Sandbox([
      "demo.yaml": Self.catalog,
      "tests/demo.yaml": "catalog: ../demo.yaml\nscenarios:\n" + scenarios,
    ])
    let result = try CLI.run(["test", "tests"], in: sandbox.url)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(result.status == 1)
    #expect(lines.filter { $0.contains(": error: ") } == [message])
    #expect(lines.last == "0 passed, 1 failed")
  }

  @Test("a scenario file whose catalog has errors shows the catalog's errors")
  func brokenCatalog() throws {
    let sandbox = try Sandbox([
      "demo.yaml": Self.catalog.replacingOccurrences(of: "counts: done", with: "counts: dnoe"),
      "tests/demo.yaml":
        "catalog: ../demo.yaml\nscenarios:\n  - name: n\n    history: {days: [{date: 2026-01-01}]}\n    expect: [{date: 2026-01-01, new: []}]\n",
    ])
    let result = try CLI.run(["test", "tests"], in: sandbox.url)
    let errors = result.stdout.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
    #expect(result.status == 1)
    #expect(
      errors == [
        "demo.yaml:5:17: error: unknown name 'dnoe'; did you mean 'done'? [unknown-name]",
        "tests/demo.yaml:1:10: error: the catalog '../demo.yaml' (demo.yaml) cannot be used; its errors are above [bad-scenario]",
      ])
  }

  @Test("no scenario files is an error, not a silent pass")
  func noFiles() throws {
    let sandbox = try Sandbox(["catalogs/demo.yaml": Self.catalog])
    let result = try CLI.run(["test"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stderr == "no scenario files found in catalogs/tests\n")
  }
}

@Suite("rules init")
struct InitCommandTests {
  @Test("a new catalog passes rules check and rules test as written")
  func starter() throws {
    let sandbox = try Sandbox()
    let result = try CLI.run(["init", "my-app"], in: sandbox.url)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("Wrote catalogs/my-app.yaml and catalogs/tests/my-app.yaml.\n"))
    let check = try CLI.run(["check"], in: sandbox.url)
    #expect(check.stdout == "1 file checked: 0 errors, 0 warnings\n")
    #expect(check.status == 0)
    let test = try CLI.run(["test"], in: sandbox.url)
    #expect(test.stdout == "2 passed, 0 failed\n")
    #expect(test.status == 0)
    let catalog = try sandbox.read("catalogs/my-app.yaml")
    for section in ["inputs:", "streaks:", "milestones:", "badges:", "quotes:", "messages:"] {
      #expect(String(decoding: catalog, as: UTF8.self).contains("\n\(section)\n"), "no \(section)")
    }
    #expect(try sandbox.read("catalogs/catalog.schema.json").count > 1000)
  }

  @Test("an existing file is never overwritten")
  func existing() throws {
    let sandbox = try Sandbox(["catalogs/tests/my-app.yaml": "mine\n"])
    let result = try CLI.run(["init", "my-app"], in: sandbox.url)
    #expect(result.status == 1)
    #expect(result.stderr == "error: catalogs/tests/my-app.yaml already exists; rules init never overwrites a file\n")
    #expect(try sandbox.read("catalogs/tests/my-app.yaml") == Data("mine\n".utf8))
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("catalogs/my-app.yaml").path))
  }

  @Test("a name that is not an id is a usage error")
  func badName() throws {
    let sandbox = try Sandbox()
    let result = try CLI.run(["init", "My App"], in: sandbox.url)
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("Error: 'My App' is not a catalog id: use lowercase letters, digits and -, e.g. my-app\n")
    )
  }
}
