/// Why a catalog cannot be loaded; `diagnostics` are rendered `file:line:column: error: ...`.
public struct CatalogLoadError: Error, Sendable, CustomStringConvertible {
  public var path: String
  public var diagnostics: [String]
  public var description: String {
    diagnostics.isEmpty ? "\(path): error: the catalog cannot be used" : diagnostics.joined(separator: "\n")
  }
}
