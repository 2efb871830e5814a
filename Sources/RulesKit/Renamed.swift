import RulesEngine

// The names before issue #13's renames, kept for code written against them. Deprecated: use
// the new name.

extension CatalogFiles {
  /// Renamed: loads and validates the catalog or module at `path`.
  @available(*, deprecated, renamed: "validate(path:reader:)")
  public static func check(path: String, reader: DocumentReader? = nil) -> CatalogValidation {
    validate(path: path, reader: reader)
  }
}
