import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

@_spi(Tooling) public enum HistoryFiles {
  /// Reads the history at `path` with the catalog's inputs; nil history when any error.
  @_spi(Tooling) public static func load(path: String, inputs: [Input], limits: ReaderLimits = .default) -> HistoryLoad
  {
    load(path: path, inputs: inputs, streaks: nil, limits: limits)
  }

  /// Reads the history at `path` for `catalog`: its inputs, and the streaks its freeze grants
  /// and restores name, each checked at its line.
  package static func load(path: String, catalog: ValidatedCatalog, limits: ReaderLimits = .default) -> HistoryLoad {
    load(
      path: path, inputs: catalog.inputs, streaks: (catalog.streaks.map(\.streak), catalog.catalog.id), limits: limits)
  }

  private static func load(
    path: String, inputs: [Input], streaks: (list: [Streak], catalog: String)?, limits: ReaderLimits
  ) -> HistoryLoad {
    let document = YAMLDocuments.reader(limits: limits)(path)
    guard document.root != nil || !document.diagnostics.hasErrors else {
      return HistoryLoad(history: nil, source: document.source, diagnostics: document.diagnostics)
    }
    let (history, problems) = HistoryDecoder.decode(document.root, file: path, inputs: inputs, streaks: streaks)
    let diagnostics = document.diagnostics + problems
    return HistoryLoad(
      history: diagnostics.hasErrors ? nil : history, source: document.source,
      diagnostics: diagnostics)
  }

  /// Reads a history held in memory (tests, scenario files).
  @_spi(Tooling) public static func load(text: String, path: String, inputs: [Input]) -> HistoryLoad {
    let source = SourceFile(path: path, text: text)
    let result = YAMLDocumentReader().read(source)
    guard result.root != nil || !result.diagnostics.hasErrors else {
      return HistoryLoad(history: nil, source: source, diagnostics: result.diagnostics)
    }
    let (history, problems) = HistoryDecoder.decode(result.root, file: path, inputs: inputs)
    let diagnostics = result.diagnostics + problems
    return HistoryLoad(
      history: diagnostics.hasErrors ? nil : history, source: source, diagnostics: diagnostics)
  }
}
