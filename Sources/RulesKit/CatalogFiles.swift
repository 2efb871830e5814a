import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// Loading catalogs from files: read with libyaml, imports merged, validated.
@_spi(Tooling) public enum CatalogFiles {
  /// Loads and validates the catalog or module at `path` (YAML, read with libyaml: the catalog
  /// reader's fast path, else the reference path, `YAMLDocuments.catalogReader`). Read from
  /// disk (no `reader`), its imports must stay in `root`, by default the catalog's
  /// repository; with a `reader`, only in `root` when one is given. Its locale files are
  /// those `locales` finds (by default on disk, `locales/LOCALE/FILE` next to the catalog).
  @_spi(Tooling) public static func validate(
    path: String, reader: DocumentReader? = nil, root: RepositoryRoot? = nil,
    locales: @escaping LocaleFinder = LocaleFiles.disk
  ) -> CatalogValidation {
    let confinement = root ?? (reader == nil ? RepositoryRoot.discover(for: path) : nil)
    return CatalogValidation.load(
      path: path, reader: reader ?? YAMLDocuments.catalogReader(), root: confinement, locales: locales)
  }

  /// A `DocumentReader` for catalogs exported as JSON files.
  @_spi(Tooling) public static let exportedReader: DocumentReader = { path in
    do {
      return ExportedCatalog.document(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    } catch {
      return Document(
        source: nil, root: nil,
        diagnostics: [
          Diagnostic(
            file: path, mark: .start, id: .fileUnreadable,
            message: "cannot read the file: \(error.localizedDescription)")
        ])
    }
  }

  /// Loads and checks the exported catalog (JSON) at `path`.
  @_spi(Tooling) public static func validateExported(path: String) -> CatalogValidation {
    do {
      return ExportedCatalog.validate(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    } catch {
      return CatalogValidation.load(path: path, reader: exportedReader)
    }
  }
}
