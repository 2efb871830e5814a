import Foundation
import RulesTestSupport
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// The binary state (`state.binary()`, `UserState(binary:for:)`): every generated state of the
/// five catalogs and two fixture catalogs reads back exactly; bytes of another catalog, a
/// newer format, truncated or corrupted are refused with `bad-state`, never a trap.
@Suite("binary states")
struct BinaryStateTests {
  static let shipped = ShippedCatalogs.names

  static func engines() throws -> [Engine] {
    let everything = try String(
      contentsOf: Fixture.repository.appendingPathComponent("Tests/CompiledCatalogsTests/Fixtures/everything.yaml"),
      encoding: .utf8)
    return try shipped.map { Engine(try Fixture.shipped($0)) } + [
      Engine(try Fixture.catalog(UserStateTests.yaml)), Engine(try Fixture.catalog(everything)),
      // Repeating badges (issue 39): their earnings, a section of their own.
      Engine(try Fixture.catalog(RepeatingBadgeTests.yaml)),
    ]
  }

  static func value(of input: Input, _ random: inout SplitMix64) -> DayRecord.Value {
    switch input.kind {
    case .bool: return .bool(random.below(3) != 0)
    case .int:
      let low = Int(max(input.min ?? -5, -1_000))
      let high = Int(min(input.max ?? 20, Double(low + 40)))
      return .int(low + random.below(high - low + 1))
    case .number:
      let low = max(input.min ?? -5, -1_000)
      let high = min(input.max ?? 20, low + 40)
      return .number(low + Double(random.below(Int((high - low) * 4) + 1)) / 4)
    case .enumeration(let members): return .string(members[random.below(members.count)])
    }
  }

  /// States as an app makes them: checks on some days over up to 200 days of records (some
  /// missing, some after the check: pending), now and then a record changed after it was
  /// counted, a rebuild, a Hijri calendar or a date before the state's.
  static func states(_ engine: Engine, seed: UInt64, count: Int) throws -> [UserState] {
    var random = SplitMix64(seed: seed)
    var states: [UserState] = []
    let inputs = engine.program.catalog.inputs
    for number in 0..<count {
      let first = try CalendarDay("2025-06-01") + random.below(60)
      let span = 1 + random.below(200)
      var records: [DayRecord] = []
      for offset in 0..<span where random.below(5) != 0 {
        var values: [String: DayRecord.Value] = [:]
        for input in inputs where random.below(4) != 0 { values[input.name] = value(of: input, &random) }
        records.append(try DayRecord(date: first + offset, values: values, for: engine))
      }
      let start: CalendarDay? = random.below(3) == 0 ? first + (random.below(10) - 5) : nil
      let calendar = random.below(4) == 0 ? UserCalendar.all[1] : .gregorian
      var state: UserState?
      var day = first
      let last = first + span + 2
      while day <= last {
        let upTo = records.filter { $0.date <= day + random.below(3) }
        let check = try engine.check(
          user: random.below(5) == 0 ? nil : "user-\(number)", start: start, on: day, records: upTo, state: state,
          rebuild: random.below(30) == 0, calendar: calendar)
        state = check.state
        states.append(check.state)
        day = day + (1 + random.below(random.below(4) == 0 ? 40 : 3))
      }
    }
    return states
  }

  /// Whether two states hold the same, field by field (a pending record's file line aside).
  static func same(_ a: UserState, _ b: UserState) -> Bool {
    a.program === b.program && a.catalogVersion == b.catalogVersion && a.user == b.user && a.date == b.date
      && a.counted == b.counted && a.digests == b.digests
      && a.otherUnlocks.map { "\($0.id) \($0.date)" } == b.otherUnlocks.map { "\($0.id) \($0.date)" }
      && a.pending.map { [$0.date.number] + $0.values } == b.pending.map { [$0.date.number] + $0.values }
      && a.milestoneMark == b.milestoneMark
  }

  @Test("every generated state reads back exactly, in fewer bytes than its JSON", arguments: 0..<8)
  func roundTrip(catalog: Int) throws {
    let engine = try Self.engines()[catalog]
    var binaryBytes = 0
    var jsonBytes = 0
    for state in try Self.states(engine, seed: UInt64(catalog * 7 + 1), count: 12) {
      let bytes = state.binary()
      let read = try UserState(binary: bytes, for: engine)
      #expect(Self.same(read, state), "\(engine.catalogID): the state read back is the state written")
      #expect(read.binary() == bytes)
      #expect(try read.json() == state.json())
      #expect(read.warnings.isEmpty)
      binaryBytes += bytes.count
      jsonBytes += try state.json().count
    }
    #expect(binaryBytes * 4 < jsonBytes, "\(engine.catalogID): \(binaryBytes) bytes binary, \(jsonBytes) JSON")
  }

  @Test("a state read from JSON (with unlocks of a badge the catalog lost) reads back exactly")
  func fromJSON() throws {
    let engine = try Engine(Fixture.catalog(UserStateTests.yaml))
    let json = Data(
      #"{"format": "rules-state", "format_version": 1, "catalog": "demo", "catalog_version": 2, "user": "ü", "date": "2026-01-05", "counted_through": "2026-01-04", "milestone_check": {"current": 3, "start": null}, "unlocks": [{"id": "first", "date": "2026-01-01"}, {"id": "gone", "date": "2025-12-31"}], "streaks": {"daily": {"current": 4, "best": 9, "freezes": 0, "progress": 0, "day0": "2026-01-01", "last_protected": null}}, "windows": {"last(3, input(1))": [1, 2, 3]}, "records": {"2026-01-01": "", "2026-01-03": "0123456789abcdef", "2026-01-04": "changed"}, "pending": {"2026-01-05": {"done": true, "steps": -4}, "2026-01-07": {"steps": 2}}}"#
        .utf8)
    let state = try UserState(json: json, for: engine)
    let read = try UserState(binary: state.binary(), for: engine)
    #expect(Self.same(read, state))
    #expect(try read.json() == state.json())
  }

  @Test("a state saves no day it does not need: the rizq example's 9 days")
  func compact() throws {
    let engine = try Engine(Fixture.shipped("rizq"))
    var random = SplitMix64(seed: 3)
    let first = try CalendarDay("2026-05-01")
    let records = try (0..<9).map { offset in
      try DayRecord(
        date: first + offset,
        values: Dictionary(
          uniqueKeysWithValues: engine.program.catalog.inputs.map { ($0.name, Self.value(of: $0, &random)) }),
        for: engine)
    }
    let check = try engine.check(user: "fatima", start: nil, on: first + 9, records: records, state: nil)
    let binary = check.state.binary()
    let json = try check.state.json()
    #expect(binary.count < 400, "\(binary.count) bytes (JSON: \(json.count))")
    #expect(Self.same(try UserState(binary: binary, for: engine), check.state))
  }

  static func sample() throws -> (Engine, Data) {
    let engine = try Engine(Fixture.catalog(UserStateTests.yaml))
    let state = try #require(try Self.states(engine, seed: 11, count: 1).last)
    return (engine, state.binary())
  }

  @Test("truncated bytes are refused with bad-state, at every length")
  func truncated() throws {
    let (engine, bytes) = try Self.sample()
    for length in 0..<bytes.count {
      #expect(throws: EngineError.self) { try UserState(binary: bytes.prefix(length), for: engine) }
      do {
        _ = try UserState(binary: bytes.prefix(length), for: engine)
      } catch {
        #expect(error.id == .badState)
      }
    }
  }

  @Test("a changed byte anywhere is refused with bad-state")
  func corrupt() throws {
    let (engine, bytes) = try Self.sample()
    for index in bytes.indices {
      for flip: UInt8 in [0x01, 0x80, 0xFF] {
        var changed = bytes
        changed[index] ^= flip
        do {
          _ = try UserState(binary: changed, for: engine)
          Issue.record("byte \(index) ^ \(flip) was read")
        } catch {
          #expect(error.id == .badState)
        }
      }
    }
  }

  @Test("the errors say what is wrong")
  func messages() throws {
    let (engine, bytes) = try Self.sample()
    let other = try Engine(Fixture.shipped("rizq"))
    #expect(throws: EngineError(.badState, "this state belongs to the catalog 'demo', not 'rizq'")) {
      try UserState(binary: bytes, for: other)
    }
    #expect(
      throws: EngineError(
        .badState, "the state is not usable: it is not a binary rules state (it does not begin with \"RS\")")
    ) { try UserState(binary: Data("{}".utf8), for: engine) }
    var newer = [UInt8](bytes)
    newer[2] = 2
    #expect(
      throws: EngineError(
        .badState, "the state is not usable: it was written by a newer version of rules (binary format 2)")
    ) { try UserState(binary: Data(newer), for: engine) }
    #expect(throws: EngineError(.badState, "the state is not usable: it is truncated or corrupt")) {
      try UserState(binary: bytes.dropLast(), for: engine)
    }
  }

  @Test("changed bytes behind a right checksum are refused with bad-state or read as a state that reads back the same")
  func mutations() throws {
    let engine = try Engine(Fixture.shipped("rizq"))
    let states = try Self.states(engine, seed: 21, count: 3)
    var random = SplitMix64(seed: 99)
    var read = 0
    for _ in 0..<20_000 {
      var body = [UInt8](states[random.below(states.count)].binary().dropLast(4))
      for _ in 0...random.below(4) {
        switch random.below(3) {
        case 0: body[random.below(body.count)] = UInt8(random.below(256))
        case 1: body.insert(UInt8(random.below(256)), at: random.below(body.count + 1))
        default: if body.count > 1 { body.remove(at: random.below(body.count)) }
        }
      }
      let checksum = StateBinaryWriter.checksum(body)
      body += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> UInt32(8 * $0)) }
      do {
        let state = try UserState(binary: Data(body), for: engine)
        let written = state.binary()
        #expect(try UserState(binary: written, for: engine).binary() == written)
        read += 1
      } catch {
        #expect(error.id == .badState)
      }
    }
    #expect(read > 0, "some mutations are states")
  }

  @Test("a section a later build added is skipped; the state reads as it was")
  func unknownSection() throws {
    let (engine, bytes) = try Self.sample()
    var body = [UInt8](bytes.dropLast(4))
    body += [99, 3, 1, 2, 3]  // tag 99, three bytes
    let checksum = StateBinaryWriter.checksum(body)
    body += (0..<4).map { UInt8(truncatingIfNeeded: checksum >> UInt32(8 * $0)) }
    let read = try UserState(binary: Data(body), for: engine)
    #expect(read.binary() == bytes)
  }
}
