import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

/// The store's catalogs from their YAML files (with RulesKit: the store itself reads none).
extension StoreCatalog {
  /// Loads the catalog at `path` (YAML, with its imports) or names in `catalogs/`.
  package static func load(_ nameOrPath: String) throws(CatalogLoadError) -> StoreCatalog {
    let path = resolve(nameOrPath)
    let result = CatalogFiles.validate(path: path)
    guard let validated = result.validated else {
      let rendered = result.diagnostics.sortedByPosition().map {
        DiagnosticRenderer.text($0, source: result.sources[$0.file])
      }
      throw CatalogLoadError(path: path, diagnostics: rendered)
    }
    return StoreCatalog(validated)
  }

  /// A path as given, or `catalogs/NAME.yaml` for a bare name (as `rules` does).
  package static func resolve(_ catalog: String) -> String {
    if FileManager.default.fileExists(atPath: catalog) { return catalog }
    if !catalog.contains("/"), !catalog.hasSuffix(".yaml") {
      let named = "catalogs/\(catalog).yaml"
      if FileManager.default.fileExists(atPath: named) { return named }
    }
    return catalog
  }

  /// Every catalog of a folder (rule modules and broken files left out, and reported as
  /// `problems`). Two files that declare one id are `duplicates` (`duplicate-catalog`, at the
  /// later file) and neither is loaded: which one is meant is the operator's to say.
  package static func loadAll(in folder: String) -> (
    catalogs: [StoreCatalog], problems: [String], duplicates: [String]
  ) {
    var catalogs: [StoreCatalog] = []
    var problems: [String] = []
    var declared: [DuplicateCatalogRule.File] = []
    for path in YAMLFiles.files(in: folder, leavingOut: "tests") {
      let result = CatalogFiles.validate(path: path)
      if result.isModule { continue }
      guard let validated = result.validated else {
        // Its errors as `rules check` writes them (one line each, without the source lines).
        let errors = result.diagnostics.sortedByPosition().filter { $0.severity == .error }
        problems += errors.isEmpty ? ["\(path): error: the catalog cannot be used"] : errors.map(\.description)
        continue
      }
      declared.append(DuplicateCatalogRule.File(path: path, id: validated.catalog.id, source: result.sources[path]))
      catalogs.append(StoreCatalog(validated))
    }
    let duplicates = DuplicateCatalogRule.check(declared)
    let twice = Set(duplicates.map { duplicate in declared.first { $0.path == duplicate.file }!.id })
    return (catalogs.filter { !twice.contains($0.id) }, problems, duplicates.map(\.description))
  }
}
