import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing
import YAMLReader

/// Repairs a user makes (issue 54; the agreed semantics, section 3): a consecutive streak's
/// `repairs` in the catalog, a history's `repairs`, the Swift API's `check(..., repairs:)`,
/// `repair` and `repairProblem` with the budget, and every bad input by its exact answer.
@Suite("repairs")
struct RepairTests {
  /// 2026-05-04 is a Monday (weeks start on Monday).
  static let catalog = """
    catalog: demo
    inputs: {done: {type: bool}}
    streaks:
      daily: {counts: done, repairs: {within_days: 2, max: 1, per: week}}
      monthly: {counts: done, repairs: {within_days: 7, max: 1, per: month}}
      plain: {counts: done}
      frozen: {counts: done, freezes: {earn_every: 2, max: 1}, repairs: {within_days: 2, max: 1, per: year}}
    """

  static func records(_ dates: [String], _ engine: Engine) throws -> [DayRecord] {
    try dates.map { try DayRecord(date: Fixture.day($0), values: ["done": .bool(true)], for: engine) }
  }

  static func current(_ evaluation: Evaluation, _ name: String) -> Int {
    evaluation.streaks.first { $0.name == name }!.current
  }

  /// Done 05-01 to 05-03, missed 05-04 (a Monday), done 05-05 and 05-06.
  static let dates = ["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-05", "2026-05-06"]

  @Test("rules check refuses each bad repairs at its key")
  func catalogProblems() {
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        inputs: {done: {type: bool}}
        streaks:
          a: {counts: done, repairs: {within_days: 0, max: 0, per: day}}
          b: {counts: done, repairs: {within_days: 366, max: 1}}
          c: {type: elapsed, repairs: {within_days: 2, max: 1, per: week}}
          d: {type: periodic, period: week, goal: 3, counts: done, repairs: {within_days: 2, max: 1, per: week}}
          e: {counts: done, repairs: 3}
        """) == [
          "4:44: error: 'within_days' must be at least 1; found 0",
          "4:52: error: 'max' must be at least 1; found 0",
          "4:60: error: 'per' must be one of 'week', 'month', 'year'; found 'day'",
          "5:30: error: repairs is missing the required key 'per'",
          "5:44: error: 'within_days' must be at most 365; found 366",
          "6:31: error: 'repairs' applies to consecutive streaks; the elapsed streak 'c' counts days since its start or last reset",
          "7:69: error: 'repairs' applies to consecutive streaks; the periodic streak 'd' counts periods, which a day does not break",
          "8:30: error: 'repairs' must be a mapping (repairs); found an integer",
        ])
  }

  @Test("the export writes repairs back: the exported catalog's engine repairs the same")
  func exportRoundTrip() throws {
    let checked = try Fixture.catalog(Self.catalog)
    let engine = Engine(checked)
    let exported = try Engine(exportedCatalog: Data(CatalogExport.json(checked).serialized().utf8))
    #expect(exported.repairableStreaks == ["daily", "monthly", "frozen"])
    #expect(exported.catalog.streaks.map(\.streak.repairs) == checked.streaks.map(\.streak.repairs))
    #expect(
      checked.streaks.first!.streak.repairs == RepairPolicy(withinDays: 2, max: 1, per: .week))
    let repair = Repair(date: Fixture.day("2026-05-04"))
    let day = Fixture.day("2026-05-06")
    let mine = try engine.check(
      user: nil, start: nil, on: day, records: Self.records(Self.dates, engine), state: nil, repairs: [repair])
    let theirs = try exported.check(
      user: nil, start: nil, on: day, records: Self.records(Self.dates, exported), state: nil, repairs: [repair])
    #expect(mine.evaluation == theirs.evaluation)
    #expect(Self.current(theirs.evaluation, "daily") == 5)
  }

  @Test("a repaired day is covered for the streaks it broke: it neither extends nor breaks them")
  func covers() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let records = try Self.records(Self.dates, engine)
    let day = Fixture.day("2026-05-06")
    let without = try engine.check(user: nil, start: nil, on: day, records: records, state: nil)
    #expect(["daily", "monthly", "plain"].map { Self.current(without.evaluation, $0) } == [2, 2, 2])
    // The freeze earned on 05-02 covered 05-04: the streak did not break.
    #expect(Self.current(without.evaluation, "frozen") == 5)
    let repaired = try engine.check(
      user: nil, start: nil, on: day, records: records, state: nil, repairs: [Repair(date: Fixture.day("2026-05-04"))])
    // Three days, the repaired one kept, two more; the streak without repairs still broke; the
    // freeze was used as on any day (a repair covers what would break).
    #expect(["daily", "monthly", "plain", "frozen"].map { Self.current(repaired.evaluation, $0) } == [5, 5, 2, 5])
    let frozen = repaired.evaluation.streaks.first { $0.name == "frozen" }!
    #expect(frozen == without.evaluation.streaks.first { $0.name == "frozen" }!)
    #expect(frozen.lastProtected == Fixture.day("2026-05-04"))
    // A repair naming one streak covers that one alone.
    let named = try engine.check(
      user: nil, start: nil, on: day, records: records, state: nil,
      repairs: [Repair(date: Fixture.day("2026-05-04"), made: Fixture.day("2026-05-05"), streaks: ["monthly"])])
    #expect(["daily", "monthly"].map { Self.current(named.evaluation, $0) } == [2, 5])
    // The replay, day by day, and the check from a state counted before the repair with rebuild.
    let days = try engine.replay(
      user: nil, start: nil, records: records, from: nil, to: day, repairs: [Repair(date: Fixture.day("2026-05-04"))])
    #expect(days.map { Self.current($0, "daily") } == [1, 2, 3, 3, 4, 5])
    let before = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-05-05"), records: records, state: nil)
    #expect(Self.current(before.evaluation, "daily") == 1)
    let rebuilt = try engine.check(
      user: nil, start: nil, on: day, records: records, state: before.state, rebuild: true,
      repairs: [Repair(date: Fixture.day("2026-05-04"))])
    #expect(rebuilt.evaluation == repaired.evaluation)
  }

  @Test("a repair is asked for: too late, nothing broken, over the budget, each with its reason")
  func budget() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let records = try Self.records(Self.dates, engine)
    let missed = Fixture.day("2026-05-04")
    func ask(_ date: String, on today: String, existing: [Repair] = []) throws -> String {
      switch try engine.repairProblem(
        Fixture.day(date), today: Fixture.day(today), existing: existing, user: nil, start: nil, records: records)
      {
      case nil:
        let repair = try engine.repair(
          Fixture.day(date), today: Fixture.day(today), existing: existing, user: nil, start: nil, records: records)
        return "made \(repair.made!): " + (repair.streaks ?? []).joined(separator: ", ")
      case let refusal?: return refusal.description
      }
    }
    // Two days later both streaks with repairs take it (the freeze covered the third).
    #expect(try ask("2026-05-04", on: "2026-05-06") == "made 2026-05-06: daily, monthly")
    // Three days later only the one that takes a week's lateness.
    #expect(try ask("2026-05-04", on: "2026-05-07") == "made 2026-05-07: monthly")
    #expect(
      try ask("2026-05-04", on: "2026-05-12")
        == "too-late: 2026-05-04 is 8 days before today (2026-05-12): 'daily' takes them at most 2 days back; 'monthly' takes them at most 7 days back"
    )
    #expect(
      try ask("2026-05-06", on: "2026-05-06")
        == "too-late: 2026-05-06 is not before today (2026-05-06): today cannot have broken a streak yet")
    #expect(
      try ask("2026-05-05", on: "2026-05-06")
        == "nothing-broken: 2026-05-05 broke no streak that takes repairs ('daily', 'monthly', 'frozen'): it counted, was skipped or paused, or was covered"
    )
    #expect(
      try ask("2026-05-04", on: "2026-05-06", existing: [Repair(date: missed, made: Fixture.day("2026-05-05"))])
        == "nothing-broken: 2026-05-04 is repaired already")
    // A repair made this week (W19) and this month uses both budgets.
    let spent = [Repair(date: Fixture.day("2026-04-28"), made: Fixture.day("2026-05-04"))]
    #expect(
      try ask("2026-05-04", on: "2026-05-06", existing: spent)
        == "over-budget: no repair is left: 'daily' already had 1 made in 2026-W19, at most 1 a week; 'monthly' already had 1 made in 2026-05, at most 1 a month"
    )
    // Made the Sunday before: the week's budget is whole again, the month's is not.
    let lastWeek = [Repair(date: Fixture.day("2026-04-28"), made: Fixture.day("2026-05-03"))]
    #expect(try ask("2026-05-04", on: "2026-05-06", existing: lastWeek) == "made 2026-05-06: daily")
    // One naming another streak leaves this one's budget alone; one without `made` counts as
    // made the day after its date.
    let other = [Repair(date: Fixture.day("2026-04-28"), made: Fixture.day("2026-05-04"), streaks: ["monthly"])]
    #expect(try ask("2026-05-04", on: "2026-05-06", existing: other) == "made 2026-05-06: daily")
    let unmade = [Repair(date: Fixture.day("2026-05-03"))]
    #expect(try ask("2026-05-04", on: "2026-05-06", existing: unmade).hasPrefix("over-budget: "))
    // `repair` throws the refusal.
    #expect(
      Fixture.message {
        _ = try engine.repair(
          Fixture.day("2026-05-05"), today: Fixture.day("2026-05-06"), user: nil, start: nil, records: records)
      }
        == "repair-refused: nothing-broken: 2026-05-05 broke no streak that takes repairs ('daily', 'monthly', 'frozen'): it counted, was skipped or paused, or was covered"
    )
  }

  @Test("a check refuses repairs it cannot take, each with its reason")
  func checkRefusals() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let records = try Self.records(Self.dates, engine)
    let day = Fixture.day("2026-05-06")
    func check(_ repairs: [Repair]) -> String? {
      Fixture.message {
        _ = try engine.check(user: nil, start: nil, on: day, records: records, state: nil, repairs: repairs)
      }
    }
    let missed = Fixture.day("2026-05-04")
    #expect(
      check([Repair(date: missed), Repair(date: missed)])
        == "bad-value: repair 2: 2026-05-04 is repaired twice; repair a day once")
    #expect(
      check([Repair(date: missed, made: missed)])
        == "bad-value: repair 1: it is made on 2026-05-04, not after the day it repairs (2026-05-04), which cannot have broken anything yet"
    )
    #expect(
      check([Repair(date: missed, streaks: ["plain"])])
        == "bad-value: repair 1: the streak 'plain' takes no repairs (it has no 'repairs'); the streaks that do: daily, monthly, frozen"
    )
    #expect(
      check([Repair(date: missed, streaks: ["dialy"])])
        == "bad-value: repair 1: the catalog 'demo' has no streak 'dialy'; its consecutive streaks are daily, monthly, plain, frozen"
    )
    let none = Engine(
      try Fixture.catalog("catalog: none\ninputs: {done: {type: bool}}\nstreaks:\n  plain: {counts: done}\n"))
    #expect(
      Fixture.message {
        _ = try none.check(
          user: nil, start: nil, on: day, records: [], state: nil, repairs: [Repair(date: missed)])
      }
        == "bad-value: repair 1: the catalog 'none' has no streak that takes repairs (a consecutive streak with 'repairs')"
    )
    #expect(
      try none.repairProblem(missed, today: day, user: nil, start: nil, records: [])?.description
        == "nothing-broken: the catalog 'none' has no streak that takes repairs")
  }

  @Test("a history's repairs: dates or {date, made, streaks}; each bad one at its line")
  func history() throws {
    let catalog = try Fixture.catalog(Self.catalog)
    let history = try Fixture.history(
      """
      repairs: [2026-05-04, {date: 2026-05-02, made: 2026-05-03, streaks: [daily]}]
      days:
        - {date: 2026-05-01, done: true}
      """, for: catalog)
    #expect(
      history.repairs == [
        Repair(date: Fixture.day("2026-05-02"), made: Fixture.day("2026-05-03"), streaks: ["daily"]),
        Repair(date: Fixture.day("2026-05-04")),
      ])
    func problems(_ text: String, _ catalog: ValidatedCatalog) -> [String] {
      let root = YAMLDocumentReader().read(SourceFile(path: "history.yaml", text: text)).root
      let (_, problems) = HistoryDecoder.decode(
        root, file: "history.yaml", inputs: catalog.inputs,
        streaks: (catalog.streaks.map(\.streak), catalog.catalog.id))
      return problems.map { "\($0.line):\($0.column): \($0.message)" }
    }
    let periodic = try Fixture.catalog(
      Self.catalog + "\n  weekly: {type: periodic, period: week, goal: 2, counts: done}\n")
    #expect(
      problems(
        """
        repairs:
          - 2026-05-03
          - {date: 2026-05-03}
          - {date: 2026-05-02, made: 2026-05-01}
          - {date: 2026-05-01, streaks: [plain]}
          - {date: 2026-04-01, streaks: [dialy]}
          - {date: 2026-04-02, streaks: [weekly]}
          - notadate
        days:
          - {date: 2026-05-01, done: true}
        """, periodic) == [
          "3:12: 2026-05-03 is repaired twice (first at line 2); repair a day once",
          "4:30: the repair of 2026-05-02 is 'made' on 2026-05-01; a repair is made after the day it repairs (that day cannot have broken anything yet)",
          "5:34: the streak 'plain' takes no repairs (it has no 'repairs'); the streaks that do: daily, monthly, frozen",
          "6:34: the catalog 'demo' has no streak 'dialy'; its consecutive streaks are daily, monthly, plain, frozen",
          "7:34: the streak 'weekly' counts periods, which a day does not break; restores and repairs apply to the consecutive streaks: daily, monthly, plain, frozen",
          "8:5: the repair's 'date': 'notadate' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31",
        ])
    let none = try Fixture.catalog("catalog: none\ninputs: {done: {type: bool}}\nstreaks:\n  plain: {counts: done}\n")
    #expect(
      problems("repairs: [2026-05-03]\ndays: []\n", none) == [
        "1:11: the catalog 'none' has no streak that takes repairs (a consecutive streak with 'repairs')"
      ])
  }
}
