import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Reading a saved state (UserState(json:for:)): every malformed part named, states of other
/// catalog versions read with warnings, unlocks never dropped.
@Suite("saved states")
struct UserStateTests {
  static let yaml = """
    catalog: demo
    version: 2
    inputs: {done: {type: bool}, steps: {type: int}}
    streaks:
      daily: {counts: done}
    metrics:
      recent: last(3, steps)
    badges:
      - {id: first, name: First, when: daily.current >= 1}
    """

  static func engine() throws -> Engine { Engine(try Fixture.catalog(yaml)) }

  static func state(_ fields: String) -> Data {
    Data(#"{"format": "rules-state", "format_version": 1, "catalog": "demo", "catalog_version": 2, \#(fields)}"#.utf8)
  }

  @Test(
    "each malformed part is named",
    arguments: [
      (#""unlocks": [{"id": "first"}]"#, "the state is not usable: an unlock has no id or date"),
      (#""unlocks": [], "date": "2026-13-01""#, "the state is not usable: 'date' is not a date"),
      (
        #""unlocks": [], "streaks": {"daily": {"current": -1, "best": 0, "freezes": 0}}"#,
        "the state is not usable: the streak 'daily' is malformed"
      ),
      (
        #""unlocks": [], "windows": {"last(3, input(1))": [1, 2]}"#,
        "the state is not usable: the window last(3, input(1)) has the wrong length"
      ),
      (#""unlocks": [], "records": {"2026-01-01": 5}"#, "the state is not usable: 'records' is malformed"),
      (
        #""unlocks": [], "pending": {"2026-01-01": {"steps": "many"}}"#,
        "the state is not usable: the pending record of 2026-01-01 is malformed (steps must be an integer; found a string ('many'))"
      ),
      (
        #""format_version": 9"#,
        "the state is not usable: it was written by a newer version of rules (format_version 9)"
      ),
    ])
  func malformed(fields: String, message: String) throws {
    let engine = try Self.engine()
    let data =
      fields.hasPrefix(#""format_version""#)
      ? Data(#"{"format": "rules-state", \#(fields), "catalog": "demo", "unlocks": []}"#.utf8) : Self.state(fields)
    #expect(throws: EngineError(.badState, message)) { try UserState(json: data, for: engine) }
  }

  @Test("a state of another catalog version is read; what it lacks starts fresh, and the next check says so once")
  func otherVersion() throws {
    let engine = try Self.engine()
    let old = Data(
      #"{"format": "rules-state", "format_version": 1, "catalog": "demo", "catalog_version": 1, "date": "2026-01-02", "counted_through": "2026-01-01", "unlocks": [{"id": "first", "date": "2026-01-01"}, {"id": "gone", "date": "2025-12-31"}]}"#
        .utf8)
    let state = try UserState(json: old, for: engine)
    #expect(state.unlocks.map(\.id) == ["gone", "first"])
    let check = try engine.check(user: nil, start: nil, on: Fixture.day("2026-01-02"), records: [], state: state)
    #expect(
      check.warnings.map(\.id) == [.catalogVersionChanged, .newSinceState, .newSinceState])
    #expect(
      check.warnings.map(\.message) == [
        "the state was written with version 1 of the catalog 'demo'; this is version 2",
        "the streak 'daily' is new since the state was written; it counts from today",
        "last(3, input(1)) is new since the state was written; it counts from today",
      ])
    // The badge the catalog no longer has stays in the state, never dropped.
    let reread = try UserState(json: check.state.json(), for: engine)
    #expect(reread.unlocks.map { "\($0.id) \($0.date)" } == ["gone 2025-12-31", "first 2026-01-01"])
    let next = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-01-03"), records: [],
      state: UserState(json: check.state.json(), for: engine))
    #expect(next.warnings.isEmpty)
  }

  @Test("json() is read back to the same JSON")
  func roundTrip() throws {
    let engine = try Self.engine()
    let records = try (0..<5).map {
      try DayRecord(date: Fixture.day("2026-01-01") + $0, values: ["done": true, "steps": .int($0)], for: engine)
    }
    let check = try engine.check(user: "ana", start: nil, on: Fixture.day("2026-01-05"), records: records, state: nil)
    let json = try check.state.json()
    #expect(try UserState(json: json, for: engine).json() == json)
    #expect(check.state.countedThrough == Fixture.day("2026-01-04"))
    #expect(check.state.user == "ana")
  }
}
