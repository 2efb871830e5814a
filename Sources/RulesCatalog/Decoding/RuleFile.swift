@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What one YAML file holds once decoded: a catalog, or a rule module that catalogs import.
/// `CatalogLoader` merges a catalog's file with its imports into one `Catalog`.
@_spi(Tooling) public struct RuleFile: Sendable {
  /// Whether the file is a catalog or a rule module.
  @_spi(Tooling) public enum Kind: Sendable { case catalog, module }

  /// Whether the file is a catalog or a rule module.
  @_spi(Tooling) public var kind: Kind
  /// The file as the user named it.
  @_spi(Tooling) public var file: String
  /// The catalog's or module's id.
  @_spi(Tooling) public var id: String
  /// The catalog's version (1 when not given).
  @_spi(Tooling) public var version: Int = 1
  /// The catalog's display name.
  @_spi(Tooling) public var name: String?
  /// The catalog's description.
  @_spi(Tooling) public var description: String?
  /// The catalog's `default_locale` and where it is written, when given.
  @_spi(Tooling) public var defaultLocale: (locale: String, origin: Origin)?
  /// The modules the file imports, with where each import is written.
  @_spi(Tooling) public var imports: [(path: String, origin: Origin)] = []
  /// What a module requires of the catalog that imports it.
  @_spi(Tooling) public var requirements: [Requirement] = []
  /// The file's inputs, in the order written.
  @_spi(Tooling) public var inputs: [Input] = []
  /// The file's streaks, in the order written.
  @_spi(Tooling) public var streaks: [Streak] = []
  /// The file's metrics, in the order written.
  @_spi(Tooling) public var metrics: [Metric] = []
  /// The file's badge groups.
  @_spi(Tooling) public var groups: [BadgeGroup] = []
  /// The file's badges, in the order written.
  @_spi(Tooling) public var badges: [Badge] = []
  /// The milestone track, if the file has one.
  @_spi(Tooling) public var milestones: MilestoneTrack?
  /// The quote rotation, if the file has one.
  @_spi(Tooling) public var quotes: QuoteRotation?
  /// The file's messages, in the order written.
  @_spi(Tooling) public var messages: [Message] = []
  /// When the catalog's badges unlock (`unlocks`), if the file says.
  @_spi(Tooling) public var unlocks: UnlockRule?

  /// An empty file of `kind` read from `file`.
  @_spi(Tooling) public init(kind: Kind, file: String, id: String) {
    self.kind = kind
    self.file = file
    self.id = id
  }
}
