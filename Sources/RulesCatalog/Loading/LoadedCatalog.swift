import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// What loading a catalog gave: the catalog with its imports merged (nil when the root file
/// could not be decoded at all), the text of every file read, and every problem found.
package struct LoadedCatalog: Sendable {
  /// The catalog with its imports merged; nil when the root file could not be decoded.
  package var catalog: Catalog?
  /// The root file decoded as a module (when the file is a rule module, not a catalog).
  package var module: RuleFile?
  /// The text of every file read, by path (for source lines in messages).
  package var sources: [String: SourceFile]
  /// Every problem found while loading.
  package var diagnostics: [Diagnostic]
}
