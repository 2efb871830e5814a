import ArgumentParser
import Foundation
import RulesEngine
import RulesKit
import RulesSource

/// The catalog a command works on: a path, or a name found in catalogs/ (`discipline` is
/// `catalogs/discipline.yaml`).
struct CatalogOptions: ParsableArguments {
  @Argument(help: "The catalog: a file, or a name in catalogs/ (e.g. discipline).")
  var catalog: String

  var path: String {
    if FileManager.default.fileExists(atPath: catalog) { return catalog }
    if !catalog.contains("/"), !catalog.hasSuffix(".yaml") {
      let named = "catalogs/\(catalog).yaml"
      if FileManager.default.fileExists(atPath: named) { return named }
    }
    return catalog
  }

  /// Loads and checks the catalog, or prints its errors and exits 1.
  func load() throws -> CheckedCatalog {
    let result = CatalogFiles.check(path: path)
    guard let checked = result.checked else {
      let diagnostics = result.diagnostics.sortedByPosition()
      for diagnostic in diagnostics {
        printError(DiagnosticRenderer.text(diagnostic, source: result.sources[diagnostic.file]))
      }
      if result.isModule {
        printError("\(path) is a rule module; commands other than check need a catalog")
      }
      if diagnostics.isEmpty { printError("\(path): error: the catalog cannot be used") }
      throw ExitCode.failure
    }
    return checked
  }
}

/// The history file and the date to evaluate.
struct HistoryOptions: ParsableArguments {
  @Option(help: "The user's history file (YAML).")
  var history: String

  @Option(help: "The date to evaluate, YYYY-MM-DD (default: today in the history's time zone).")
  var date: String?

  func validate() throws {
    if let date, let problem = CalendarDay.problem(with: date) {
      throw ValidationError("--date: \(problem)")
    }
  }

  /// Reads the history, or prints its errors and exits 1.
  func load(for catalog: CheckedCatalog) throws -> History {
    let result = HistoryFiles.load(path: history, inputs: catalog.inputs)
    for diagnostic in result.diagnostics.sortedByPosition() {
      printError(DiagnosticRenderer.text(diagnostic, source: result.source))
    }
    guard let loaded = result.history else { throw ExitCode.failure }
    return loaded
  }

  /// The date asked for, or today where the user lives.
  func day(for history: History) -> CalendarDay {
    if let date, let day = try? CalendarDay(date) { return day }
    return CalendarDay.today(in: history.timeZone ?? TimeZone.current)
  }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

/// Writes to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}
