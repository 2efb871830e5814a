import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

/// A history's `repairs` through `rules eval`, `replay` and `explain` (issue 54), and a bad
/// one refused at its line.
@Suite("rules eval, replay and explain take a history's repairs")
struct RepairCLITests {
  /// Duas from Friday 2026-05-01 to 05-07 but Monday 05-04, repaired (or not).
  static func history(_ repairs: String) -> String {
    let days = ["01", "02", "03", "05", "06", "07"].map { "  - {date: 2026-05-\($0), duas: 1}" }
    return repairs + "days:\n" + days.joined(separator: "\n") + "\n"
  }

  static func daily(_ json: String) throws -> [String: Any] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return try #require((object["streaks"] as? [String: [String: Any]])?["daily"])
  }

  @Test("the repaired day is covered in eval, replay and explain; without it the streak breaks")
  func covered() throws {
    let sandbox = try Sandbox([
      "repaired.yaml": Self.history("repairs: [{date: 2026-05-04, made: 2026-05-05}]\n"),
      "plain.yaml": Self.history(""),
    ])
    let catalog = "examples/goals/goals.yaml"
    let eval = try CLI.run([
      "eval", catalog, "--history", sandbox.path("repaired.yaml"), "--date", "2026-05-07", "--format", "json",
    ])
    #expect(eval.status == 0)
    #expect(try Self.daily(eval.stdout)["current"] as? Int == 6)
    #expect(try Self.daily(eval.stdout)["start"] as? String == "2026-05-01")
    let plain = try CLI.run([
      "eval", catalog, "--history", sandbox.path("plain.yaml"), "--date", "2026-05-07", "--format", "json",
    ])
    #expect(try Self.daily(plain.stdout)["current"] as? Int == 3)
    let replay = try CLI.run([
      "replay", catalog, "--history", sandbox.path("repaired.yaml"), "--to", "2026-05-07", "--format", "json",
    ])
    #expect(replay.status == 0)
    let days = try #require(try JSONSerialization.jsonObject(with: Data(replay.stdout.utf8)) as? [[String: Any]])
    let currents = days.map { ($0["streaks"] as? [String: [String: Any]])?["daily"]?["current"] as? Int }
    #expect(currents == [1, 2, 3, 3, 4, 5, 6])
    let explain = try CLI.run([
      "explain", catalog, "first-week", "--history", sandbox.path("repaired.yaml"), "--date", "2026-05-07",
    ])
    #expect(explain.status == 0)
    #expect(explain.stdout.contains("daily.current >= 7: 6 >= 7 is false"))
  }

  @Test("the Swift API gives what rules eval gives for a history with repairs, day by day")
  func differential() throws {
    let sandbox = try Sandbox([
      "repaired.yaml": Self.history("repairs: [{date: 2026-05-04, made: 2026-05-05}, 2026-05-06]\n")
    ])
    let export = try CLI.run(["export", "examples/goals/goals.yaml"])
    #expect(export.status == 0)
    let engine = try Engine(exportedCatalog: Data(export.stdout.utf8))
    #expect(engine.repairPolicy(of: "daily") == RepairPolicy(withinDays: 2, max: 1, per: .week))
    #expect(engine.repairPolicy(of: "weekly") == nil)
    let history = try #require(
      HistoryFiles.load(path: sandbox.path("repaired.yaml"), inputs: engine.catalog.inputs).history)
    #expect(history.repairs.count == 2)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    for day in 1...8 {
      let date = try CalendarDay("2026-05-0\(day)")
      let cli = try CLI.run([
        "eval", "examples/goals/goals.yaml", "--history", sandbox.path("repaired.yaml"), "--date", "\(date)",
        "--format", "json",
      ])
      #expect(cli.status == 0)
      let check = try engine.check(
        user: nil, start: nil, on: date, records: records, state: nil, repairs: history.repairs)
      let api = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(check.evaluation)) as? NSDictionary
      let text = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
      #expect(api == text, "\(date)")
    }
  }

  @Test("a bad repair in a history: the line, the reason, exit 1")
  func refused() throws {
    let sandbox = try Sandbox([
      "bad.yaml": Self.history("repairs: [2026-05-04, {date: 2026-05-04}, {date: 2026-05-02, streaks: [weekly]}]\n")
    ])
    let result = try CLI.run([
      "eval", "examples/goals/goals.yaml", "--history", sandbox.path("bad.yaml"), "--date", "2026-05-07",
    ])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    let file = sandbox.path("bad.yaml")
    let line = "repairs: [2026-05-04, {date: 2026-05-04}, {date: 2026-05-02, streaks: [weekly]}]"
    #expect(
      result.stderr == """
        \(file):1:30: error: 2026-05-04 is repaired twice (first at line 1); repair a day once [bad-date]
         1 | \(line)
           |                              ^
        \(file):1:72: error: the streak 'weekly' counts periods, which a day does not break; restores and repairs apply to the consecutive streaks: daily [bad-value]
         1 | \(line)
           |                                                                        ^

        """)
  }
}
