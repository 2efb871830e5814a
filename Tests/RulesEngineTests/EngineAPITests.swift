import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// The Swift API apps embed (PRODUCT.md, "Apps embed the engine"): exact messages for bad
/// input, the state kept between checks.
@Suite("the Swift API")
struct EngineAPITests {
  static let yaml = """
    catalog: demo
    inputs:
      done: {type: bool}
      steps: {type: int, min: 0, max: 100000}
      minutes: {type: number}
      mood: {type: enum, values: [low, ok, good]}
    streaks:
      daily: {counts: done}
    badges:
      - {id: first, name: First, when: daily.current >= 1}
      - {id: three, name: Three, when: daily.current >= 3}
    """

  static func engine() throws -> Engine {
    let checked = try Fixture.catalog(yaml)
    return try Engine(exportedCatalog: Data(CatalogExport.json(checked).serialized().utf8))
  }

  static func day(_ text: String) -> CalendarDay { try! CalendarDay(text) }

  @Test("an exported catalog loads from Data; a broken one throws naming each problem")
  func catalogs() throws {
    let engine = try Self.engine()
    #expect(engine.catalogID == "demo")
    #expect(engine.inputNames == ["done", "steps", "minutes", "mood"])
    let checked = try Fixture.catalog(Self.yaml)
    var text = CatalogExport.json(checked).serialized()
    text = text.replacingOccurrences(of: "daily.current >= 3", with: "daily.curent >= 3")
    text = text.replacingOccurrences(of: "\"counts\": \"done\"", with: "\"counts\": \"don\"")
    #expect(throws: (any Error).self) { try Engine(exportedCatalog: Data(text.utf8)) }
    do {
      _ = try Engine(exportedCatalog: Data(text.utf8))
    } catch {
      #expect(error.id == .badCatalog)
      #expect(
        error.description == """
          the catalog cannot be used: 2 problems
          exported catalog:40:17: error: unknown name 'don'; did you mean 'done'? [unknown-name]
          exported catalog:58:15: error: streak 'daily' has no field 'curent'; did you mean 'current'? [unknown-name]
          """)
    }
    do {
      _ = try Engine(exportedCatalog: Data("[]".utf8))
      Issue.record("a JSON list is not a catalog")
    } catch {
      #expect(
        error.description == """
          the catalog cannot be used: 1 problem
          exported catalog:1:1: error: exported catalog cannot be loaded: it is not a JSON object [not-a-catalog]
          """)
    }
    let truncated = "{\"format\": \"rules-catalog\",\n  \"format_version\": 1,\n  \"catalog\": }"
    #expect(
      throws: EngineError(
        .badCatalog, "the catalog cannot be used: 1 problem",
        diagnostics: [
          Diagnostic(
            file: "exported catalog", mark: Mark(line: 3, column: 14), id: .notACatalog,
            message: "exported catalog cannot be loaded: it is not JSON (a value was expected)")
        ])
    ) { try Engine(exportedCatalog: Data(truncated.utf8)) }
  }

  @Test("a day's values are literals of their type; anything else throws with the exact message")
  func records() throws {
    let engine = try Self.engine()
    let date = Self.day("2026-05-09")
    let record = try DayRecord(
      date: date, values: ["done": true, "steps": 12, "minutes": 2.5, "mood": "good"], for: engine)
    #expect(record.values(for: engine) == ["done": true, "steps": 12, "minutes": 2.5, "mood": "good"])
    let defaults = try DayRecord(date: date, values: ["minutes": 3], for: engine)
    #expect(defaults.values(for: engine) == ["done": false, "steps": 0, "minutes": 3.0, "mood": "low"])
    let cases: [([String: DayRecord.Value], EngineError)] = [
      (["stepz": 1], EngineError(.unknownInput, "unknown input 'stepz'; did you mean 'steps'?")),
      (["done": 1], EngineError(.badValue, "done must be true or false; found an integer (1)")),
      (["steps": 2.5], EngineError(.badValue, "steps must be an integer; found a number (2.5)")),
      (["steps": -1], EngineError(.badValue, "steps must be at least 0; found -1")),
      (["steps": 100_001], EngineError(.badValue, "steps must be at most 100000; found 100001")),
      (["minutes": .number(.nan)], EngineError(.badValue, "minutes must be a finite number; found a number (nan)")),
      (
        ["minutes": .number(.infinity)], EngineError(.badValue, "minutes must be a finite number; found a number (inf)")
      ),
      (["minutes": "2"], EngineError(.badValue, "minutes must be a finite number; found a string ('2')")),
      (["mood": "great"], EngineError(.badValue, "'great' is not a value of mood (low, ok, good)")),
      (["mood": "god"], EngineError(.badValue, "'god' is not a value of mood (low, ok, good); did you mean 'good'?")),
      (["mood": 1], EngineError(.badValue, "mood must be one of low, ok, good; found an integer (1)")),
    ]
    for (values, error) in cases {
      #expect(throws: error) { try DayRecord(date: date, values: values, for: engine) }
    }
  }

  @Test("values decode from JSON literals")
  func valuesFromJSON() throws {
    let decoded = try JSONDecoder().decode(
      [String: DayRecord.Value].self, from: Data(#"{"a": true, "b": 3, "c": 2.5, "d": "done"}"#.utf8))
    #expect(decoded == ["a": true, "b": 3, "c": 2.5, "d": "done"])
  }

  @Test("DayRecord.Value, Value and JSONValue read a JSON scalar alike, and refuse what is not one")
  func scalarsFromJSON() throws {
    let json = Data(#"[true, 3, -0, 2.5, "done", ""]"#.utf8)
    let records = try JSONDecoder().decode([DayRecord.Value].self, from: json)
    #expect(records == [.bool(true), .int(3), .int(0), .number(2.5), .string("done"), .string("")])
    let values = try JSONDecoder().decode([Value].self, from: json)
    #expect(values == [.bool(true), .int(3), .int(0), .number(2.5), .string("done"), .string("")])
    let any = try JSONDecoder().decode([JSONValue].self, from: json)
    #expect(any == [.bool(true), .int(3), .int(0), .number(2.5), .string("done"), .string("")])
    // null, a list and an object are no input's value.
    for bad in ["null", "[1]", #"{"a": 1}"#] {
      do {
        _ = try JSONDecoder().decode(DayRecord.Value.self, from: Data(bad.utf8))
        Issue.record("\(bad) decoded as an input's value")
      } catch DecodingError.dataCorrupted(let context) {
        #expect(context.debugDescription == "an input's value is true, false, a number or a string")
      }
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(Value.self, from: Data(bad.utf8)) }
    }
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data("null".utf8)) == .null)
  }

  @Test("calendar days: impossible dates throw, a moment is a day in a time zone")
  func calendarDays() throws {
    #expect(throws: EngineError(.badDate, "2026-02-30 is not a day of the calendar")) { try CalendarDay("2026-02-30") }
    let moment = Date(timeIntervalSince1970: 1_778_284_800)  // 2026-05-09 00:00 UTC
    #expect(CalendarDay(moment, in: TimeZone(identifier: "Asia/Dubai")!).description == "2026-05-09")
    #expect(CalendarDay(moment, in: TimeZone(identifier: "America/New_York")!).description == "2026-05-08")
  }

  @Test("the state keeps the day in progress: a check passes only new records")
  func dayInProgress() throws {
    let engine = try Self.engine()
    var state: UserState?
    var new: [[String]] = []
    for offset in 0..<4 {
      let date = Self.day("2026-05-01") + offset
      let records = [try DayRecord(date: date, values: ["done": true], for: engine)]
      let check = try engine.check(user: "ana", start: nil, on: date, records: records, state: state)
      new.append(check.evaluation.badges.new)
      state = try UserState(json: try check.state.json(), for: engine)
    }
    #expect(new == [["first"], [], ["three"], []])
    // The next day, with no record yet: the four days are counted from the state alone.
    let check = try engine.check(user: "ana", start: nil, on: Self.day("2026-05-05"), records: [], state: state)
    #expect(check.evaluation.streak("daily")?.current == 4)
    #expect(check.state.date == Self.day("2026-05-05"))
    #expect(check.state.unlocks.map(\.id) == ["first", "three"])
  }

  @Test("a counted record that changed is a warning with an id, not counted")
  func changedRecord() throws {
    let engine = try Self.engine()
    let first = try engine.check(
      user: "ana", start: nil, on: Self.day("2026-05-02"),
      records: [try DayRecord(date: Self.day("2026-05-01"), values: ["done": true], for: engine)], state: nil)
    let second = try engine.check(
      user: "ana", start: nil, on: Self.day("2026-05-03"),
      records: [try DayRecord(date: Self.day("2026-05-01"), values: ["done": false], for: engine)],
      state: first.state)
    #expect(
      second.warnings == [
        EngineWarning(
          .recordChanged, "the record of 2026-05-01 changed after it was counted; the change is not counted",
          date: Self.day("2026-05-01"))
      ])
    #expect(second.evaluation.streak("daily")?.best == 1)
    #expect(throws: EngineError(.badState, "this state belongs to the user 'ana', not 'bo'")) {
      try engine.check(user: "bo", start: nil, on: Self.day("2026-05-03"), records: [], state: first.state)
    }
    let twice = [
      try DayRecord(date: Self.day("2026-05-01"), values: [:], for: engine),
      try DayRecord(date: Self.day("2026-05-01"), values: ["done": true], for: engine),
    ]
    #expect(throws: EngineError(.badDate, "2026-05-01 has two records; pass one record per day")) {
      try engine.check(user: "ana", start: nil, on: Self.day("2026-05-03"), records: twice, state: nil)
    }
  }

  @Test("a state that is not a state of this catalog is refused with the reason")
  func badStates() throws {
    let engine = try Self.engine()
    #expect(
      throws: EngineError(
        .badState,
        "the state is not usable: it is not valid JSON (is it truncated or corrupt?)")
    ) { try UserState(json: Data("{".utf8), for: engine) }
    let other = try Engine(Fixture.catalog("catalog: other\ninputs: {done: {type: bool}}\n"))
    let state = try other.check(user: nil, start: nil, on: Self.day("2026-05-01"), records: [], state: nil).state
    #expect(
      throws: EngineError(.badState, "this state belongs to the catalog 'other', not 'demo'")
    ) { try UserState(json: try state.json(), for: engine) }
  }
}
