import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
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
  func load() throws -> ValidatedCatalog {
    let result = CatalogFiles.validate(path: path, root: root.repository(of: path))
    guard let validated = result.validated else {
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
    return validated
  }
}
