import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

@testable import RulesReach

/// Catalogs and histories written inline, read the way the commands read files.
enum Inline {
  static func validated(_ yaml: String) throws -> ValidatedCatalog {
    let result = CatalogFiles.validate(
      path: "planted.yaml", reader: YAMLDocuments.reader(files: ["planted.yaml": yaml]))
    guard let validated = result.validated else {
      throw InlineError(text: result.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return validated
  }
}

struct InlineError: Error, CustomStringConvertible {
  var text: String
  var description: String { text }
}
