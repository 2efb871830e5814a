import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

/// Loads a catalog or prints its errors and exits 1.
func loadCatalog(_ name: String) throws -> StoreCatalog {
  do {
    return try StoreCatalog.load(name)
  } catch {
    printError(error.description)
    throw ExitCode.failure
  }
}

func parseDay(_ text: String?, option: String) throws -> CalendarDay? {
  guard let text else { return nil }
  if let problem = CalendarDay.problem(with: text) { throw ValidationError("\(option): \(problem)") }
  return CalendarDay.parsed(text)
}
