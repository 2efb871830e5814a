import Foundation
import RulesEngine
import RulesKit
import RulesSource

/// Catalogs and histories written inline, checked the way `rules check` does.
enum Fixture {
  /// Loads and checks `yaml` as `catalog.yaml`, with `modules` as further files by path.
  static func check(_ yaml: String, modules: [String: String] = [:], path: String = "catalog.yaml")
    -> CatalogCheck
  {
    var files = modules
    files[path] = yaml
    return CatalogFiles.check(path: path, reader: YAMLDocuments.reader(files: files))
  }

  /// The diagnostics of `yaml`, each as `line:column: severity: message`.
  static func diagnostics(_ yaml: String, modules: [String: String] = [:]) -> [String] {
    check(yaml, modules: modules).diagnostics.sortedByPosition().map(format)
  }

  static func format(_ diagnostic: Diagnostic) -> String {
    let place = diagnostic.file == "catalog.yaml" ? "" : "\(diagnostic.file):"
    return "\(place)\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
  }

  /// A catalog that must check cleanly.
  static func catalog(_ yaml: String, modules: [String: String] = [:]) throws -> CheckedCatalog {
    let result = check(yaml, modules: modules)
    guard let checked = result.checked else {
      throw FixtureError.invalid(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return checked
  }

  /// A shipped catalog from catalogs/.
  static func shipped(_ name: String) throws -> CheckedCatalog {
    let path = repository.appendingPathComponent("catalogs/\(name).yaml").path
    let result = CatalogFiles.check(path: path)
    guard let checked = result.checked else {
      throw FixtureError.invalid(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return checked
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A history for `catalog`, which must read cleanly.
  static func history(_ yaml: String, for catalog: CheckedCatalog) throws -> History {
    let result = HistoryFiles.load(text: yaml, path: "history.yaml", inputs: catalog.inputs)
    guard let history = result.history else {
      throw FixtureError.invalid(result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return history
  }

  /// The diagnostics of a history for `catalog`.
  static func historyDiagnostics(_ yaml: String, for catalog: CheckedCatalog) -> [String] {
    HistoryFiles.load(text: yaml, path: "history.yaml", inputs: catalog.inputs).diagnostics
      .sortedByPosition().map { "\($0.line):\($0.column): \($0.message)" }
  }

  /// The evaluation of `history` as of `date`, without a state file.
  static func evaluate(_ catalog: CheckedCatalog, _ history: History, on date: String) -> Evaluation {
    Session.evaluate(Program(catalog), history: history, date: (try! CalendarDay(date)), saved: nil).evaluation
  }

  /// Evaluates each date in turn, carrying the state as a state file would.
  static func evaluate(_ catalog: CheckedCatalog, _ history: History, on dates: [String]) -> [Evaluation] {
    let program = Program(catalog)
    var saved: SavedState?
    var results: [Evaluation] = []
    for date in dates {
      let outcome = Session.evaluate(program, history: history, date: (try! CalendarDay(date)), saved: saved)
      saved = outcome.state ?? saved
      results.append(outcome.evaluation)
    }
    return results
  }

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
