import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

@Suite("the state file and warnings as text")
struct StateFileTests {
  static func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-kit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test("a check writes the state; the next one reads it; a foreign file stays byte for byte")
  func check() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let engine = Engine(try Inline.validated())
    let path = folder.appendingPathComponent("state.json").path
    let file = StateFile(path: path)
    let record = try DayRecord(date: Inline.day("2026-01-01"), values: ["done": true], for: engine)
    let first = try file.check(engine, user: "ana", start: nil, on: Inline.day("2026-01-01"), records: [record])
    #expect(first.evaluation.badges.new == ["first"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try first.state.json()))
    let second = try file.check(engine, user: "ana", start: nil, on: Inline.day("2026-01-02"), records: [])
    #expect(second.evaluation.badges.unlocked.map(\.id) == ["first"])
    #expect(second.evaluation.streak("daily")?.current == 1)

    let foreign = Data(#"{"format": "rules-state", "format_version": 1, "catalog": "other", "unlocks": []}"#.utf8)
    try foreign.write(to: URL(fileURLWithPath: path))
    #expect(
      throws: StateError(
        path: path, message: "this state belongs to the catalog 'other', not 'demo'; it was left as it is")
    ) {
      try file.check(engine, user: "ana", start: nil, on: Inline.day("2026-01-03"), records: [])
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == foreign)
  }

  @Test("warnings for people: the record's line and what --rebuild would do")
  func warnings() throws {
    let catalog = try Inline.validated()
    let history = try Inline.history("days:\n  - {date: 2026-01-01, done: true}\n", for: catalog)
    let changed = EngineWarning(
      .recordChanged, "the record of 2026-01-01 changed after it was counted; the change is not counted",
      date: Inline.day("2026-01-01"))
    #expect(
      WarningText.text(changed, history: history)
        == "the record of 2026-01-01 (line 2) changed after it was counted; the change is not counted (use --rebuild to count it)"
    )
    let fresh = EngineWarning(
      .newSinceState, "the streak 'daily' is new since the state was written; it counts from today")
    #expect(
      WarningText.text(fresh, history: nil)
        == "the streak 'daily' is new since the state was written; it counts from today (use --rebuild to count the past)"
    )
  }

  @Test("an evaluation as rules eval prints it")
  func evaluationText() throws {
    let catalog = try Inline.validated()
    let engine = Engine(catalog)
    let records = try (0..<2).map {
      try DayRecord(date: Inline.day("2026-01-01") + $0, values: ["done": true, "steps": 6], for: engine)
    }
    let check = try engine.check(user: "ana", start: nil, on: Inline.day("2026-01-02"), records: records, state: nil)
    #expect(
      EvaluationText(catalog: catalog).render(check.evaluation) == """
        Demo — ana, 2026-01-02

        Streaks
          daily  2 days (best 2), since 2026-01-01

        Metrics
          total_steps  12

        Milestones (daily)
          reached today: two (day 2, Two days)
          reached: two
          next: five (day 5, Five days) in 3 days, on 2026-01-05

        Badges
          unlocked now: First, Step 1
          ✓ First (first, 2026-01-01)
          ✓ Step 1 (step-1, 2026-01-02)
          · Three (three): 2/3 (67%)
          · Step 2 (step-2): 12/2 (100%), waiting for a later check
          next: Step 2 (12/2)

        Quote of the day
          “Two”

        Message
          Going
          2 days
        """)
  }
}
