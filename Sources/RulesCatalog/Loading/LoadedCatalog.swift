import Foundation
import RulesSource

/// What loading a catalog gave: the catalog with its imports merged (nil when the root file
/// could not be decoded at all), the text of every file read, and every problem found.
public struct LoadedCatalog: Sendable {
  /// The catalog with its imports merged; nil when the root file could not be decoded.
  public var catalog: Catalog?
  /// The root file decoded as a module (when the file is a rule module, not a catalog).
  public var module: RuleFile?
  /// The text of every file read, by path (for source lines in messages).
  public var sources: [String: SourceFile]
  /// Every problem found while loading.
  public var diagnostics: [Diagnostic]
}
