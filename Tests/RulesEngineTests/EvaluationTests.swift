@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import Testing

@Suite("evaluation semantics")
struct EvaluationTests {
  static let streakCatalog = """
    catalog: demo
    inputs:
      planned: {type: bool}
      done: {type: bool}
    streaks:
      training:
        counts: planned && done
        skips: "!planned"
      strict:
        counts: planned && done
        skips: "!planned"
        today: final
      frozen:
        counts: done
        freezes: {earn_every: 3, max: 1}
    """

  @Test("a consecutive streak counts, skips rest days and breaks on a miss")
  func consecutive() throws {
    let catalog = try Fixture.catalog(Self.streakCatalog)
    let history = try Fixture.history(
      "days:\n"
        + Fixture.days(
          from: "2026-01-01",
          [
            "planned: true, done: true", "planned: false", "planned: true, done: true",
            "planned: true, done: false", "planned: true, done: true",
          ]), for: catalog)
    let days = try Fixture.evaluate(
      catalog, history, on: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05"])
    #expect(days.map { $0.streak("training")!.current } == [1, 1, 2, 2, 1])
    // The evaluated day is in progress: a miss breaks the streak the next day...
    #expect(days[3].streak("training")!.best == 2)
    // ...unless the streak says the evaluated day is final.
    #expect(days.map { $0.streak("strict")!.current } == [1, 1, 2, 0, 1])
  }

  @Test("freezes are earned every N counted days and used up on a day that would break")
  func freezes() throws {
    let catalog = try Fixture.catalog(Self.streakCatalog)
    let done = "done: true"
    let history = try Fixture.history(
      "days:\n" + Fixture.days(from: "2026-01-01", [done, done, done, done, done, done, "", "", done]),
      for: catalog)
    let dates = (0..<10).map { ((try! CalendarDay("2026-01-01")) + $0).description }
    let days = try Fixture.evaluate(catalog, history, on: dates)
    // Day 3 earns a freeze (max 1, so day 6 earns none); day 7's miss uses it: the streak
    // holds at 6; day 8's miss breaks it; day 9 starts again.
    #expect(days.map { $0.streak("frozen")!.current } == [1, 2, 3, 4, 5, 6, 6, 6, 1, 1])
    #expect(days.map { $0.streak("frozen")!.freezes } == [0, 0, 1, 1, 1, 1, 1, 0, 0, 0])
    #expect(days[9].streak("frozen")!.best == 6)
  }

  static let elapsedCatalog = """
    catalog: demo
    inputs: {relapse: {type: bool}}
    streaks:
      clean: {type: elapsed, resets: relapse, needs_start: true}
      since: {type: elapsed, resets: relapse}
    """

  @Test("an elapsed streak counts days since the start or the last reset, records or not")
  func elapsed() throws {
    let catalog = try Fixture.catalog(Self.elapsedCatalog)
    let history = try Fixture.history(
      "start: 2026-01-01\ndays:\n  - {date: 2026-01-05, relapse: true}\n", for: catalog)
    let days = try Fixture.evaluate(catalog, history, on: ["2026-01-01", "2026-01-04", "2026-01-05", "2026-01-08"])
    #expect(days.map { $0.streak("clean")!.current } == [0, 3, 0, 3])
    #expect(days[3].streak("clean")!.best == 3)
  }

  @Test("a streak that needs a start is 0 without one; another counts from the first day")
  func needsStart() throws {
    let catalog = try Fixture.catalog(Self.elapsedCatalog)
    let history = try Fixture.history("days:\n  - {date: 2026-01-01}\n", for: catalog)
    let result = try Fixture.evaluate(catalog, history, on: "2026-01-10")
    #expect(result.streak("clean")!.current == 0)
    #expect(result.streak("since")!.current == 9)
  }

  @Test("total and last sum over the days, missing days counting their defaults")
  func aggregates() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      inputs: {steps: {type: int}, minutes: {type: number}}
      metrics:
        all_steps: total(steps)
        week_steps: last(7, steps)
        days_logged: total(logged)
        calendar_days: total(true)
        average: last(3, minutes) / 3
        ratio: total(steps) / 0
        huge: total(steps) * 9223372036854775807
      """)
    let history = try Fixture.history(
      "days:\n" + Fixture.days(from: "2026-01-01", ["steps: 10, minutes: 1.5", "steps: 20", "steps: 30, minutes: 3"])
        + "\n  - {date: 2026-01-09, steps: 5}\n", for: catalog)
    let result = try Fixture.evaluate(catalog, history, on: "2026-01-09")
    #expect(result.metric("all_steps") == .int(65))
    #expect(result.metric("week_steps") == .int(35))  // days 3 to 9: 30 + 5
    #expect(result.metric("days_logged") == .int(4))
    #expect(result.metric("calendar_days") == .int(9))
    #expect(result.metric("average") == .number(0))
    #expect(result.metric("ratio") == .number(0))
    #expect(result.metric("huge") == .int(.max))
    let earlier = try Fixture.evaluate(catalog, history, on: "2026-01-03")
    #expect(earlier.metric("average") == .number(1.5))
    #expect(earlier.metric("week_steps") == .int(60))
  }

  static let progressiveCatalog = """
    catalog: demo
    inputs: {contacted: {type: bool}}
    streaks:
      clean: {type: elapsed, resets: contacted}
    groups:
      - {id: time, progressive: true}
    badges:
      - {id: day-1, name: One, when: clean.current >= 1, group: time}
      - {id: day-3, name: Three, when: clean.current >= 3, group: time}
      - {id: day-7, name: Seven, when: clean.current >= 7, group: time}
      - {id: any-2, name: Two, when: clean.current >= 2}
    """

  @Test("a progressive group unlocks one badge per check, in order, dated the check")
  func progressive() throws {
    let catalog = try Fixture.catalog(Self.progressiveCatalog)
    let history = try Fixture.history("start: 2026-01-01\ndays: []\n", for: catalog)
    let days = try Fixture.evaluate(
      catalog, history, on: ["2026-01-11", "2026-01-11", "2026-01-12", "2026-01-13", "2026-01-14"])
    #expect(days.map(\.badges.new) == [["any-2", "day-1"], [], ["day-3"], ["day-7"], []])
    let unlocked = days[4].badges.unlocked.map { "\($0.id) \($0.date)" }
    // A badge outside the group is dated the day its criterion first held.
    #expect(unlocked == ["any-2 2026-01-03", "day-1 2026-01-11", "day-3 2026-01-12", "day-7 2026-01-13"])
  }

  @Test("a replay checks every day, so a progressive group follows the days")
  func progressiveReplay() throws {
    let catalog = try Fixture.catalog(Self.progressiveCatalog)
    let history = try Fixture.history("start: 2026-01-01\ndays:\n  - {date: 2026-01-01}\n", for: catalog)
    let days = CheckRunner.replay(Program(catalog), history: history, from: nil, to: (try! CalendarDay("2026-01-08")))
    #expect(days.map(\.badges.new) == [[], ["day-1"], ["any-2"], ["day-3"], [], [], [], ["day-7"]])
  }

  @Test("a badge's xp counts at once: a metric reading badges.xp updates in the same check")
  func badgeXP() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      inputs: {duas: {type: int}}
      metrics:
        xp: total(duas) * 10 + badges.xp
        level: floor(xp / 100) + 1
      badges:
        - {id: first, name: First, when: xp >= 10, xp: 90}
        - {id: level-2, name: Level 2, when: level >= 2, xp: 0}
      """)
    let history = try Fixture.history("days:\n  - {date: 2026-01-01, duas: 1}\n", for: catalog)
    let result = try Fixture.evaluate(catalog, history, on: "2026-01-01")
    #expect(result.badges.new == ["first", "level-2"])
    #expect(result.metric("xp") == .int(100))
    #expect(result.metric("level") == .int(2))
  }

  @Test("progress is inferred from criteria and from && of them")
  func progress() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      streaks: {daily: {counts: done}}
      metrics: {checkins: total(logged)}
      badges:
        - {id: a, name: A, when: daily.current >= 7}
        - {id: b, name: B, when: daily.current > 4 && checkins >= 30}
        - {id: c, name: C, when: daily.best == 100}
        - {id: d, name: D, when: checkins >= 2, progress: {current: checkins * 10, target: 20}}
      """)
    let history = try Fixture.history(
      "days:\n" + Fixture.days(from: "2026-01-01", ["done: true", "done: true", "done: false"]), for: catalog)
    let result = try Fixture.evaluate(catalog, history, on: "2026-01-02")
    #expect(
      result.badges.locked == [
        Evaluation.LockedBadge(id: "a", current: .int(2), target: .int(7), progress: 0.286, display: .init(name: "A")),
        Evaluation.LockedBadge(id: "b", current: .int(2), target: .int(30), progress: 0.067, display: .init(name: "B")),
        Evaluation.LockedBadge(id: "c", display: .init(name: "C")),
      ])
    #expect(result.badges.unlocked.map(\.id) == ["d"])
  }

  @Test("the message of the day is the first that holds, its template filled")
  func messages() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      inputs: {done: {type: int}, total: {type: int}}
      streaks: {daily: {counts: done > 0}}
      messages:
        - {id: none, when: total == 0, title: Start, text: Nothing yet}
        - id: waiting
          when: done == 0
          title: "Ready{daily.current > 0 ? '!' : ''}"
          text:
            - when: daily.current > 0
              text: "You have a {daily.current}-day streak going! Don't break the chain."
            - text: Your habits are waiting.
        - id: some
          text: "You've done {done} habit{done == 1 ? '' : 's'} ({{so far}})."
      """)
    let history = try Fixture.history(
      "days:\n" + Fixture.days(from: "2026-01-01", ["done: 1, total: 3", "done: 0, total: 3", "done: 2, total: 3"]),
      for: catalog)
    let days = try Fixture.evaluate(catalog, history, on: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04"])
    #expect(days[0].message?.text == "You've done 1 habit ({so far}).")
    #expect(days[1].message?.title == "Ready!")
    #expect(days[1].message?.text == "You have a 1-day streak going! Don't break the chain.")
    #expect(days[2].message?.text == "You've done 2 habits ({so far}).")
    #expect(days[3].message?.id == "none")
  }

  @Test("texts are joined, chosen and compared in criteria, conditions and templates alike")
  func strings() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: texts
      inputs: {done: {type: int}, mood: {type: enum, values: [low, high]}}
      badges:
        - {id: joined, name: Joined, when: '"a" + (done > 1 ? "b" : "c") + "d" == "abd"'}
      messages:
        - id: high
          when: '(mood == "high" ? "up" : "down") != "down" && "x" + "y" == "xy"'
          text: "{'<' + (done > 2 ? 'many' : 'few') + '>'} {mood} {done > 0 ? 'done' : 'not yet'}"
        - {id: other, text: "{'plain' + ''}"}
      """)
    let history = try Fixture.history(
      "days:\n"
        + Fixture.days(from: "2026-01-01", ["done: 1, mood: high", "done: 3, mood: high", "done: 0, mood: low"]),
      for: catalog)
    let days = try Fixture.evaluate(catalog, history, on: ["2026-01-01", "2026-01-02", "2026-01-03"])
    #expect(days.map { $0.badges.new } == [[], ["joined"], []])
    #expect(days.map { $0.message?.id } == ["high", "high", "other"])
    #expect(days.map { $0.message?.text } == ["<few> high done", "<many> high done", "plain"])
  }

  @Test("the quote of the day rotates by day of year: (dayOfYear - 1) % count")
  func quotes() throws {
    let catalog = try Fixture.catalog(
      """
      catalog: demo
      quotes:
        rotation: day-of-year
        list: [{id: q1, text: One}, {id: q2, text: Two}, {id: q3, text: Three}]
      """)
    let history = try Fixture.history("days: []\n", for: catalog)
    let ids = try ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-12-31"].map {
      try Fixture.evaluate(catalog, history, on: $0).quote?.id
    }
    #expect(ids == ["q1", "q2", "q3", "q1", "q2"])  // Dec 31st is day 365: 364 % 3 == 1
  }
}
