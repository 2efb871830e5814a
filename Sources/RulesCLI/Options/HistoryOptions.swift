import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

/// The history file and the date to evaluate.
struct HistoryOptions: ParsableArguments {
  @Option(help: "The user's history file (YAML).")
  var history: String

  @Option(help: "The date to evaluate, YYYY-MM-DD (default: today in the history's latest time zone).")
  var date: String?

  func validate() throws {
    if let date, let problem = CalendarDay.problem(with: date) {
      throw ValidationError("--date: \(problem)")
    }
  }

  /// Reads the history, or prints its errors and exits 1.
  func load(for catalog: ValidatedCatalog) throws -> History {
    let result = HistoryFiles.load(path: history, catalog: catalog)
    let (shown, notes) = DiagnosticRenderer.limited(result.diagnostics.sortedByPosition())
    for diagnostic in shown {
      printError(DiagnosticRenderer.text(diagnostic, source: result.source))
    }
    for note in notes { printError(note) }
    guard let loaded = result.history else { throw ExitCode.failure }
    return loaded
  }

  /// The date asked for, or today where the user lives now (the latest time zone change's
  /// zone, else the history's `timezone`, else the machine's), after the history's
  /// `day_starts_at`, else the catalog's.
  func day(for history: History, in catalog: ValidatedCatalog) -> CalendarDay {
    if let date, let day = try? CalendarDay(date) { return day }
    return CalendarDay(
      Date(), in: history.zone(at: Date()) ?? TimeZone.current,
      dayStartsAt: history.dayStartsAt ?? catalog.catalog.dayStartsAt)
  }
}
