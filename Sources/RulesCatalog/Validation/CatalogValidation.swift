@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// A catalog (or rule module) file loaded and validated (what `rules check` reports).
@_spi(Tooling) public struct CatalogValidation: Sendable {
  /// The catalog ready to evaluate, when nothing was an error.
  @_spi(Tooling) public var validated: ValidatedCatalog?
  /// The text of every file involved, for printing source lines.
  @_spi(Tooling) public var sources: [String: SourceFile]
  /// Every problem found, errors and warnings, each once.
  @_spi(Tooling) public var diagnostics: [Diagnostic]
  /// Whether the file is a rule module rather than a catalog.
  @_spi(Tooling) public var isModule: Bool

  /// Loads the catalog or module at `path` with `reader` (YAML files, exported JSON, texts
  /// in memory), merges its imports (inside `root` when given), reads the locale files
  /// `locales` finds for it with the same reader, and validates it.
  package static func load(
    path: String, reader: @escaping DocumentReader, root: (any ImportBoundary)? = nil, locales: LocaleFinder? = nil
  ) -> CatalogValidation {
    let loaded = CatalogLoader.load(path: path, reader: reader, root: root)
    var diagnostics = loaded.diagnostics
    var validated: ValidatedCatalog?
    var sources = loaded.sources
    if var catalog = loaded.catalog {
      if loaded.module == nil, let locales {
        for (locale, file) in locales(path) {
          let document = reader(file)
          if let source = document.source { sources[file] = source }
          diagnostics += document.diagnostics
          let (language, problems) = LocaleFileDecoder.decode(
            document.root, file: file, locale: locale, catalogID: catalog.id)
          diagnostics += problems
          catalog.translations.languages[language.locale] = language
        }
      }
      let (result, problems) = CatalogValidator.validate(
        catalog, sources: sources, isModule: loaded.module != nil)
      diagnostics += problems
      validated = loaded.module == nil && !diagnostics.hasErrors ? result : nil
    }
    return CatalogValidation(
      validated: validated, sources: sources, diagnostics: unique(diagnostics),
      isModule: loaded.module != nil)
  }

  /// The same diagnostic reported twice (a module imported by two files) is shown once.
  static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var seen = Set<Diagnostic>()
    return diagnostics.filter { seen.insert($0).inserted }
  }
}
