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

  @OptionGroup var root: RootOption

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
    let result = CatalogFiles.check(path: path, root: root.explicit)
    guard let checked = result.checked else {
      let diagnostics = result.diagnostics.sortedByPosition()
      let (shown, notes) = DiagnosticRenderer.limited(diagnostics)
      for diagnostic in shown {
        printError(DiagnosticRenderer.text(diagnostic, source: result.sources[diagnostic.file]))
      }
      for note in notes { printError(note) }
      if result.isModule {
        printError("\(path) is a rule module; commands other than check need a catalog")
      }
      if diagnostics.isEmpty { printError("\(path): error: the catalog cannot be used") }
      throw ExitCode.failure
    }
    return checked
  }
}

/// `--root`: the folder a catalog's imports (and a scenario's catalog) must stay in.
struct RootOption: ParsableArguments {
  @Option(
    help: """
      The folder imports must stay in (default: the catalog's repository, the nearest folder \
      above it holding catalogs/ or rules/).
      """)
  var root: String?

  func validate() throws {
    guard let root else { return }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue
    else { throw ValidationError("--root: '\(root)' is not a folder") }
  }

  /// The folder given, if any.
  var explicit: RepositoryRoot? { root.map { RepositoryRoot(folder: $0) } }

  /// The folder given, or the repository of `file`.
  func repository(of file: String) -> RepositoryRoot {
    explicit ?? RepositoryRoot.discover(for: file)
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
    let (shown, notes) = DiagnosticRenderer.limited(result.diagnostics.sortedByPosition())
    for diagnostic in shown {
      printError(DiagnosticRenderer.text(diagnostic, source: result.source))
    }
    for note in notes { printError(note) }
    guard let loaded = result.history else { throw ExitCode.failure }
    return loaded
  }

  /// The date asked for, or today where the user lives.
  func day(for history: History) -> CalendarDay {
    if let date, let day = CalendarDay(date) { return day }
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
