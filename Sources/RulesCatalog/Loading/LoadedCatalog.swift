import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// What loading a catalog gave: the catalog with its imports merged (nil when the root file
/// could not be decoded at all), the text of every file read, and every problem found.
@_spi(Tooling) public struct LoadedCatalog: Sendable {
  /// The catalog with its imports merged; nil when the root file could not be decoded.
  @_spi(Tooling) public var catalog: Catalog?
  /// The root file decoded as a module (when the file is a rule module, not a catalog).
  @_spi(Tooling) public var module: RuleFile?
  /// The text of every file read, by path (for source lines in messages).
  @_spi(Tooling) public var sources: [String: SourceFile]
  /// Every problem found while loading.
  @_spi(Tooling) public var diagnostics: [Diagnostic]
}
