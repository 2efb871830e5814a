import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing
import YAMLReader

/// Periodic streaks (`type: periodic`, issue 54, item 1): periods in a row that met a goal of
/// days. The check's refusals by their exact messages, weeks, months and Hijri months by hand,
/// freezes, pauses (whole and partial periods), support's grants, the state's two forms, and
/// a brute-force comparison with a model of the rule written from the semantics alone.
@Suite("periodic streaks")
struct PeriodicStreakTests {
  static func catalog(
    period: String = "week", goal: Int = 3, freezes: String = "", pausable: Bool = false, extra: String = ""
  ) -> String {
    """
    catalog: demo
    \(extra)inputs: {trained: {type: bool}}
    streaks:
      weekly:
        type: periodic
        period: \(period)
        goal: \(goal)
        counts: trained
    \(freezes.isEmpty ? "" : "    freezes: \(freezes)\n")\(pausable ? "    pausable: true\n" : "")
    """
  }

  /// `rules replay` of `days` (offsets from `first` that count) through `last`.
  static func replay(
    _ yaml: String, first: String, counted: [Int], last: Int, pauses: [(Int, Int)] = [], grants: [(Int, Int)] = []
  ) throws -> [Evaluation.StreakReport] {
    let catalog = try Fixture.catalog(yaml)
    let start = Fixture.day(first)
    var text = "days:\n" + (0...last).map { "  - {date: \(start + $0), trained: \(counted.contains($0))}\n" }.joined()
    if !pauses.isEmpty {
      text += "pauses:\n" + pauses.map { "  - {from: \(start + $0.0), to: \(start + $0.1)}\n" }.joined()
    }
    if !grants.isEmpty {
      text +=
        "freeze_grants:\n"
        + grants.map { "  - {streak: weekly, count: \($0.1), date: \(start + $0.0)}\n" }.joined()
    }
    let history = try Fixture.history(text, for: catalog)
    return CheckRunner.replay(Program(catalog), history: history, from: nil, to: start + last).map {
      $0.streak("weekly")!
    }
  }

  // MARK: - rules check

  @Test("rules check refuses a goal out of the period's days, missing keys, and the keys of other types")
  func refusals() {
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        inputs: {done: {type: bool}}
        streaks:
          a: {type: periodic, period: week, goal: 8, counts: done}
          b: {type: periodic, period: month, goal: 32, counts: done}
          c: {type: periodic, period: hijri_month, goal: 31, counts: done}
          d: {type: periodic, period: week, goal: 0, counts: done}
          e: {type: periodic, counts: done}
          f: {type: periodic, period: fortnight, goal: 2, counts: done}
          g: {type: periodic, period: week, goal: 2, counts: done, today: final, max_days: 3, skips: done}
          h: {counts: done, period: week, goal: 2}
          i: {type: periodic, period: week, goal: 2, counts: done, resets: done}
        """) == [
          "4:43: error: the goal of the periodic streak 'a' is more days than its period has (a week has 7 days): 'goal' must be from 1 to 7; found 8",
          "5:44: error: the goal of the periodic streak 'b' is more days than its period has (a month has at most 31 days): 'goal' must be from 1 to 31; found 32",
          "6:50: error: the goal of the periodic streak 'c' is more days than its period has (a Hijri month has at most 30 days): 'goal' must be from 1 to 30; found 31",
          "7:43: error: 'goal' must be at least 1; found 0",
          "8:6: error: the periodic streak 'e' needs 'period' and 'goal': the days that count (counts), the period (week, month or hijri_month) and the days a period must count (goal)",
          "9:31: error: 'period' must be one of 'week', 'month', 'hijri_month'; found 'fortnight'",
          "10:67: error: 'today' does not apply to the periodic streak 'g': the current period never breaks before it ends, whatever today says",
          "10:84: error: 'max_days' does not apply to the periodic streak 'g': it counts periods, not days",
          "10:94: error: 'skips' does not apply to the periodic streak 'g': a day that does not count simply adds nothing",
          "11:29: error: 'period' applies to periodic streaks (type: periodic); the consecutive streak 'h' counts days",
          "11:41: error: 'goal' applies to periodic streaks (type: periodic); the consecutive streak 'h' counts days",
          "12:68: error: 'resets' does not apply to the periodic streak 'i': it breaks when a period ends below its goal",
        ])
  }

  @Test("a history's restore of a periodic streak is refused at its line; a freeze grant is taken")
  func supportOnPeriodicStreaks() throws {
    let catalog = try Fixture.catalog(Self.catalog() + "  daily: {counts: trained}\n")
    let text = """
      restores:
        - {streak: weekly, from: 2026-05-04, through: 2026-05-05}
      freeze_grants:
        - {streak: weekly, count: 1, date: 2026-05-04}
      days:
        - {date: 2026-05-04, trained: true}
      """
    let root = YAMLDocumentReader().read(SourceFile(path: "history.yaml", text: text)).root
    let (history, problems) = HistoryDecoder.decode(
      root, file: "history.yaml", inputs: catalog.inputs, streaks: (catalog.streaks.map(\.streak), "demo"))
    #expect(history == nil)
    #expect(
      problems.map { "\($0.line):\($0.column): \($0.message)" } == [
        "2:14: the streak 'weekly' counts periods, which a day does not break; restores and repairs apply to the consecutive streaks: daily"
      ])
    let engine = Engine(catalog)
    let day = Fixture.day("2026-05-04")
    #expect(engine.grantProblem(FreezeGrant(streak: "weekly", count: 1, date: day)) == nil)
    #expect(
      engine.restoreProblem(StreakRestore(streak: "weekly", from: day, through: day))
        == "the streak 'weekly' counts periods, which a day does not break; restores and repairs apply to the consecutive streaks: daily"
    )
    #expect(
      engine.grantProblem(FreezeGrant(streak: "wekly", count: 1, date: day))
        == "the catalog 'demo' has no streak 'wekly'; its consecutive and periodic streaks are weekly, daily")
  }

  // MARK: - By hand

  @Test("weeks: the current period counts from the day it meets the goal; a period ending below it breaks")
  func weeks() throws {
    // 2026-05-04 is a Monday. Week 19: 3 days (met on 05-06); week 20: 2 days (not met); week
    // 21: 3 days.
    let days = try Self.replay(
      Self.catalog(), first: "2026-05-04", counted: [0, 1, 2, 7, 8, 14, 15, 16], last: 20)
    #expect(days.map(\.current) == [0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1])
    #expect(days.map(\.best).last == 1)
    #expect(days[2].start == Fixture.day("2026-05-04"))
    #expect(days[16].start == Fixture.day("2026-05-18"))
    #expect(days[13].period == .init(id: "2026-W20", count: 2, goal: 3))
    #expect(days[14].period == .init(id: "2026-W21", count: 1, goal: 3))
  }

  @Test("weeks from the catalog's week_starts; months; Hijri months")
  func otherPeriods() throws {
    // Weeks from Sunday: 2026-05-03 (Sunday) to 05-09; goal 1 met each week on its Sunday.
    let sundays = try Self.replay(
      Self.catalog(goal: 1, extra: "week_starts: sunday\n"), first: "2026-05-03", counted: [0, 7, 14], last: 14)
    #expect(sundays.map(\.current) == [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3])
    #expect(sundays[0].period?.id == "2026-W18")
    // Months: two days a month in April (30 days) and May; June has none: June 1 shows 2, July 1 breaks.
    let months = try Self.replay(
      Self.catalog(period: "month", goal: 2), first: "2026-04-01", counted: [0, 1, 30, 31], last: 91)
    #expect(months[1].current == 1 && months[31].current == 2 && months[61].current == 2 && months[91].current == 0)
    #expect(months[31].period == .init(id: "2026-05", count: 2, goal: 2))
    #expect(months[90].period == .init(id: "2026-06", count: 0, goal: 2))
    // Hijri months: Ramadan 1447 is 2026-02-18 to 03-19 (30 days), Shawwal from 03-20.
    let hijri = try Self.replay(
      Self.catalog(period: "hijri_month", goal: 1), first: "2026-02-18", counted: [0, 30], last: 30)
    #expect(hijri[0].period?.id == "1447-09" && hijri[30].period?.id == "1447-10")
    #expect(hijri[29].current == 1 && hijri[30].current == 2)
  }

  @Test("a goal above a month's days is capped by them: February meets 31 with its 28")
  func shortMonths() throws {
    let all = Array(0..<59)
    let days = try Self.replay(Self.catalog(period: "month", goal: 31), first: "2026-01-01", counted: all, last: 58)
    #expect(days[30].current == 1)  // January 31
    #expect(days[57].period == .init(id: "2026-02", count: 27, goal: 28))
    #expect(days[58].current == 2)  // February 28
  }

  @Test("freezes count met periods and cover a missed period, its last day protected and listed once")
  func freezes() throws {
    // Weeks 19 and 20 met: a freeze (every 2); week 21 missed: covered on 05-25; week 22 met.
    let days = try Self.replay(
      Self.catalog(freezes: "{earn_every: 2, max: 1}"), first: "2026-05-04",
      counted: [0, 1, 2, 7, 8, 9, 21, 22, 23], last: 24)
    #expect(days[9].freezes == 1)
    #expect(days[21].freezes == 0 && days[21].current == 2)
    #expect(days[21].lastProtected == Fixture.day("2026-05-24"))
    #expect(days[21].newProtected == [Fixture.day("2026-05-24")])
    #expect(days[22].newProtected == [])
    #expect(days[23].current == 3)
  }

  @Test("pauses: a period all paused is skipped; a partly paused one's goal is its days left")
  func pauses() throws {
    // Week 19 met; week 20 paused whole (skipped: neither extends nor breaks); week 21 has 5
    // paused days (goal 2 of 3) and 2 counted: met.
    let days = try Self.replay(
      Self.catalog(pausable: true), first: "2026-05-04", counted: [0, 1, 2, 19, 20], last: 20,
      pauses: [(7, 13), (14, 18)])
    #expect(days[13].current == 1 && days[13].period == .init(id: "2026-W20", count: 0, goal: 0))
    #expect(days[14].current == 1 && days[14].period?.goal == 2)
    #expect(days[20].current == 2)
    // A paused day adds nothing even when it counts.
    let counted = try Self.replay(
      Self.catalog(goal: 1, pausable: true), first: "2026-05-04", counted: [0, 7, 8], last: 9, pauses: [(7, 7)])
    #expect(counted[7].period?.count == 0 && counted[8].period?.count == 1)
    // Not pausable: the pauses change nothing.
    let plain = try Self.replay(
      Self.catalog(), first: "2026-05-04", counted: [0, 1, 2, 19, 20], last: 20, pauses: [(7, 13), (14, 18)])
    #expect(plain[14].current == 0)
  }

  @Test("a freeze grant is there at the start of its date, for the period that closes that day")
  func grants() throws {
    let days = try Self.replay(
      Self.catalog(), first: "2026-05-04", counted: [0, 1, 2, 14, 15, 16], last: 16, grants: [(14, 1)])
    #expect(days[14].freezes == 0 && days[14].current == 1 && days[14].lastProtected == Fixture.day("2026-05-17"))
    #expect(days[16].current == 2)
  }

  @Test("the state, as JSON and as binary, continues a period mid-way; eval of each day is replay's")
  func stateRoundTrip() throws {
    let catalog = try Fixture.catalog(Self.catalog(freezes: "{earn_every: 1}"))
    let engine = Engine(catalog)
    let start = Fixture.day("2026-05-04")
    let counted: Set<Int> = [0, 2, 3, 8, 10, 16, 17, 18, 22]
    let records = try (0...24).map {
      try DayRecord(date: start + $0, values: ["trained": .bool(counted.contains($0))], for: engine)
    }
    var state: UserState?
    var viaJSON: UserState?
    var viaBinary: UserState?
    let replayed = try engine.replay(user: "u", start: nil, records: records, from: nil, to: start + 24)
    for offset in 0...24 {
      let day = start + offset
      let check = try engine.check(user: "u", start: nil, on: day, records: records, state: state)
      let json = try engine.check(user: "u", start: nil, on: day, records: records, state: viaJSON)
      let binary = try engine.check(user: "u", start: nil, on: day, records: records, state: viaBinary)
      #expect(check.evaluation == replayed[offset], "\(day)")
      #expect(json.evaluation == check.evaluation, "\(day): through the JSON state")
      #expect(binary.evaluation == check.evaluation, "\(day): through the binary state")
      state = check.state
      viaJSON = try UserState(json: try json.state.json(), for: engine)
      viaBinary = try UserState(binary: binary.state.binary(), for: engine)
    }
    let text = String(decoding: try state!.json(), as: UTF8.self)
    #expect(text.contains(#""period_start": "2026-05-25","#) && text.contains(#""period_met": false"#))
  }

  @Test("milestones follow periods: the next one has no date and no days until it")
  func milestones() throws {
    let catalog = try Fixture.catalog(
      Self.catalog(goal: 1)
        + "milestones:\n  streak: weekly\n  list:\n    - {id: one, day: 1}\n    - {id: two, day: 2}\n")
    let history = try Fixture.history("days:\n  - {date: 2026-05-04, trained: true}\n", for: catalog)
    let evaluation = try Fixture.evaluate(catalog, history, on: "2026-05-04")
    #expect(evaluation.milestones.reached == ["one"] && evaluation.milestones.today == "one")
    #expect(evaluation.milestones.next == .init(id: "two", day: 2, date: nil, daysUntil: nil))
    #expect(
      evaluation.json.serialized(indent: nil).contains(
        #""next":{"id":"two","day":2,"date":null,"days_until":null}"#))
    let decoded = try JSONDecoder().decode(Evaluation.self, from: Data(evaluation.json.serialized().utf8))
    #expect(decoded.milestones.next == evaluation.milestones.next)
    #expect(decoded.streak("weekly")?.period == evaluation.streak("weekly")?.period)
  }

  // MARK: - The rule by brute force

  /// What the semantics say of one day, computed period by period from the whole history:
  /// each period closed before the day's is met, skipped (all paused) or missed; the day's own
  /// period is met once its count so far reaches its goal.
  static func model(
    counted: Set<Int>, paused: Set<Int>, first: CalendarDay, day: Int, goal: Int, earnEvery: Int, maxFreezes: Int,
    pausable: Bool
  ) -> (current: Int, best: Int, freezes: Int, start: Int?, protected: Int?, count: Int, goal: Int) {
    // Weeks from Monday; CalendarDay's weekday (1 Monday ... 7 Sunday) from the civil date.
    func weekStart(_ offset: Int) -> Int {
      let number = (first + offset).number
      // 1970-01-01 was a Thursday (Monday + 3).
      let weekday = ((number % 7) + 7 + 3) % 7
      return offset - weekday
    }
    func effective(_ start: Int) -> Int {
      let free = (start..<start + 7).count { !(pausable && paused.contains($0)) }
      return min(goal, free)
    }
    var current = 0
    var best = 0
    var freezes = 0
    var progress = 0
    var runStart: Int?
    var protected: Int?
    func meet(_ start: Int) {
      if current == 0 { runStart = start }
      current += 1
      best = max(best, current)
      if earnEvery > 0 {
        progress += 1
        if progress >= earnEvery {
          progress = 0
          if freezes < maxFreezes { freezes += 1 }
        }
      }
    }
    let today = weekStart(day)
    var period = weekStart(0)
    while period < today {
      let days = (max(period, 0)..<period + 7)
      let count = days.count { counted.contains($0) && !(pausable && paused.contains($0)) }
      let target = effective(period)
      if target > 0 && count >= target {
        meet(period)
      } else if target > 0 {
        if freezes > 0 {
          freezes -= 1
          protected = period + 6
        } else {
          current = 0
          progress = 0
          runStart = nil
        }
      }
      period += 7
    }
    let count = (max(today, 0)...day).count { counted.contains($0) && !(pausable && paused.contains($0)) }
    let target = effective(today)
    if target > 0 && count >= target { meet(today) }
    return (current, best, freezes, runStart, protected, count, target)
  }

  @Test("each day of random histories, pauses and freezes is what the model of the rule gives")
  func bruteForce() throws {
    var random = SplitMix64(seed: 5454)
    for round in 0..<40 {
      let goal = 1 + random.below(7)
      let earnEvery = random.below(3)
      let maxFreezes = 1 + random.below(2)
      let pausable = random.below(2) == 0
      let length = 20 + random.below(40)
      let density = 0.3 + Double(random.below(6)) / 10
      let counted = Set((0..<length).filter { _ in random.chance(density) })
      var pauses: [(Int, Int)] = []
      var at = random.below(10)
      while at < length {
        let end = min(length - 1, at + random.below(9))
        pauses.append((at, end))
        at = end + 2 + random.below(15)
      }
      let paused = Set(pauses.flatMap { $0.0...$0.1 })
      // 2026-05-06 is a Wednesday: the first week is partial.
      let first = Fixture.day("2026-05-06")
      let yaml = Self.catalog(
        goal: goal, freezes: earnEvery > 0 ? "{earn_every: \(earnEvery), max: \(maxFreezes)}" : "",
        pausable: pausable)
      let days = try Self.replay(
        yaml, first: first.description, counted: Array(counted), last: length - 1, pauses: pauses)
      for day in 0..<length {
        let expected = Self.model(
          counted: counted, paused: paused, first: first, day: day, goal: goal, earnEvery: earnEvery,
          maxFreezes: earnEvery > 0 ? maxFreezes : 0, pausable: pausable)
        let found = days[day]
        let same =
          found.current == expected.current && found.best == expected.best && found.freezes == expected.freezes
          && found.start?.number == expected.start.map { (first + $0).number }
          && found.lastProtected?.number == expected.protected.map { (first + $0).number }
          && found.period?.count == expected.count && found.period?.goal == expected.goal
        #expect(
          same,
          "round \(round), day \(day): found \(found), expected \(expected); goal \(goal), every \(earnEvery), pausable \(pausable), pauses \(pauses)"
        )
        if !same { return }
      }
    }
  }
}

/// The Swift export of a day leaves periodic streaks and prerequisites to the interpreter.
@Suite("the compiled day and the goals users ask for")
struct GoalsCompiledDayTests {
  @Test(
    "the Swift export refuses a periodic streak and prerequisites, naming them; a planned morning is translated",
    arguments: [
      (
        "  weekly: {type: periodic, period: week, goal: 2, counts: done}\nbadges:\n  - {id: a, name: A, when: done}\n",
        "its streak 'weekly' is periodic (`type: periodic`), which has no Swift translation; its day runs on the interpreter"
      ),
      (
        "  daily: {counts: done}\nbadges:\n  - {id: a, name: A, when: done}\n  - {id: b, name: B, requires: [a]}\n",
        "its badge 'b' requires others (`requires`), which has no Swift translation; its day runs on the interpreter"
      ),
      ("  daily: {counts: done, today: {final_once_reported: done}}\n", ""),
    ])
  func export(streaks: String, refusal: String) throws {
    let catalog = try Fixture.catalog("catalog: demo\ninputs: {done: {type: bool}}\nstreaks:\n" + streaks)
    do {
      _ = try SwiftDayExport.source(Program(catalog), typeName: "DemoDay")
      #expect(refusal.isEmpty)
    } catch {
      #expect("\(error)" == refusal)
    }
  }
}
