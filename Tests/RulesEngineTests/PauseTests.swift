import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Pauses (issue 39, item 4): a paused day neither extends nor breaks a `pausable` streak; the
/// catalog's cap and backdating; every bad pause refused with its reason.
@Suite("pauses")
struct PauseTests {
  static let catalog = """
    catalog: demo
    pauses: {max_days: 10, per: month, backdate_days: 2}
    inputs: {read: {type: bool}}
    streaks:
      held: {counts: read, pausable: true}
      plain: {counts: read}
    """

  static func pause(_ from: String, _ to: String) -> Pause { Pause(from: Fixture.day(from), to: Fixture.day(to)) }

  static func streaks(_ evaluation: Evaluation) -> [String: Int] {
    Dictionary(uniqueKeysWithValues: evaluation.streaks.map { ($0.name, $0.current) })
  }

  @Test("a paused day holds a pausable streak, whatever the day holds; other streaks count it as it is")
  func holds() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let records = try ["2026-03-01", "2026-03-02", "2026-03-04", "2026-03-06"].map {
      try DayRecord(date: Fixture.day($0), values: ["read": .bool(true)], for: engine)
    }
    let pauses = [Self.pause("2026-03-03", "2026-03-04")]
    let days = try engine.replay(
      user: nil, start: nil, records: records, from: nil, to: Fixture.day("2026-03-06"), pauses: pauses)
    // 03-03 missed and 03-04 read, both paused: held stays at 2; 03-05 missed breaks it (on 03-06).
    #expect(days.map { Self.streaks($0)["held"]! } == [1, 2, 2, 2, 2, 1])
    #expect(days.map { Self.streaks($0)["plain"]! } == [1, 2, 2, 1, 1, 1])
    // The same through checks that carry the state, day by day.
    var state: UserState?
    var held: [Int] = []
    for day in days.map(\.date) {
      let check = try engine.check(
        user: nil, start: nil, on: day, records: records.filter { $0.date == day }, state: state, pauses: pauses)
      state = check.state
      held.append(Self.streaks(check.evaluation)["held"]!)
    }
    #expect(held == [1, 2, 2, 2, 2, 1])
  }

  @Test("pauses that overlap or end before they start are refused by the check")
  func badLists() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    #expect(throws: EngineError.self) {
      try engine.check(
        user: nil, start: nil, on: Fixture.day("2026-03-05"), records: [], state: nil,
        pauses: [Self.pause("2026-03-01", "2026-03-03"), Self.pause("2026-03-03", "2026-03-04")])
    }
    do {
      _ = try engine.check(
        user: nil, start: nil, on: Fixture.day("2026-03-05"), records: [], state: nil,
        pauses: [Self.pause("2026-03-04", "2026-03-01")])
      Issue.record("a reversed pause was taken")
    } catch {
      #expect(error.message == "pause 1 ends (2026-03-01) before it starts (2026-03-04); 'to' is the last paused day")
    }
  }

  @Test(
    "a new pause is checked against the others, the backdating and the cap",
    arguments: [
      ("2026-03-10", "2026-03-12", nil),
      (
        "2026-03-12", "2026-03-10",
        "the pause ends (2026-03-10) before it starts (2026-03-12); 'to' is the last paused day"
      ),
      ("2026-03-08", "2026-03-08", nil),
      (
        "2026-03-07", "2026-03-08",
        "a pause starts at most 2 days before today (2026-03-10); 2026-03-07 is earlier"
      ),
      (
        "2026-03-20", "2026-03-22",
        "the pause 2026-03-20 to 2026-03-22 overlaps the pause 2026-03-22 to 2026-03-25; a day is paused once"
      ),
      (
        "2026-03-12", "2026-03-18",
        "the pause takes 2026-03 to 11 paused days, past the catalog's 10 a month; 6 days are left in 2026-03"
      ),
      // Up to the cap: 4 days and 6.
      ("2026-03-26", "2026-03-31", nil),
      // Across a month's end, each month counts its own days: 4 in March and 6 in April.
      ("2026-03-28", "2026-04-06", nil),
    ] as [(String, String, String?)])
  func newPause(_ from: String, _ to: String, _ problem: String?) throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let existing = [Self.pause("2026-03-22", "2026-03-25")]
    #expect(engine.pauseProblem(Self.pause(from, to), existing: existing, today: Fixture.day("2026-03-10")) == problem)
  }

  @Test("a catalog without pauses caps nothing and backdates nothing")
  func noPolicy() throws {
    let engine = Engine(try Fixture.catalog("catalog: demo\ninputs: {read: {type: bool}}"))
    let today = Fixture.day("2026-03-10")
    #expect(engine.pauseProblem(Self.pause("2026-03-10", "2027-03-10"), existing: [], today: today) == nil)
    #expect(
      engine.pauseProblem(Self.pause("2026-03-09", "2026-03-09"), existing: [], today: today)
        == "a pause starts today (2026-03-10) or later; 2026-03-09 is in the past")
  }

  @Test("a history's pauses are read in date order; overlapping or reversed ones are refused at their line")
  func historyKey() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let history = try Fixture.history(
      """
      pauses:
        - {from: 2026-03-20, to: 2026-03-21}
        - {from: 2026-03-03, to: 2026-03-04}
      days: []
      """, for: catalog)
    #expect(history.pauses == [Self.pause("2026-03-03", "2026-03-04"), Self.pause("2026-03-20", "2026-03-21")])
    #expect(
      Fixture.historyDiagnostics(
        """
        pauses:
          - {from: 2026-03-01, to: 2026-03-05}
          - {from: 2026-03-05, to: 2026-03-06}
        days: []
        """, for: catalog) == [
          "3:5: the pause at line 3 (2026-03-05 to 2026-03-06) overlaps the pause at line 2 (2026-03-01 to 2026-03-05); a day is paused once"
        ])
    #expect(
      Fixture.historyDiagnostics("pauses:\n  - {from: 2026-03-05, to: 2026-03-01}\ndays: []", for: catalog) == [
        "2:5: the pause at line 2 ends (2026-03-01) before it starts (2026-03-05); 'to' is the last paused day"
      ])
    #expect(
      Fixture.historyDiagnostics("pauses:\n  - {from: 2026-02-30, to: 2026-03-01}\ndays: []", for: catalog) == [
        "2:12: the pause's 'from': 2026-02-30 is not a day of the calendar"
      ])
  }

  @Test("pausable is refused on an elapsed streak, and the policy survives the export")
  func catalogKeys() throws {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      inputs: {relapse: {type: bool}}
      streaks:
        clean: {type: elapsed, resets: relapse, pausable: true}
      """)
    #expect(
      diagnostics.contains { $0.contains("'pausable' applies to consecutive streaks") }, "\(diagnostics)")
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let exported = try Engine(exportedCatalog: Data(CatalogExport.json(engine.catalog).serialized().utf8))
    #expect(exported.catalog.catalog.pauses == PausePolicy(maxDays: 10, per: .month, backdateDays: 2))
    #expect(exported.catalog.catalog.streaks.map(\.pausable) == [true, false])
  }

  @Test("docs/catalog-format.md's holiday pause is examples/pauses/holiday.yaml")
  func documentedExample() throws {
    let docs = try String(
      contentsOf: Fixture.repository.appendingPathComponent("docs/catalog-format.md"), encoding: .utf8)
    let section = try #require(docs.range(of: "## Pauses: a holiday that keeps the streak"))
    let block = try #require(docs[section.upperBound...].range(of: "```yaml\n"))
    let end = try #require(docs[block.upperBound...].range(of: "```"))
    let file = try String(
      contentsOf: Fixture.repository.appendingPathComponent("examples/pauses/holiday.yaml"), encoding: .utf8)
    #expect(String(docs[block.upperBound..<end.lowerBound]) == file, "the docs show the example file as it is")
    #expect(Fixture.diagnostics(file).isEmpty)
  }
}
