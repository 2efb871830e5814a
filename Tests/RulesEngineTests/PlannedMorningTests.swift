import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing

/// The planned morning (issue 54, item 5): a streak with `today: {final_once_reported: [...]}`
/// judges the evaluated day in progress until the day's record names every input listed, then
/// final. Through every source of a record (history files, `DayRecord`, the saved state's
/// pending day in JSON and in binary), by exact answers.
@Suite("the planned morning (final once reported)")
struct PlannedMorningTests {
  static let yaml = """
    catalog: training
    inputs:
      planned: {type: bool}
      completed: {type: bool}
      note: {type: int, min: 0, max: 10}
    streaks:
      training:
        counts: planned && completed
        skips: "!planned"
        today: {final_once_reported: [completed]}
      strict:
        counts: planned && completed
        skips: "!planned"
        today: final
      both:
        counts: planned && completed
        today: {final_once_reported: [completed, note]}
    """

  static func engine() throws -> Engine { Engine(try Fixture.catalog(yaml)) }

  static func record(_ date: String, _ values: [String: DayRecord.Value], _ engine: Engine) throws -> DayRecord {
    try DayRecord(date: CalendarDay(date), values: values, for: engine)
  }

  static let twoDays: [(String, [String: DayRecord.Value])] = [
    ("2026-01-01", ["planned": true, "completed": true, "note": 1]),
    ("2026-01-02", ["planned": true, "completed": true, "note": 1]),
  ]

  static func current(_ check: DailyCheck, _ streak: String) -> Int? { check.evaluation.streak(streak)?.current }

  @Test("the morning's plan shows the day before; the logged miss breaks at once; the session extends")
  func theDayAsItIsLogged() throws {
    let engine = try Self.engine()
    let before = try Self.twoDays.map { try Self.record($0.0, $0.1, engine) }
    let first = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-02"), records: before, state: nil)
    #expect(Self.current(first, "training") == 2)
    // 01-03, morning: planned alone. `strict` (today: final) breaks; `training` shows 2.
    let morning = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-03"),
      records: [try Self.record("2026-01-03", ["planned": true], engine)], state: first.state)
    #expect(Self.current(morning, "training") == 2)
    #expect(Self.current(morning, "strict") == 0)
    // The app opens again, nothing new: the saved day in progress still names planned alone.
    let again = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-03"), records: [], state: morning.state)
    #expect(Self.current(again, "training") == 2)
    // The same through the state's JSON and its binary form.
    for state in [
      try UserState(json: try morning.state.json(), for: engine),
      try UserState(binary: morning.state.binary(), for: engine),
    ] {
      let read = try engine.check(user: "u", start: nil, on: CalendarDay("2026-01-03"), records: [], state: state)
      #expect(Self.current(read, "training") == 2)
    }
    // The miss logged: completed false, named: the streak breaks at once.
    let missed = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-03"),
      records: [try Self.record("2026-01-03", ["planned": true, "completed": false], engine)], state: morning.state)
    #expect(Self.current(missed, "training") == 0)
    #expect(missed.evaluation.streak("training")?.best == 2)
    // Or the session logged instead: it extends.
    let done = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-03"),
      records: [try Self.record("2026-01-03", ["planned": true, "completed": true], engine)], state: morning.state)
    #expect(Self.current(done, "training") == 3)
  }

  @Test("every listed input must be named; a day without a record is in progress")
  func everyInputListed() throws {
    let engine = try Self.engine()
    let before = try Self.twoDays.map { try Self.record($0.0, $0.1, engine) }
    func both(_ values: [String: DayRecord.Value]?) throws -> Int? {
      let records = try before + (values.map { [try Self.record("2026-01-03", $0, engine)] } ?? [])
      return Self.current(
        try engine.check(user: "u", start: nil, on: CalendarDay("2026-01-03"), records: records, state: nil), "both")
    }
    #expect(try both(["planned": true, "completed": false]) == 2)
    #expect(try both(["planned": true, "completed": false, "note": 0]) == 0)
    #expect(try both(["completed": true, "note": 0]) == 0)
    #expect(try both(nil) == 2)
    #expect(try both([:]) == 2)
  }

  @Test("the days before the evaluated day are final: a morning never completed is a miss the next day")
  func earlierDaysAreFinal() throws {
    let engine = try Self.engine()
    let records =
      try Self.twoDays.map { try Self.record($0.0, $0.1, engine) }
      + [try Self.record("2026-01-03", ["planned": true], engine)]
    let next = try engine.check(user: "u", start: nil, on: CalendarDay("2026-01-04"), records: records, state: nil)
    #expect(Self.current(next, "training") == 0)
    #expect(next.evaluation.streak("training")?.best == 2)
  }

  @Test("a history file's day names its keys; replay judges each day by its own record")
  func historyFiles() throws {
    let catalog = try Fixture.catalog(Self.yaml)
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-01-01, planned: true, completed: true}
        - {date: 2026-01-02, planned: true}
        - {date: 2026-01-03, planned: true, completed: true}
        - {date: 2026-01-04, planned: true, completed: false}
      """, for: catalog)
    #expect(history.records.map(\.reported) == [[0, 1], [0], [0, 1], [0, 1]])
    let replayed = CheckRunner.replay(Program(catalog), history: history, from: nil, to: Fixture.day("2026-01-04"))
    #expect(replayed.map { $0.streak("training")!.current } == [1, 1, 1, 0])
    #expect(replayed.map { $0.streak("strict")!.current } == [1, 0, 1, 0])
  }

  @Test("the state's JSON keeps the inputs the pending day names, alone; another catalog's keeps every input")
  func pendingInTheStateFile() throws {
    let engine = try Self.engine()
    let morning = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-01"),
      records: [try Self.record("2026-01-01", ["planned": true], engine)], state: nil)
    let text = String(decoding: try morning.state.json(), as: UTF8.self)
    #expect(text.hasSuffix("\"pending\": {\n    \"2026-01-01\": {\n      \"planned\": true\n    }\n  }\n}\n"))
    let plain = Engine(
      try Fixture.catalog(
        "catalog: plain\ninputs: {done: {type: bool}, n: {type: int}}\nstreaks: {d: {counts: done}}\n"))
    let other = try plain.check(
      user: "u", start: nil, on: CalendarDay("2026-01-01"),
      records: [try DayRecord(date: CalendarDay("2026-01-01"), values: ["done": true], for: plain)], state: nil)
    #expect(String(decoding: try other.state.json(), as: UTF8.self).contains(#""n": 0"#))
    #expect(try DayRecord(date: CalendarDay("2026-01-01"), values: ["done": true], for: plain).encoded.reported == nil)
  }

  @Test("a state saved before the inputs named were kept reads its pending day as naming them all")
  func olderStates() throws {
    let engine = try Self.engine()
    let morning = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-01-03"),
      records: try Self.twoDays.map { try Self.record($0.0, $0.1, engine) }
        + [try Self.record("2026-01-03", ["planned": true], engine)], state: nil)
    // The JSON as an older rules wrote it: every input of the pending day.
    var object = try #require(try JSONSerialization.jsonObject(with: morning.state.json()) as? [String: Any])
    object["pending"] = ["2026-01-03": ["planned": true, "completed": false, "note": 0]]
    let old = try UserState(json: try JSONSerialization.data(withJSONObject: object), for: engine)
    #expect(old.pending.first?.reported == [0, 1, 2])
    let read = try engine.check(user: "u", start: nil, on: CalendarDay("2026-01-03"), records: [], state: old)
    #expect(Self.current(read, "training") == 0)
  }

  @Test(
    "rules check refuses a name that is not an input, one listed twice, the key on an elapsed streak, a wrong shape")
  func refusals() {
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        inputs: {planned: {type: bool}, completed: {type: bool}}
        streaks:
          a: {counts: planned, today: {final_once_reported: [complete, planned, planned]}}
          b: {type: elapsed, resets: planned, today: {final_once_reported: completed}}
          c: {counts: planned, today: {final_once_reported: [1]}}
          d: {counts: planned, today: {final_once: completed}}
          e: {counts: planned, today: later}
        """) == [
          "4:54: error: 'complete' in 'final_once_reported' is not an input of this catalog; did you mean 'completed'?",
          "4:73: error: 'planned' is listed twice in 'final_once_reported'",
          "5:68: error: 'final_once_reported' applies to consecutive streaks; the elapsed streak 'b' applies a reset on the evaluated day at once",
          "6:54: error: '1' is not a valid name for each item of 'final_once_reported': use lowercase letters, digits and _, starting with a letter",
          "7:31: error: today is missing the required key 'final_once_reported'",
          "7:32: error: unknown key 'final_once' in today; a today has final_once_reported",
          "8:31: error: 'today' must be one of 'in-progress', 'final'; found 'later'",
        ])
  }
}
