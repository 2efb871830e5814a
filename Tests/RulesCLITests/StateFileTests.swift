import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The state file: each badge unlocks once, a bad file is never touched, a crash never
/// leaves half a file and concurrent evaluations keep every unlock.
@Suite("the state file", .serialized)
struct StateFileTests {
  static let catalog = """
    catalog: demo
    inputs:
      done: {type: bool}
      k: {type: int}
    streaks:
      daily: {counts: done}
    badges:
      - {id: two, name: Two, when: daily.current >= 2}
      - {id: five, name: Five, when: daily.current >= 5}
    """

  static let history = """
    user: alice
    days:
      - {date: 2026-01-01, done: true}
      - {date: 2026-01-02, done: true}
      - {date: 2026-01-03, done: true}
    """

  private func sandbox() throws -> Sandbox {
    try Sandbox(["demo.yaml": Self.catalog, "history.yaml": Self.history])
  }

  private func eval(
    _ sandbox: Sandbox, date: String, extra: [String] = [], environment: [String: String] = [:]
  ) throws -> CLI.Result {
    try CLI.run(
      ["eval", "demo.yaml", "--history", "history.yaml", "--date", date, "--state", "state.json", "--format", "json"]
        + extra, in: sandbox.url, environment: environment)
  }

  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test("a second evaluation with the same state unlocks nothing new and changes no date")
  func idempotent() throws {
    let sandbox = try sandbox()
    let first = try eval(sandbox, date: "2026-01-03")
    #expect(first.status == 0, "\(first.stderr)")
    let firstBadges = try #require(try json(first.stdout)["badges"] as? [String: Any])
    #expect(firstBadges["new"] as? [String] == ["two"])
    let stateAfterFirst = try sandbox.read("state.json")

    let second = try eval(sandbox, date: "2026-01-03")
    let secondBadges = try #require(try json(second.stdout)["badges"] as? [String: Any])
    #expect(secondBadges["new"] as? [String] == [])
    let unlocked = try #require(secondBadges["unlocked"] as? [[String: Any]])
    #expect(unlocked.map { $0["date"] as? String } == ["2026-01-02"])
    #expect(try sandbox.read("state.json") == stateAfterFirst)
  }

  @Test("unlocks survive when the history keeps only its last days")
  func truncatedHistory() throws {
    let sandbox = try sandbox()
    _ = try eval(sandbox, date: "2026-01-03")
    // The app keeps only the days since the last evaluation: 2026-01-01 and 02 are gone.
    try sandbox.write(
      "history.yaml",
      "user: alice\ndays:\n  - {date: 2026-01-03, done: true}\n  - {date: 2026-01-04, done: true}\n  - {date: 2026-01-05, done: true}\n"
    )
    let result = try eval(sandbox, date: "2026-01-05")
    let object = try json(result.stdout)
    let streaks = try #require(object["streaks"] as? [String: [String: Any]])
    #expect(streaks["daily"]?["current"] as? Int == 5)
    // The run's start comes from the state: the history no longer has its first days.
    #expect(streaks["daily"]?["start"] as? String == "2026-01-01")
    let badges = try #require(object["badges"] as? [String: Any])
    #expect(badges["new"] as? [String] == ["five"])
    #expect((badges["unlocked"] as? [[String: Any]])?.map { $0["id"] as? String } == ["two", "five"])
  }

  @Test(
    "a corrupt or foreign state file is an error, exit 1, and is left byte for byte",
    arguments: [
      ("{\"format\": \"rules-state\", \"format_version\": 1, \"catalog\": \"demo\", \"unlo", "it is not valid JSON"),
      ("[1, 2, 3]", "it holds a list, not a JSON object"),
      ("{\"hello\": 1}", "it is not a rules state file"),
      (
        "{\"format\": \"rules-state\", \"format_version\": 1, \"catalog\": \"other\", \"unlocks\": []}",
        "this state belongs to the catalog 'other', not 'demo'"
      ),
      (
        "{\"format\": \"rules-state\", \"format_version\": 1, \"catalog\": \"demo\", \"user\": \"bob\", \"unlocks\": []}",
        "this state belongs to the user 'bob', not 'alice'"
      ),
      (
        "{\"format\": \"rules-state\", \"format_version\": 1, \"catalog\": \"demo\", \"unlocks\": [{\"id\": \"two\", \"date\": \"2026-02-30\"}]}",
        "'date' is not a date"
      ),
    ])
  func badStateFile(content: String, problem: String) throws {
    let sandbox = try sandbox()
    try sandbox.write("state.json", content)
    let result = try eval(sandbox, date: "2026-01-03")
    #expect(result.status == 1)
    #expect(result.stderr.contains("state.json: error: "))
    #expect(result.stderr.contains(problem), "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(try sandbox.read("state.json") == Data(content.utf8))
  }

  @Test("--rebuild counts the history again and keeps every unlock with its date")
  func rebuild() throws {
    let sandbox = try sandbox()
    _ = try eval(sandbox, date: "2026-01-03")
    // The past changes: day 2 was not done after all. The unlock of day 2 stays.
    try sandbox.write(
      "history.yaml",
      "user: alice\ndays:\n  - {date: 2026-01-01, done: true}\n  - {date: 2026-01-02, done: false}\n  - {date: 2026-01-03, done: true}\n  - {date: 2026-01-04, done: true}\n"
    )
    let warned = try eval(sandbox, date: "2026-01-04")
    #expect(warned.stderr.contains("warning: the record of 2026-01-02 (line 4) changed after it was counted"))
    let rebuilt = try eval(sandbox, date: "2026-01-04", extra: ["--rebuild"])
    let object = try json(rebuilt.stdout)
    #expect((object["streaks"] as? [String: [String: Any]])?["daily"]?["current"] as? Int == 2)
    let badges = try #require(object["badges"] as? [String: Any])
    #expect((badges["unlocked"] as? [[String: Any]])?.map { $0["date"] as? String } == ["2026-01-02"])
    #expect(badges["new"] as? [String] == [])
  }

  @Test("a writer killed at any moment leaves the old file or the new one, never a broken one")
  func killedWriter() throws {
    let sandbox = try sandbox()
    var days = "user: alice\ndays:\n"
    for offset in 0..<60 {
      let day = Calendar(identifier: .gregorian).date(byAdding: .day, value: offset, to: Self.startDate)!
      days += "  - {date: \(Self.format(day)), done: true}\n"
    }
    try sandbox.write("history.yaml", days)
    // Kill at random moments within the time a whole evaluation takes on this machine now, so
    // kills land before, during and after the write. A loaded machine starts processes more
    // slowly than the first measure says: while kills keep finding the old file, the window
    // grows, and it shrinks again once one finds a new file.
    let clock = ContinuousClock()
    let whole = try clock.measure {
      _ = try eval(sandbox, date: "2026-01-10", environment: ["RULES_TEST_WRITE_DELAY_US": "300"])
    }
    let micros = Double(whole.components.seconds) * 1e6 + Double(whole.components.attoseconds) / 1e12
    var window = max(20_000, micros)
    var seen = Set<Data>()
    var previous = try sandbox.read("state.json")
    var attempt = 0
    while attempt < 40 || (seen.count < 2 && attempt < 200) {
      let date = Self.format(
        Calendar(identifier: .gregorian).date(byAdding: .day, value: 10 + attempt, to: Self.startDate)!)
      let process = try CLI.start(
        ["eval", "demo.yaml", "--history", "history.yaml", "--date", date, "--state", "state.json"],
        in: sandbox.url, environment: ["RULES_TEST_WRITE_DELAY_US": "300"])
      usleep(UInt32.random(in: UInt32(window / 10)...UInt32(window * 1.2)))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let data = try sandbox.read("state.json")
      seen.insert(data)
      window = min(data == previous ? window * 1.25 : window / 1.1, 5_000_000)
      previous = data
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      #expect(object?["format"] as? String == "rules-state", "attempt \(attempt): a broken state file")
      attempt += 1
    }
    // The kills landed both before and after the rename: several versions were seen.
    #expect(seen.count > 1)
    // And the file still works.
    #expect(try eval(sandbox, date: "2026-03-01").status == 0)
  }

  @Test("8 evaluations of one state at once keep every unlock")
  func concurrent() throws {
    var catalog = "catalog: demo\ninputs: {k: {type: int}}\nbadges:\n"
    for k in 1...8 { catalog += "  - {id: b\(k), name: B\(k), when: k == \(k)}\n" }
    let sandbox = try Sandbox(["demo.yaml": catalog])
    for k in 1...8 {
      try sandbox.write("h\(k).yaml", "user: alice\ndays:\n  - {date: 2026-01-01, k: \(k)}\n")
    }
    let processes = try (1...8).map { k in
      try CLI.start(
        ["eval", "demo.yaml", "--history", "h\(k).yaml", "--date", "2026-01-01", "--state", "state.json"],
        in: sandbox.url, environment: ["RULES_TEST_WRITE_DELAY_US": "200"])
    }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let object = try json(String(decoding: try sandbox.read("state.json"), as: UTF8.self))
    let ids = (object["unlocks"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.sorted()
    #expect(ids == (1...8).map { "b\($0)" })
  }

  static let startDate = DateComponents(
    calendar: Calendar(identifier: .gregorian), timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 1, day: 1
  ).date!

  static func format(_ date: Date) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }
}
