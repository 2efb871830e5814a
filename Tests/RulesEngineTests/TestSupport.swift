import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// Catalogs and histories written inline, checked the way `rules check` does.
enum Fixture {
  /// Loads and checks `yaml` as `catalog.yaml`, with `modules` as further files by path (the
  /// locale files among them), read into located nodes: the engine's check, the diagnostics of
  /// `rules check`.
  static func validate(_ yaml: String, modules: [String: String] = [:], path: String = "catalog.yaml")
    -> CatalogValidation
  {
    var files = modules
    files[path] = yaml
    return CatalogValidation.load(path: path, reader: reader(files), locales: locales(among: files.keys))
  }

  /// The diagnostics of `yaml`, each as `line:column: severity: message`.
  static func diagnostics(_ yaml: String, modules: [String: String] = [:]) -> [String] {
    validate(yaml, modules: modules).diagnostics.sortedByPosition().map(format)
  }

  static func format(_ diagnostic: Diagnostic) -> String {
    let place = diagnostic.file == "catalog.yaml" ? "" : "\(diagnostic.file):"
    return "\(place)\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
  }

  /// A catalog that must check cleanly.
  static func catalog(_ yaml: String, modules: [String: String] = [:]) throws -> ValidatedCatalog {
    let result = validate(yaml, modules: modules)
    guard let checked = result.validated else {
      throw FixtureError.invalid(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return checked
  }

  /// A shipped catalog from catalogs/.
  static func shipped(_ name: String) throws -> ValidatedCatalog {
    let result = validateShipped(name)
    guard let checked = result.validated else {
      throw FixtureError.invalid(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return checked
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A history for `catalog`, which must read cleanly.
  static func history(_ yaml: String, for catalog: ValidatedCatalog) throws -> History {
    let (history, diagnostics) = readHistory(yaml, for: catalog)
    guard let history else {
      throw FixtureError.invalid(diagnostics.map(\.description).joined(separator: "\n"))
    }
    return history
  }

  /// The diagnostics of a history for `catalog`.
  static func historyDiagnostics(_ yaml: String, for catalog: ValidatedCatalog) -> [String] {
    readHistory(yaml, for: catalog).1.sortedByPosition().map { "\($0.line):\($0.column): \($0.message)" }
  }

  /// The evaluation of `history` as of `date`, without a saved state (the engine's check).
  static func evaluate(_ catalog: ValidatedCatalog, _ history: History, on date: String) throws -> Evaluation {
    let engine = Engine(catalog)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    return try engine.check(
      user: history.user, start: history.start, on: CalendarDay(date), records: records, state: nil
    ).evaluation
  }

  /// Checks each date in turn, carrying the state from one check to the next (as an app, or
  /// `rules eval --state`, does).
  static func evaluate(_ catalog: ValidatedCatalog, _ history: History, on dates: [String]) throws -> [Evaluation] {
    let engine = Engine(catalog)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    var state: UserState?
    var results: [Evaluation] = []
    for date in dates {
      let check = try engine.check(
        user: history.user, start: history.start, on: CalendarDay(date), records: records, state: state)
      state = check.state
      results.append(check.evaluation)
    }
    return results
  }

  /// What `work` throws, as `id: message` for an `EngineError`; nil when it throws nothing.
  static func message(_ work: () throws -> Void) -> String? {
    do {
      try work()
      return nil
    } catch let error as EngineError {
      return "\(error.id.rawValue): \(error.message)"
    } catch {
      return "\(error)"
    }
  }

  /// A day from `YYYY-MM-DD` (the tests write only real dates).
  static func day(_ text: String) -> CalendarDay { try! CalendarDay(text) }

  /// A history of consecutive days from `start`, one record per element.
  static func days(from start: String, _ records: [String]) -> String {
    let first = (try! CalendarDay(start))
    return records.enumerated().map { offset, fields in
      "  - {date: \(first + offset)\(fields.isEmpty ? "" : ", " + fields)}"
    }.joined(separator: "\n")
  }
}

enum FixtureError: Error, CustomStringConvertible {
  case invalid(String)
  var description: String {
    switch self {
    case .invalid(let text): text
    }
  }
}
