@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A reward scheme as written: one app's inputs, streaks, metrics, milestones, badges,
/// quotes and messages, with imported modules merged in. `CatalogValidator` turns it into a
/// `ValidatedCatalog` that can be evaluated.
@_spi(Tooling) public struct Catalog: Sendable {
  /// The catalog's id (`catalog:`).
  @_spi(Tooling) public var id: String
  /// The catalog's version: a state written with another version is read with a warning.
  @_spi(Tooling) public var version: Int
  /// The catalog's name, for people.
  @_spi(Tooling) public var name: String?
  /// What the catalog is for.
  @_spi(Tooling) public var description: String?
  /// The file it was read from.
  @_spi(Tooling) public var file: String
  /// What the app reports each day, in catalog order (imports' first).
  @_spi(Tooling) public var inputs: [Input] = []
  /// The streaks, in catalog order.
  @_spi(Tooling) public var streaks: [Streak] = []
  /// The metrics, in catalog order.
  @_spi(Tooling) public var metrics: [Metric] = []
  /// The milestone track, if the catalog has one.
  @_spi(Tooling) public var milestones: MilestoneTrack?
  /// The badge groups.
  @_spi(Tooling) public var groups: [BadgeGroup] = []
  /// The badges, in catalog order.
  @_spi(Tooling) public var badges: [Badge] = []
  /// The quote rotation, if the catalog has one.
  @_spi(Tooling) public var quotes: QuoteRotation?
  /// The messages, in the order they are tried.
  @_spi(Tooling) public var messages: [Message] = []
  /// When badges unlock and how many per check (`unlocks`).
  @_spi(Tooling) public var unlocks = UnlockRule()
  /// Names the catalog's imported modules require, checked once the catalog is whole.
  @_spi(Tooling) public var requirements: [Requirement] = []
  /// The language the catalog's own texts are in (`default_locale`; `en` when not given).
  @_spi(Tooling) public var defaultLocale: String = "en"
  /// Where `default_locale` is written, when it is.
  @_spi(Tooling) public var defaultLocaleOrigin: Origin?
  /// The catalog's texts in other languages, from its locale files.
  @_spi(Tooling) public var translations = Translations()

  /// An empty catalog.
  @_spi(Tooling) public init(id: String, version: Int = 1, file: String) {
    self.id = id
    self.version = version
    self.file = file
  }
}
