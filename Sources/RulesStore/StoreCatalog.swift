@_spi(CompiledDay) import CompiledCatalogs
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

/// A day record as the store keeps it: the date, the inputs as compact JSON, and the same in
/// the engine's encoded form (`StoreCatalog.encoded`; nil for a record stored before schema
/// version 2).
public struct StoredDay: Sendable, Equatable {
  public var date: CalendarDay
  public var record: String
  public var encoded: Data?

  public init(date: CalendarDay, record: String, encoded: Data? = nil) {
    self.date = date
    self.record = record
    self.encoded = encoded
  }
}

/// An unlock as the `unlocks` table keeps it.
public struct StoredUnlock: Sendable, Equatable {
  public var badge: String
  public var date: CalendarDay

  public init(badge: String, date: CalendarDay) {
    self.badge = badge
    self.date = date
  }
}

/// What one evaluation of a user gives the store: the report, what to save, what is new. The
/// report is rendered only when asked for (a batch never asks).
public struct UserCheck: Sendable {
  /// The evaluation, as the engine made it.
  public var evaluation: Evaluation
  /// The catalog, to render the evaluation for people.
  let catalog: ValidatedCatalog
  /// The language of the text rendering (nil: the catalog's default).
  let locale: String?
  /// The evaluation as `rules eval --format json` prints it.
  public var json: String { evaluation.json.serialized() }
  /// The evaluation as `rules eval` prints it for people (the catalog is localized only here,
  /// when a text is asked for, not for every check).
  public var text: String {
    EvaluationText(catalog: locale.map { catalog.localized(to: $0) } ?? catalog).render(evaluation)
  }
  /// Warnings for people (a saved state older than the catalog...).
  public var warnings: [String]
  /// The badges this evaluation unlocked, with their dates.
  public var new: [StoredUnlock]
  /// The state to save (`UserState.binary()`), or nil when nothing may be saved.
  public var state: Data?
}

/// Why a catalog cannot be loaded; `diagnostics` are rendered `file:line:column: error: ...`.
public struct CatalogLoadError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var diagnostics: [String]
  public var description: String {
    diagnostics.isEmpty ? "\(path): error: the catalog cannot be used" : diagnostics.joined(separator: "\n")
  }
}

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

  /// A record's compact JSON (as `schema.record` writes it) in the engine's encoded form, to
  /// store beside it (`days.encoded`); nil when it is not one the store writes.
  public func encoded(_ record: String) -> Data? {
    var record = record
    return record.withUTF8 { bytes in decoder.decode(bytes) }.map(encoding.encode)
  }

  /// Loads the catalog at `path` (YAML, with its imports) or names in `catalogs/`.
  public static func load(_ nameOrPath: String) throws(CatalogLoadError) -> StoreCatalog {
    let path = resolve(nameOrPath)
    let result = CatalogFiles.validate(path: path)
    guard let checked = result.validated else {
      let rendered = result.diagnostics.sortedByPosition().map {
        DiagnosticRenderer.text($0, source: result.sources[$0.file])
      }
      throw CatalogLoadError(path: path, diagnostics: rendered)
    }
    return StoreCatalog(checked)
  }

  /// A path as given, or `catalogs/NAME.yaml` for a bare name (as `rules` does).
  public static func resolve(_ catalog: String) -> String {
    if FileManager.default.fileExists(atPath: catalog) { return catalog }
    if !catalog.contains("/"), !catalog.hasSuffix(".yaml") {
      let named = "catalogs/\(catalog).yaml"
      if FileManager.default.fileExists(atPath: named) { return named }
    }
    return catalog
  }

  /// Every catalog of a folder (rule modules and broken files left out, and reported).
  public static func loadAll(in folder: String) -> (catalogs: [StoreCatalog], problems: [String]) {
    var catalogs: [StoreCatalog] = []
    var problems: [String] = []
    for path in YAMLFiles.files(in: folder, leavingOut: "tests") {
      let result = CatalogFiles.validate(path: path)
      if result.isModule { continue }
      guard let checked = result.validated else {
        // Its errors as `rules check` writes them (one line each, without the source lines).
        let errors = result.diagnostics.sortedByPosition().filter { $0.severity == .error }
        problems += errors.isEmpty ? ["\(path): error: the catalog cannot be used"] : errors.map(\.description)
        continue
      }
      catalogs.append(StoreCatalog(checked))
    }
    return (catalogs, problems)
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
