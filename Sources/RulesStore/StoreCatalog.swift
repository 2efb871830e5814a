@_spi(CompiledDay) import CompiledCatalogs
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A catalog as the store and the server use it. Every evaluation goes through `check`, the
/// one seam between the store and the engine.
public final class StoreCatalog: Sendable {
  public let id: String
  public let name: String
  public let version: Int
  /// The catalog as `rules export` writes it.
  public let export: String
  public let schema: RecordSchema
  /// Reads stored records straight into the engine's encoded form.
  let decoder: StoredRecordDecoder
  /// Stored records in the engine's encoded form (`days.encoded`).
  let encoding: RecordEncoding
  package let checked: ValidatedCatalog
  /// The Swift API's engine: every evaluation of the store goes through it. For a shipped
  /// catalog as it was when the server was built, its compiled day (`CompiledCatalogs`) counts
  /// the days; any other catalog runs on the interpreter, with the same results.
  public let engine: Engine

  /// A catalog checked by the engine (the server reads its YAML files with RulesKit).
  package init(_ checked: ValidatedCatalog) {
    self.checked = checked
    self.engine = Engine(checked, compiledDays: CompiledCatalogs.all)
    id = checked.catalog.id
    name = checked.catalog.name ?? checked.catalog.id
    version = checked.catalog.version
    export = CatalogExport.json(checked).serialized()
    schema = RecordSchema(inputs: checked.inputs)
    decoder = StoredRecordDecoder(inputs: checked.inputs)
    encoding = RecordEncoding(inputs: checked.inputs)
  }

  /// A valid record's encoded form, to store beside its text (`days.encoded`).
  public func encoded(_ record: ValidRecord) -> Data { encoding.encode(record.values) }

  /// A day of `record` as the store keeps it.
  public func storedDay(_ date: CalendarDay, _ record: ValidRecord) -> StoredDay {
    StoredDay(date: date, record: record.text, encoded: encoded(record))
  }

  /// A record's compact JSON (as `schema.record` writes it) read again into the engine's
  /// encoded form; nil when it is not one the store writes. (The store encodes what it
  /// writes from the checked values, `encoded(_: ValidRecord)`; the tests hold the two equal.)
  public func encoded(_ record: String) -> Data? {
    var record = record
    return record.withUTF8 { bytes in decoder.decode(bytes) }.map(encoding.encode)
  }

  /// Evaluates a user as of `date` through the Swift API (`Engine.check`), continuing from
  /// `state` (nil for a new user) with the stored days it has not counted; with `rebuild`,
  /// counts `days` (all of them) again and keeps the unlocks of `state` with their dates.
  /// The texts are in `locale` (nil: the catalog's default).
  public func check(
    user: String, start: CalendarDay?, timeZone: TimeZone?, on date: CalendarDay, days: [StoredDay],
    state: Data?, rebuild: Bool = false, locale: String? = nil, timeZoneChanges: [TimeZoneChange] = [],
    calendar: UserCalendar = .gregorian
  ) throws -> UserCheck {
    var records: [DayRecord] = []
    records.reserveCapacity(days.count)
    for day in days where day.date <= date {
      if let data = day.encoded, let values = encoding.decode(data) {
        records.append(try DayRecord(EncodedRecord(date: day.date, values: values), for: engine))
      } else if let encoded = decoder.decode(day.record, date: day.date) {
        records.append(try DayRecord(encoded, for: engine))
      } else {
        records.append(try DayRecord(date: day.date, values: try values(of: day), for: engine))
      }
    }
    let saved = try state.map { try Self.state($0, for: engine) }
    let check = try engine.check(
      user: user, start: start, on: date, records: records, state: saved, rebuild: rebuild, calendar: calendar,
      timeZone: timeZone, timeZoneChanges: timeZoneChanges, locale: locale)
    let evaluation = check.evaluation
    let newIDs = Set(evaluation.badges.new)
    let new = evaluation.badges.unlocked.filter { newIDs.contains($0.id) }.map {
      StoredUnlock(badge: $0.id, date: $0.date)
    }
    // A state saved after the date is left as it is (the engine says so with state-ahead).
    let ahead = check.warnings.contains { $0.id == .stateAhead }
    return UserCheck(
      evaluation: evaluation, catalog: checked, locale: locale,
      warnings: check.warnings.map(\.message), new: ahead ? [] : new, state: ahead ? nil : check.state.binary())
  }

  /// A saved state: its binary form, or the JSON a version-1 store saved (it begins with `{`).
  public static func state(_ data: Data, for engine: Engine) throws -> UserState {
    data.first == UInt8(ascii: "{") ? try UserState(json: data, for: engine) : try UserState(binary: data, for: engine)
  }

  /// A stored record's values as the API takes them (literals of the inputs' types).
  func values(of day: StoredDay) throws -> [String: DayRecord.Value] {
    guard case .object(let pairs) = try JSONReader.parse(day.record.utf8) else {
      throw RecordProblem("bad-record", "the stored record of \(day.date) is not a JSON object")
    }
    var values: [String: DayRecord.Value] = [:]
    for (name, value) in pairs {
      switch value {
      case .bool(let flag): values[name] = .bool(flag)
      case .int(let int): values[name] = .int(int)
      case .number(let double): values[name] = .number(double)
      case .string(let text): values[name] = .string(text)
      default: continue
      }
    }
    return values
  }
}
