@_spi(CompiledDay) import CompiledCatalogs
import Crypto
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// A catalog as the store and the server use it. Every evaluation goes through `check`, the
/// one seam between the store and the engine.
package final class StoreCatalog: Sendable {
  package let id: String
  package let name: String
  package let version: Int
  /// The catalog as `rules export` writes it.
  package let export: String
  /// The catalog's revision: the hex SHA-256 of `export` (`catalog_revisions.hash`).
  package let revision: String
  package let schema: RecordSchema
  /// Reads stored records straight into the engine's encoded form.
  let decoder: StoredRecordDecoder
  /// Stored records in the engine's encoded form (`days.encoded`).
  let encoding: RecordEncoding
  /// The inputs' positions by name.
  let positions: [String: Int]
  package let validated: ValidatedCatalog
  /// The Swift API's engine: every evaluation of the store goes through it. For a shipped
  /// catalog as it was when the server was built, its compiled day (`CompiledCatalogs`) counts
  /// the days; any other catalog runs on the interpreter, with the same results.
  package let engine: Engine

  /// A catalog validated by the engine (the server reads its YAML files with RulesKit).
  package init(_ validated: ValidatedCatalog) {
    self.validated = validated
    self.engine = Engine(validated, compiledDays: CompiledCatalogs.all)
    id = validated.catalog.id
    name = validated.catalog.name ?? validated.catalog.id
    version = validated.catalog.version
    export = CatalogExport.json(validated).serialized()
    revision = SHA256.hash(data: Data(export.utf8)).map { String(format: "%02x", $0) }.joined()
    // A catalog whose streaks read which inputs a day names (`final_once_reported`) keeps them
    // with every stored record.
    let tracksReported = engine.program.tracksReported
    schema = RecordSchema(inputs: validated.inputs, tracksReported: tracksReported)
    decoder = StoredRecordDecoder(inputs: validated.inputs)
    encoding = RecordEncoding(inputs: validated.inputs, tracksReported: tracksReported)
    positions = Dictionary(validated.inputs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// A valid record's encoded form, to store beside its text (`days.encoded`).
  package func encoded(_ record: ValidRecord) -> Data { encoding.encode(record.values, reported: record.reported) }

  /// A day of `record` as the store keeps it.
  /// When the catalog's users' day changes (`day_starts_at`).
  package var dayStartsAt: DayStart { engine.catalog.catalog.dayStartsAt }

  package func storedDay(_ date: CalendarDay, _ record: ValidRecord) -> StoredDay {
    StoredDay(date: date, record: record.text, encoded: encoded(record))
  }

  /// A record's compact JSON (as `schema.record` writes it) read again into the engine's
  /// encoded form; nil when it is not one the store writes. (The store encodes what it
  /// writes from the validated values, `encoded(_: ValidRecord)`; the tests hold the two equal.)
  package func encoded(_ record: String) -> Data? {
    var record = record
    var named: [Int]? = encoding.tracksReported ? [] : nil
    return record.withUTF8 { bytes in decoder.decode(bytes, named: &named) }.map {
      encoding.encode($0, reported: named)
    }
  }

  /// Evaluates a user as of `date` through the Swift API (`Engine.check`), continuing from
  /// `state` (nil for a new user) with the stored days it has not counted; with `rebuild`,
  /// counts `days` (all of them) again and keeps the unlocks of `state` with their dates.
  /// The texts are in `locale` (nil: the catalog's default).
  package func check(
    user: String, start: CalendarDay?, timeZone: TimeZone?, on date: CalendarDay, days: [StoredDay],
    state: Data?, rebuild: Bool = false, locale: String? = nil, timeZoneChanges: [TimeZoneChange] = [],
    calendar: UserCalendar = .gregorian
  ) throws -> UserCheck {
    try check(
      user: user, start: start, timeZone: timeZone, on: date, days: days,
      saved: try state.map { try Self.state($0, for: engine) }, rebuild: rebuild, locale: locale,
      timeZoneChanges: timeZoneChanges, calendar: calendar)
  }

  /// The engine's records of the stored `days` up to `date`; `notes` gets a line for each
  /// value the catalog's input cannot take (it is read as its nearest value, `Input.nearest`).
  /// Throws for a record that is not a JSON object.
  package func records(_ days: [StoredDay], through date: CalendarDay) throws -> [DayRecord] {
    var notes: [String] = []
    return try records(days, through: date, notes: &notes)
  }

  private func records(_ days: [StoredDay], through date: CalendarDay, notes: inout [String]) throws -> [DayRecord] {
    var records: [DayRecord] = []
    records.reserveCapacity(days.count)
    for day in days where day.date <= date {
      guard let read = read(record: day.record, encoded: day.encoded) else {
        // A day the batch read without its JSON whose encoded form this catalog cannot read
        // (an experiment's arm with other inputs): read again holding the user, with every JSON.
        if day.record.isEmpty { throw NeedsAllDays() }
        throw RecordProblem("bad-record", "the stored record of \(day.date) is not a JSON object")
      }
      for (input, message) in read.nearest {
        notes.append("the stored day \(day.date) of '\(input)' is read as its nearest value (\(message))")
      }
      records.append(
        try DayRecord(EncodedRecord(date: day.date, values: read.values, reported: read.reported), for: engine))
    }
    return records
  }

  /// `check` with the saved state read already (`UserEvaluation.run` reads it, to count a user
  /// whose state the catalog cannot read again from every day). Without `saving` (a read), the
  /// state is not encoded: the check's `state` is nil.
  func check(
    user: String, start: CalendarDay?, timeZone: TimeZone?, on date: CalendarDay, days: [StoredDay],
    saved: UserState?, rebuild: Bool, locale: String?, timeZoneChanges: [TimeZoneChange], calendar: UserCalendar,
    pauses: [Pause] = [], support: UserSupport = UserSupport(), saving: Bool = true
  ) throws -> UserCheck {
    var notes: [String] = []
    let records = try records(days, through: date, notes: &notes)
    let check = try engine.check(
      user: user, start: start, on: date, records: records, state: saved, rebuild: rebuild, calendar: calendar,
      timeZone: timeZone, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: support.freezeGrants,
      restores: support.streakRestores, locale: locale)
    let evaluation = check.evaluation
    let newIDs = Set(evaluation.badges.new)
    // A repeating badge's new earnings each with its period (some may be of periods past).
    let new =
      evaluation.badges.unlocked.filter { newIDs.contains($0.id) && $0.repeats == nil }.map {
        StoredUnlock(badge: $0.id, date: $0.date)
      }
      + evaluation.badges.newEarnings.map {
        StoredUnlock(badge: $0.id, date: $0.earning.date, period: $0.earning.period)
      }
    // A state saved after the date is left as it is (the engine says so with state-ahead).
    let ahead = check.warnings.contains { $0.id == .stateAhead }
    return UserCheck(
      evaluation: evaluation, catalog: validated, locale: locale,
      warnings: notes + check.warnings.map(\.message), new: ahead ? [] : new,
      state: ahead || !saving ? nil : check.state.binary())
  }

  /// A saved state: its binary form, or the JSON a version-1 store saved (it begins with `{`).
  package static func state(_ data: Data, for engine: Engine) throws -> UserState {
    data.first == UInt8(ascii: "{") ? try UserState(json: data, for: engine) : try UserState(binary: data, for: engine)
  }

  /// A stored day as this catalog reads it, the one way every reader takes (an evaluation, the
  /// reload's check of the store): its encoded form when it was stored in this catalog's
  /// encoding; else its JSON straight into the encoded form when it holds only what the catalog
  /// takes without a doubt (`StoredRecordDecoder`); else its JSON the validating way. Nil when the
  /// record is not a JSON object.
  func read(record: String, encoded: Data?) -> StoredRecord? {
    if let encoded, let read = encoding.decodeRecord(encoded) {
      return StoredRecord(values: read.values, reported: read.reported)
    }
    var text = record
    var named: [Int]? = encoding.tracksReported ? [] : nil
    if let values = text.withUTF8({ decoder.decode($0, named: &named) }) {
      return StoredRecord(values: values, reported: named)
    }
    return validatingRead(record)
  }

  /// A stored record read the validating way (its JSON), for a record the fast paths leave: its
  /// values encoded for this catalog, an input it does not have (any more) left out, and a value
  /// its input cannot take (retyped, a member or bound changed, or written by an experiment's
  /// variant that widened the input) read as the nearest value the input takes
  /// (`Input.nearest`: clamped into its bounds, another kind read as its kind, an unknown member
  /// as the default). Both are named, for the reload's report of the store (`StoreReading`). Nil
  /// when it is not a JSON object.
  func validatingRead(_ record: String) -> StoredRecord? {
    guard case .object(let pairs) = try? JSONReader.parse(record.utf8) else { return nil }
    var read = StoredRecord(values: decoder.defaults, reported: encoding.tracksReported ? [] : nil)
    for (name, value) in pairs {
      guard let slot = positions[name] else {
        read.ignored.append(name)
        continue
      }
      let literal: DayRecord.Value?
      switch value {
      case .null: continue
      case .bool(let flag): literal = .bool(flag)
      case .int(let int): literal = .int(int)
      case .number(let double): literal = .number(double)
      case .string(let text): literal = .string(text)
      case .array, .object: literal = nil
      }
      let input = validated.inputs[slot]
      // Named with a value, whether its input takes it as it is or as its nearest value.
      read.reported?.append(slot)
      do {
        read.values[slot] = input.encode(try input.value(of: literal, found: value.kindDescription))
      } catch {
        let nearest = input.nearest(to: value)
        read.values[slot] = input.encode(nearest)
        read.nearest.append((name, "\(error.message); read as \(nearest)"))
      }
    }
    read.reported?.sort()
    return read
  }
}

/// A stored record as a catalog reads it (`StoreCatalog.read`).
struct StoredRecord {
  /// The values, encoded for the catalog, in its input order.
  var values: [Int]
  /// The inputs it names with a value, for a catalog that tracks them; nil otherwise.
  var reported: [Int]? = nil
  /// The record's inputs the catalog does not have: left out.
  var ignored: [String] = []
  /// The record's values the catalog's input cannot take, with why and what they are read as:
  /// each is read as its nearest value the input takes.
  var nearest: [(input: String, message: String)] = []
}
