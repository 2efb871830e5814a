import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing

/// Badges that repeat (`repeats: week|month|hijri_month`, issue 39): earned once in each
/// period, their progress starting again each period, every earning kept in the state. By hand
/// across week, month, year and Hijri month ends; the check's refusals by their exact messages.
@Suite("repeating badges")
struct RepeatingBadgeTests {
  /// Weeks from Monday (the default): 2026-05-04 to 05-10 is 2026-W19, 05-11 to 05-17 2026-W20.
  static let yaml = """
    catalog: demo
    inputs: {n: {type: int, min: 0, max: 1000}}
    metrics:
      week_n: week(n)
      earned: badges.count
      xp: badges.xp
    badges:
      - {id: once, name: Once, when: week(n) >= 10}
      - {id: weekly, name: Weekly, when: week_n >= 10, repeats: week, xp: 5}
      - {id: monthly, name: Monthly, when: month(n) >= 300, repeats: month}
      - {id: hijri, name: Hijri, when: hijri_month(n) >= 300, repeats: hijri_month}
    """

  static func engine(_ text: String = yaml) throws -> Engine { Engine(try Fixture.catalog(text)) }

  static func records(_ days: [(String, Int)], for engine: Engine) throws -> [DayRecord] {
    try days.map { try DayRecord(date: CalendarDay($0.0), values: ["n": .int($0.1)], for: engine) }
  }

  /// Checks each date in turn with the state of the check before.
  static func checks(_ engine: Engine, _ records: [DayRecord], on dates: [String]) throws -> [DailyCheck] {
    var state: UserState?
    var results: [DailyCheck] = []
    for date in dates {
      let check = try engine.check(user: "u", start: nil, on: CalendarDay(date), records: records, state: state)
      state = check.state
      results.append(check)
    }
    return results
  }

  static func unlock(_ evaluation: Evaluation, _ id: String) -> Evaluation.Unlock? {
    evaluation.badges.unlocked.first { $0.id == id }
  }

  static func locked(_ evaluation: Evaluation, _ id: String) -> Evaluation.LockedBadge? {
    evaluation.badges.locked.first { $0.id == id }
  }

  // MARK: - rules check

  @Test("the check refuses a criterion that does not start again with the period, with a suggestion")
  func refusals() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      metrics: {days: total(done), wk: week(done)}
      groups: [{id: steps, progressive: true}]
      badges:
        - {id: a, name: A, when: total(done) >= 3, repeats: week}
        - {id: b, name: B, when: done, repeats: month}
        - {id: c, name: C, when: days >= 2, repeats: weekly}
        - {id: d, name: D, when: wk >= 2, repeats: week, group: steps}
        - {id: e, name: E, when: wk >= 2, repeats: month}
        - {id: f, name: F, when: wk >= 2 && total(done) >= 1, repeats: week}
      """)
    #expect(
      diagnostics == [
        "6:55: error: a badge that repeats every week needs a criterion that starts again each week: 'total(done) >= 3' reads no week(x) (directly or through a metric); count the week's days with week(x), e.g. when: week(done) >= 3",
        "7:43: error: a badge that repeats every month needs a criterion that starts again each month: 'done' reads no month(x) (directly or through a metric); count the month's days with month(x), e.g. when: month(done) >= 1",
        "8:48: error: 'repeats' must be one of 'week', 'month', 'hijri_month'; found 'weekly'",
        "9:46: error: a badge of the progressive group 'steps' cannot repeat (the group unlocks each badge once, in order); take it out of the group or remove 'repeats'",
        "10:46: error: a badge that repeats every month needs a criterion that starts again each month: 'wk >= 2' reads no month(x) (directly or through a metric); count the month's days with month(x), e.g. when: month(done) >= 1",
      ])
  }

  @Test("a criterion on the period's sum, directly or through metrics, passes; so do non-progressive groups")
  func accepted() {
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        inputs: {done: {type: bool}}
        metrics: {wk: week(done), enough: wk >= 3, ramadan: hijri_month(done)}
        groups: [{id: weekly}]
        badges:
          - {id: a, name: A, when: enough, repeats: week, group: weekly}
          - {id: b, name: B, when: ramadan >= 29 && hijri.month == 9, repeats: hijri_month}
        """
      ).isEmpty)
  }

  // MARK: - The engine

  @Test("a weekly challenge: earned once a week, locked again on Monday, each earning kept and counted")
  func weekly() throws {
    let engine = try Self.engine()
    // Friday 05-08 and Sunday 05-10 are 2026-W19; Monday 05-11 begins 2026-W20.
    let records = try Self.records(
      [("2026-05-08", 6), ("2026-05-10", 6), ("2026-05-11", 4), ("2026-05-12", 20), ("2026-05-13", 50)], for: engine)
    let results = try Self.checks(
      engine, records, on: ["2026-05-08", "2026-05-10", "2026-05-11", "2026-05-12", "2026-05-13"]
    ).map(\.evaluation)
    #expect(results.map { $0.badges.new } == [[], ["once", "weekly"], [], ["weekly"], []])
    #expect(Self.locked(results[0], "weekly")?.current == .int(6))
    // The new week: locked again, its progress the week's (4 of 10), the earning kept.
    let monday = try #require(Self.locked(results[2], "weekly"))
    #expect(monday.current == .int(4) && monday.repeats == "week" && monday.times == 1)
    #expect(monday.lastEarned == Evaluation.Earning(period: "2026-W19", date: Fixture.day("2026-05-10")))
    let tuesday = try #require(Self.unlock(results[3], "weekly"))
    #expect(tuesday.date == Fixture.day("2026-05-12") && tuesday.period == "2026-W20" && tuesday.times == 2)
    #expect(
      results[3].badges.newEarnings == [
        Evaluation.NewEarning(
          id: "weekly", earning: Evaluation.Earning(period: "2026-W20", date: Fixture.day("2026-05-12")))
      ])
    // badges.count and badges.xp count each earning: once + weekly twice; 5 xp each time.
    #expect(results[4].metric("earned") == .int(3) && results[4].metric("xp") == .int(10))
    #expect(results[4].badges.newEarnings.isEmpty)
  }

  @Test("a check after days away tells each period's earning since, with its period and day")
  func catchUp() throws {
    let engine = try Self.engine()
    let records = try Self.records(
      [("2026-05-04", 10), ("2026-05-12", 10), ("2026-05-19", 10), ("2026-05-28", 1)], for: engine)
    let results = try Self.checks(engine, records, on: ["2026-05-04", "2026-05-28"])
    let last = results[1].evaluation
    #expect(last.badges.new == ["weekly", "weekly"])
    #expect(
      last.badges.newEarnings.map { "\($0.id) \($0.earning.period) \($0.earning.date)" } == [
        "weekly 2026-W20 2026-05-12", "weekly 2026-W21 2026-05-19",
      ])
    // 2026-05-25 to 05-31 (2026-W22) has 1 so far: locked, earned three times before.
    #expect(Self.locked(last, "weekly")?.times == 3)
    #expect(
      results[1].state.unlocks.filter { $0.id == "weekly" }.map { "\($0.period ?? "") \($0.date)" } == [
        "2026-W19 2026-05-04", "2026-W20 2026-05-12", "2026-W21 2026-05-19",
      ])
  }

  @Test("month and year ends: the monthly challenge starts again on the 1st; Hijri months on theirs")
  func monthsAndHijriMonths() throws {
    let engine = try Self.engine()
    // 30 Ramadan 1447 is 2026-03-19, 1 Shawwal 03-20; 2026-12-31 is in Rajab 1448.
    let records = try Self.records(
      [
        ("2026-03-18", 150), ("2026-03-19", 150), ("2026-03-20", 300), ("2026-12-31", 300), ("2027-01-01", 300),
      ], for: engine)
    let results = try Self.checks(
      engine, records, on: ["2026-03-19", "2026-03-20", "2026-12-31", "2027-01-01"]
    ).map(\.evaluation)
    let earned = { (evaluation: Evaluation, id: String) in
      Self.unlock(evaluation, id).map { "\($0.period ?? "") \($0.date) \($0.times)" }
    }
    // Ramadan's 300 and March's.
    #expect(earned(results[0], "hijri") == "1447-09 2026-03-19 1")
    #expect(earned(results[0], "monthly") == "2026-03 2026-03-19 1")
    // 03-20: Shawwal's 300 earn Shawwal's; March's is earned already.
    #expect(earned(results[1], "hijri") == "1447-10 2026-03-20 2")
    #expect(earned(results[1], "monthly") == "2026-03 2026-03-19 1")
    #expect(results[1].badges.new == ["hijri"])
    #expect(earned(results[2], "monthly") == "2026-12 2026-12-31 2")
    #expect(earned(results[2], "hijri") == "1448-07 2026-12-31 3")
    // The year's end: January's, and Rajab's is kept.
    #expect(earned(results[3], "monthly") == "2027-01 2027-01-01 3")
    #expect(results[3].badges.new == ["monthly"])
  }

  @Test("with unlocks at the check, a period's earning waits for a check in that period")
  func atCheck() throws {
    let engine = try Self.engine(
      """
      catalog: demo
      unlocks: {at: check}
      inputs: {n: {type: int, min: 0, max: 1000}}
      badges:
        - {id: weekly, name: Weekly, when: week(n) >= 10, repeats: week}
      """)
    // 05-05 (W19) meets it, but the app next checks on 05-12 (W20), whose sum is 0.
    let records = try Self.records([("2026-05-05", 10), ("2026-05-13", 10)], for: engine)
    let results = try Self.checks(engine, records, on: ["2026-05-04", "2026-05-12", "2026-05-13"])
      .map(\.evaluation)
    #expect(results.map { $0.badges.new } == [[], [], ["weekly"]])
    #expect(Self.unlock(results[2], "weekly")?.times == 1)
  }

  @Test("replay gives what day-by-day checks give")
  func replay() throws {
    let engine = try Self.engine()
    let days = (0..<70).map { offset in ((Fixture.day("2026-02-01") + offset).description, (offset * 7) % 11) }
    let records = try Self.records(days, for: engine)
    let dates = days.map(\.0)
    let checked = try Self.checks(engine, records, on: dates).map(\.evaluation)
    let replayed = try engine.replay(
      user: "u", start: nil, records: records, from: nil, to: CalendarDay(dates.last!))
    #expect(replayed.map(\.badges) == checked.map(\.badges))
    // By brute force: the weeks (from Monday) whose days add up to 10.
    var weeks: [Int: Int] = [:]
    for (date, n) in days {
      let day = Fixture.day(date)
      weeks[day.number - WeekStart.monday.daysSinceStart(ofDay: day.number), default: 0] += n
    }
    let expected = weeks.values.count { $0 >= 10 }
    #expect(expected > 5)
    let last = try #require(checked.last)
    #expect((Self.unlock(last, "weekly")?.times ?? Self.locked(last, "weekly")?.times) == expected)
  }

  // MARK: - The state

  @Test("the state keeps every earning, in JSON and binary, and reads back exactly")
  func stateRoundTrip() throws {
    let engine = try Self.engine()
    let records = try Self.records(
      [("2026-05-04", 10), ("2026-05-12", 10), ("2026-05-19", 10), ("2026-06-01", 30)], for: engine)
    let state = try #require(try Self.checks(engine, records, on: ["2026-05-04", "2026-06-02"]).last?.state)
    let json = try state.json()
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains(#""id": "weekly","#) && text.contains(#""period": "2026-W21""#))
    let fromJSON = try UserState(json: json, for: engine)
    // (The JSON writes windows oldest first: read back, it is the same JSON.)
    #expect(try fromJSON.json() == json)
    let binary = state.binary()
    let fromBinary = try UserState(binary: binary, for: engine)
    #expect(BinaryStateTests.same(fromBinary, state))
    #expect(fromBinary.binary() == binary)
    #expect(
      fromBinary.unlocks.map { "\($0.id) \($0.period ?? "-") \($0.date)" } == [
        "once - 2026-05-04", "weekly 2026-W19 2026-05-04", "weekly 2026-W20 2026-05-12",
        "weekly 2026-W21 2026-05-19", "weekly 2026-W23 2026-06-01",
      ])
    // The next check goes on from either: the same evaluation.
    let next = try Fixture.day("2026-06-03")
    let a = try engine.check(user: "u", start: nil, on: next, records: records, state: fromJSON)
    let b = try engine.check(user: "u", start: nil, on: next, records: records, state: state)
    #expect(a.evaluation == b.evaluation)
    #expect(a.evaluation.metric("earned") == .int(5) && a.evaluation.metric("xp") == .int(20))
  }

  @Test("a state saved before the badge repeated reads as it did: its unlock is the first earning")
  func oldState() throws {
    let before = try Self.engine(Self.yaml.replacingOccurrences(of: ", repeats: week", with: ""))
    let after = try Self.engine()
    let records = try Self.records([("2026-05-04", 10), ("2026-05-12", 10)], for: after)
    let old = try #require(try Self.checks(before, records, on: ["2026-05-04"]).last?.state)
    for saved in [old.binary(), try old.json()] {
      let state =
        saved.first == UInt8(ascii: "{")
        ? try UserState(json: saved, for: after) : try UserState(binary: saved, for: after)
      #expect(state.unlocks.map { "\($0.id) \($0.period ?? "-")" } == ["once -", "weekly 2026-W19"])
      let check = try after.check(user: "u", start: nil, on: Fixture.day("2026-05-12"), records: records, state: state)
      #expect(check.evaluation.badges.new == ["weekly"])
      #expect(Self.unlock(check.evaluation, "weekly")?.times == 2)
    }
  }

  @Test("a rebuild keeps every earning of the old state, and tells none of them again")
  func rebuild() throws {
    let engine = try Self.engine()
    let records = try Self.records([("2026-05-04", 10), ("2026-05-12", 10), ("2026-05-20", 10)], for: engine)
    let saved = try #require(try Self.checks(engine, records, on: ["2026-05-04", "2026-05-12"]).last?.state)
    // The record of 05-04 is gone: a rebuild cannot earn 2026-W19 again, but keeps it.
    let rebuilt = try engine.check(
      user: "u", start: nil, on: Fixture.day("2026-05-20"), records: Array(records.dropFirst()), state: saved,
      rebuild: true)
    #expect(rebuilt.evaluation.badges.new == ["weekly"])
    #expect(rebuilt.evaluation.badges.newEarnings.map(\.earning.period) == ["2026-W21"])
    #expect(
      rebuilt.state.unlocks.filter { $0.id == "weekly" }.map { $0.period ?? "" } == [
        "2026-W19", "2026-W20", "2026-W21",
      ])
    #expect(Self.unlock(rebuilt.evaluation, "weekly")?.times == 3)
    // badges.count counts the four earnings (read the next day: a metric no badge reads shows
    // the count before the day's unlocks, for any badge).
    let next = try engine.check(
      user: "u", start: nil, on: Fixture.day("2026-05-21"), records: Array(records.dropFirst()), state: rebuilt.state)
    #expect(next.evaluation.metric("earned") == .int(4) && next.evaluation.badges.new.isEmpty)
  }

  // MARK: - The compiled day

  @Test("the Swift export refuses a catalog with a repeating badge, naming it")
  func export() throws {
    let engine = try Self.engine()
    #expect(throws: SwiftDayExport.Unsupported.self) {
      try SwiftDayExport.source(engine.program, typeName: "DemoDay")
    }
    do {
      _ = try SwiftDayExport.source(engine.program, typeName: "DemoDay")
    } catch {
      #expect(
        "\(error)"
          == "its badge 'weekly' repeats (`repeats`), which has no Swift translation; its day runs on the interpreter")
    }
  }

  // MARK: - The evaluation's JSON

  @Test("the JSON has the repeating badges' keys, and reads back equal")
  func json() throws {
    let engine = try Self.engine()
    let records = try Self.records([("2026-05-04", 10), ("2026-05-12", 3)], for: engine)
    let evaluation = try #require(try Self.checks(engine, records, on: ["2026-05-12"]).last?.evaluation)
    let text = evaluation.json.serialized(indent: nil)
    #expect(
      text.contains(
        #"{"id":"weekly","current":3,"target":10,"progress":0.3,"waiting":false,"repeats":"week","times":1,"earned_this_period":false,"last_earned":{"period":"2026-W19","date":"2026-05-04"},"name":"Weekly""#
      ))
    #expect(text.contains(#""new_earnings":[{"id":"weekly","period":"2026-W19","date":"2026-05-04"}]"#))
    // A badge earned once has none of them.
    #expect(text.contains(#"{"id":"once","date":"2026-05-04","name":"Once""#))
    let read = try JSONDecoder().decode(Evaluation.self, from: Data(text.utf8))
    #expect(read.badges == evaluation.badges)
  }
}
