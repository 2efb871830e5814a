import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

extension Importer {
  /// An importer that reads history files (YAML, with RulesKit) besides JSON Lines and CSV.
  static func withHistories(catalog: StoreCatalog) -> Importer {
    Importer(catalog: catalog) { path, inputs in
      let result = HistoryFiles.load(path: path, inputs: inputs)
      let errors = result.diagnostics.sortedByPosition().filter { $0.severity == .error }.map {
        DiagnosticRenderer.text($0, source: result.source)
      }
      return (errors.isEmpty ? result.history : nil, errors)
    }
  }
}
