/// Why a catalog cannot be loaded; `diagnostics` are rendered `file:line:column: error: ...`.
package struct CatalogLoadError: Error, Sendable, CustomStringConvertible {
  package var path: String
  package var diagnostics: [String]
  package var description: String {
    diagnostics.isEmpty ? "\(path): error: the catalog cannot be used" : diagnostics.joined(separator: "\n")
  }
}
