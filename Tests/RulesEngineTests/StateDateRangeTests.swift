import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesTestSupport
import Testing

/// Issue #23, item 2: a state written for any history of the years the engine handles
/// (1900-01-01 to 2199-12-31) is read back, so no user can be poisoned by their dates.
@Suite("states over the whole date range")
struct StateDateRangeTests {
  static let catalogs = ShippedCatalogs.names

  /// Random values for every input of `engine`'s catalog, within their min and max.
  static func values(for engine: Engine, _ random: inout SplitMix64) -> [String: DayRecord.Value] {
    var values: [String: DayRecord.Value] = [:]
    for input in engine.catalog.inputs where Bool.random(using: &random) {
      let low = input.min ?? 0
      let high = input.max ?? low + 10
      switch input.kind {
      case .bool: values[input.name] = .bool(Bool.random(using: &random))
      case .int:
        values[input.name] = .int(Int.random(in: Int(low.rounded(.up))...Int(high.rounded(.down)), using: &random))
      case .number: values[input.name] = .number((Double.random(in: low...high, using: &random) * 4).rounded() / 4)
      case .enumeration(let members): values[input.name] = .string(members.randomElement(using: &random)!)
      }
    }
    return values
  }

  /// Checks a user day by day from `first` for `days` days (the last check on `last` at the
  /// latest), the state saved and read back between checks, as the store and the app do; every
  /// state read back writes the same JSON.
  static func checkDaily(_ engine: Engine, from first: CalendarDay, days: Int, seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    var records: [DayRecord] = []
    var saved: Data?
    let last = try CalendarDay("2199-12-31")
    var day = first
    for _ in 0..<days where day <= last {
      if Int.random(in: 0..<4, using: &random) > 0 {
        records.append(try DayRecord(date: day, values: values(for: engine, &random), for: engine))
      }
      let state = try saved.map { try UserState(json: $0, for: engine) }
      let check = try engine.check(user: "u", start: nil, on: day, records: records, state: state)
      let json = try check.state.json()
      let reread = try UserState(json: json, for: engine)
      #expect(try reread.json() == json, "\(engine.catalogID) from \(first), checked on \(day)")
      saved = json
      day = day + 1
    }
  }

  @Test("a user whose first days are in January 1900 is read back on every check", arguments: catalogs)
  func firstDaysOf1900(_ name: String) throws {
    let engine = Engine(try Fixture.shipped(name))
    for (index, first) in ["1900-01-01", "1900-01-02", "1900-03-30", "1900-03-31"].enumerated() {
      try Self.checkDaily(engine, from: try CalendarDay(first), days: 120, seed: UInt64(index))
    }
  }

  @Test("a user checked up to 2199-12-31 is read back on every check", arguments: catalogs)
  func lastDaysOf2199(_ name: String) throws {
    let engine = Engine(try Fixture.shipped(name))
    try Self.checkDaily(engine, from: try CalendarDay("2199-09-01"), days: 122, seed: 7)
  }

  @Test("users starting on random days of the range are read back on every check", arguments: catalogs)
  func randomDays(_ name: String) throws {
    let engine = Engine(try Fixture.shipped(name))
    var random = SplitMix64(seed: 23)
    let range = try CalendarDay("1900-01-01").number...(try CalendarDay("2199-12-31").number)
    for index in 0..<6 {
      let first = CalendarDay(number: Int.random(in: range, using: &random))
      try Self.checkDaily(engine, from: first, days: 20, seed: UInt64(100 + index))
    }
  }

  @Test("a state an earlier version wrote with days of 1899 in its window is read, not refused")
  func poisonedStateIsRead() throws {
    let engine = try UserStateTests.engine()
    let state = UserStateTests.state(
      #""unlocks": [], "date": "1900-01-02", "counted_through": "1900-01-01", "records": {"1899-10-04": "", "1899-12-31": "", "1900-01-01": "0123456789abcdef"}"#
    )
    let read = try UserState(json: state, for: engine)
    let check = try engine.check(
      user: nil, start: nil, on: Fixture.day("1900-01-03"), records: [], state: read)
    #expect(check.evaluation.date == Fixture.day("1900-01-03"))
    // A day of 1899 outside the window's reach, or a malformed one, is still refused.
    for fields in [
      #""unlocks": [], "records": {"1899-13-01": ""}"#, #""unlocks": [], "records": {"1800-01-01": ""}"#,
    ] {
      #expect(throws: EngineError(.badState, "the state is not usable: 'records' is malformed")) {
        try UserState(json: UserStateTests.state(fields), for: engine)
      }
    }
  }
}
