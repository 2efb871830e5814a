import Foundation
import RulesEngine
import RulesKit

/// A day record as the store keeps it: the date and the inputs as compact JSON.
public struct StoredDay: Sendable, Equatable {
  public var date: CalendarDay
  public var record: String

  public init(date: CalendarDay, record: String) {
    self.date = date
    self.record = record
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

/// What one evaluation of a user gives the store: the report, what to save, what is new.
public struct UserCheck: Sendable {
  /// The evaluation as `rules eval --format json` prints it.
  public var json: String
  /// The evaluation as `rules eval` prints it for people.
  public var text: String
  /// Warnings for people (a saved state older than the catalog...).
  public var warnings: [String]
  /// The badges this evaluation unlocked, with their dates.
  public var new: [StoredUnlock]
  /// The state to save (JSON), or nil when nothing may be saved.
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
  let checked: CheckedCatalog
  let program: Program

  public init(_ checked: CheckedCatalog) {
    self.checked = checked
    self.program = Program(checked)
    id = checked.catalog.id
    name = checked.catalog.name ?? checked.catalog.id
    version = checked.catalog.version
    export = CatalogExport.json(checked).serialized()
    schema = RecordSchema(inputs: checked.inputs)
  }

  /// Loads the catalog at `path` (YAML, with its imports) or names in `catalogs/`.
  public static func load(_ nameOrPath: String) throws(CatalogLoadError) -> StoreCatalog {
    let path = resolve(nameOrPath)
    let result = CatalogFiles.check(path: path)
    guard let checked = result.checked else {
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
    for path in CatalogFiles.files(in: folder) {
      let result = CatalogFiles.check(path: path)
      if result.isModule { continue }
      guard let checked = result.checked else {
        problems.append("\(path): error: the catalog has errors; `rules check \(path)` shows them")
        continue
      }
      catalogs.append(StoreCatalog(checked))
    }
    return (catalogs, problems)
  }

  /// Evaluates a user as of `date`, continuing from `state` (nil for a new user) with the
  /// stored days it has not counted; with `rebuild`, counts `days` (all of them) again and
  /// keeps the unlocks of `state` with their dates.
  public func check(
    user: String, start: CalendarDay?, timeZone: TimeZone?, on date: CalendarDay, days: [StoredDay],
    state: Data?, rebuild: Bool = false
  ) throws -> UserCheck {
    var history = History(user: user, start: start, timeZone: timeZone, records: [], file: "store")
    history.records.reserveCapacity(days.count)
    for day in days where day.date <= date {
      history.records.append(DayRecord(date: day.date, values: try values(of: day)))
    }
    var saved: SavedState?
    if let state {
      saved = try SavedState.decode(state, path: "state of \(user)", for: checked, user: user).0
    }
    let outcome = Session.evaluate(program, history: history, date: date, saved: saved, rebuild: rebuild)
    let evaluation = outcome.evaluation
    let newIDs = Set(evaluation.new)
    let new = evaluation.unlocked.filter { newIDs.contains($0.id) }.map { StoredUnlock(badge: $0.id, date: $0.date) }
    let stateData = outcome.state.map { Data($0.json(for: checked).serialized().utf8) }
    return UserCheck(
      json: evaluation.json.serialized(), text: evaluation.json.serialized(), warnings: evaluation.warnings,
      new: new, state: stateData)
  }

  /// A stored record's values, encoded for the engine (defaults filled in).
  func values(of day: StoredDay) throws -> [Int] {
    let inputs = checked.inputs
    var values = inputs.map { $0.encode($0.defaultValue) }
    guard case .object(let pairs) = try JSONReader.parse(day.record.utf8) else {
      throw RecordProblem("bad-record", "the stored record of \(day.date) is not a JSON object")
    }
    for (name, value) in pairs {
      guard let index = inputs.firstIndex(where: { $0.name == name }) else { continue }
      let input = inputs[index]
      switch (input.kind, value) {
      case (.bool, .bool(let flag)): values[index] = input.encode(.bool(flag))
      case (.int, .int(let int)): values[index] = input.encode(.int(int))
      case (.number, .int(let int)): values[index] = input.encode(.number(Double(int)))
      case (.number, .number(let double)): values[index] = input.encode(.number(double))
      case (.enumeration(let members), .string(let text)):
        if let position = members.firstIndex(of: text) { values[index] = position }
      default: continue
      }
    }
    return values
  }
}
