/// A reward scheme as written: one app's inputs, streaks, metrics, milestones, badges,
/// quotes and messages, with imported modules merged in. `CatalogValidator` turns it into a
/// `ValidatedCatalog` that can be evaluated.
public struct Catalog: Sendable {
  /// The catalog's id (`catalog:`).
  public var id: String
  /// The catalog's version: a state written with another version is read with a warning.
  public var version: Int
  /// The catalog's name, for people.
  public var name: String?
  /// What the catalog is for.
  public var description: String?
  /// The file it was read from.
  public var file: String
  /// What the app reports each day, in catalog order (imports' first).
  public var inputs: [Input] = []
  /// The streaks, in catalog order.
  public var streaks: [Streak] = []
  /// The metrics, in catalog order.
  public var metrics: [Metric] = []
  /// The milestone track, if the catalog has one.
  public var milestones: MilestoneTrack?
  /// The badge groups.
  public var groups: [BadgeGroup] = []
  /// The badges, in catalog order.
  public var badges: [Badge] = []
  /// The quote rotation, if the catalog has one.
  public var quotes: QuoteRotation?
  /// The messages, in the order they are tried.
  public var messages: [Message] = []
  /// When badges unlock and how many per check (`unlocks`).
  public var unlocks = UnlockRule()
  /// Names the catalog's imported modules require, checked once the catalog is whole.
  public var requirements: [Requirement] = []
  /// The language the catalog's own texts are in (`default_locale`; `en` when not given).
  public var defaultLocale: String = "en"
  /// Where `default_locale` is written, when it is.
  public var defaultLocaleOrigin: Origin?
  /// The catalog's texts in other languages, from its locale files.
  public var translations = Translations()

  /// An empty catalog.
  public init(id: String, version: Int = 1, file: String) {
    self.id = id
    self.version = version
    self.file = file
  }
}
