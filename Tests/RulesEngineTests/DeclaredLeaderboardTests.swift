import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Leaderboards that reset (issue 39, item 3): the catalog's `leaderboards`, refused by exact
/// message where they cannot be ranked, and the evaluation's value and period of each, across
/// week, month, year and Hijri month ends and a catalog's `week_starts`.
@Suite struct DeclaredLeaderboardTests {
  static let yaml = """
    catalog: league
    week_starts: sunday
    inputs:
      duas: {type: int, min: 0, max: 100}
      minutes: {type: number, min: 0, max: 600}
    streaks:
      practice: {counts: duas >= 1}
    metrics:
      month_duas: month(duas)
    leaderboards:
      - {id: weekly, value: week(duas), period: week}
      - {id: monthly, value: month_duas, period: month}
      - {id: hijri, value: hijri_month(duas), period: hijri_month}
      - {id: daily, value: minutes, period: day}
      - {id: streaks, value: practice.current, period: all}
      - {id: lifetime, value: total(minutes), period: all}
    """

  @Test("bad leaderboards are refused, each by its located message")
  func refusals() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: bad
      inputs:
        duas: {type: int, max: 10}
        mood: {type: enum, values: [ok, good]}
        done: {type: bool}
      metrics:
        xp: total(duas)
      leaderboards:
        - {id: weekly, value: week(duas), period: fortnight}
        - {id: xp, value: xp, period: week}
        - {id: moods, value: mood, period: week}
        - {id: twice, value: week(duas) * 2, period: week}
        - {id: dup, value: week(duas), period: week}
        - {id: dup, value: month(duas), period: month}
        - {id: flags, value: done, period: day}
        - {id: unknown, value: weeks(duas), period: day}
        - {id: no-period, value: week(duas)}
      """)
    #expect(
      diagnostics == [
        "9:45: error: 'period' must be one of 'day', 'week', 'month', 'hijri_month', 'all'; found 'fortnight'",
        "10:5: error: the leaderboard id 'xp' is the name of the metric 'xp', whose all-time leaderboard has that name; choose another id",
        "11:24: error: a leaderboard ranks a number; 'mood' is mood (an enum)",
        "12:24: error: a leaderboard's value is a metric, an input, a streak's field or a period sum (week(x), month(x), hijri_month(x), total(x)); define a metric for 'week(duas) * 2' and rank it",
        "13:5: error: the leaderboard id 'dup' is used twice (also at line 14, column 5)",
        "14:5: error: the leaderboard id 'dup' is used twice (also at line 13, column 5)",
        "15:24: error: a leaderboard ranks a number; 'done' is a boolean",
        "16:26: error: unknown function 'weeks'; did you mean 'week'?",
        "17:5: error: leaderboard 'no-period' is missing the required key 'period'",
      ])
  }

  @Test("each leaderboard's value and period, across week, month, year and Hijri month ends")
  func valuesAndPeriods() throws {
    let catalog = try Fixture.catalog(Self.yaml)
    // 2026-12-26 is a Saturday, 12-27 a Sunday (weeks from Sunday); 2027-01-01 a Friday.
    let history = try Fixture.history(
      """
      days:
      \(Fixture.days(from: "2026-12-25", ["duas: 1, minutes: 2.5", "duas: 2", "duas: 4, minutes: 10", "duas: 8", "", "", "", "duas: 16, minutes: 1"]))
      """, for: catalog)
    let evaluations = try Fixture.evaluate(
      catalog, history, on: ["2026-12-26", "2026-12-27", "2026-12-28", "2027-01-01"])
    func board(_ evaluation: Evaluation) -> [String] {
      evaluation.leaderboards.map { "\($0.id) \($0.period) \($0.value)" }
    }
    // Weeks from Sunday: the week of Sunday 2026-12-20 is 2026-W51 (its Wednesday, 12-23, is
    // in the year's 51st seven days), that of Sunday 12-27 is 2026-W52 and holds 2027-01-01.
    // 2026-12-26 is in Rajab 1448 (Umm al-Qura).
    #expect(
      board(evaluations[0]) == [
        "weekly 2026-W51 3", "monthly 2026-12 3", "hijri 1448-07 3", "daily 2026-12-26 0", "streaks all 2",
        "lifetime all 2.5",
      ])
    #expect(
      board(evaluations[1]) == [
        "weekly 2026-W52 4", "monthly 2026-12 7", "hijri 1448-07 7", "daily 2026-12-27 10", "streaks all 3",
        "lifetime all 12.5",
      ])
    #expect(board(evaluations[2]).prefix(2) == ["weekly 2026-W52 12", "monthly 2026-12 15"])
    #expect(board(evaluations[3]).prefix(2) == ["weekly 2026-W52 28", "monthly 2027-01 16"])
    #expect(board(evaluations[3])[3] == "daily 2027-01-01 1")
  }

  @Test("the evaluation's JSON carries the leaderboards, and only for a catalog that declares them")
  func json() throws {
    let catalog = try Fixture.catalog(Self.yaml)
    let history = try Fixture.history("days:\n  - {date: 2026-05-09, duas: 3}", for: catalog)
    let evaluation = try Fixture.evaluate(catalog, history, on: "2026-05-09")
    let text = evaluation.json.serialized(indent: nil)
    #expect(
      text.hasSuffix(
        #""leaderboards":{"weekly":{"period":"2026-W18","value":3},"monthly":{"period":"2026-05","value":3},"hijri":{"period":"1447-11","value":3},"daily":{"period":"2026-05-09","value":0},"streaks":{"period":"all","value":1},"lifetime":{"period":"all","value":0}}}"#
      ), "\(text)")
    let decoded = try JSONDecoder().decode(Evaluation.self, from: Data(text.utf8))
    #expect(decoded.leaderboards.map(\.id) == ["daily", "hijri", "lifetime", "monthly", "streaks", "weekly"])
    let plain = try Fixture.catalog("catalog: plain\ninputs: {duas: {type: int, max: 5}}")
    let none = try Fixture.evaluate(
      plain, try Fixture.history("days:\n  - {date: 2026-05-09, duas: 3}", for: plain), on: "2026-05-09")
    #expect(!none.json.serialized(indent: nil).contains("leaderboards"))
  }
}
