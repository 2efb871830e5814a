@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A reward scheme as written: one app's inputs, streaks, metrics, milestones, badges,
/// quotes and messages, with imported modules merged in. `CatalogValidator` turns it into a
/// `ValidatedCatalog` that can be evaluated.
@_spi(Tooling) public struct Catalog: Sendable {
  /// The catalog's id (`catalog:`).
  package var id: String
  /// The catalog's version: a state written with another version is read with a warning.
  package var version: Int
  /// The catalog's name, for people.
  package var name: String?
  /// What the catalog is for.
  package var description: String?
  /// The file it was read from.
  package var file: String
  /// What the app reports each day, in catalog order (imports' first).
  package var inputs: [Input] = []
  /// The streaks, in catalog order.
  package var streaks: [Streak] = []
  /// The metrics, in catalog order.
  package var metrics: [Metric] = []
  /// The milestone track, if the catalog has one.
  package var milestones: MilestoneTrack?
  /// The badge groups.
  package var groups: [BadgeGroup] = []
  /// The badges, in catalog order.
  package var badges: [Badge] = []
  /// The quote rotation, if the catalog has one.
  package var quotes: QuoteRotation?
  /// The messages, in the order they are tried.
  package var messages: [Message] = []
  /// When badges unlock and how many per check (`unlocks`).
  package var unlocks = UnlockRule()
  /// How `badges.next` breaks ties between equal targets (`next_badge`).
  package var nextBadge = NextBadgeRule()
  /// Names the catalog's imported modules require, checked once the catalog is whole.
  package var requirements: [Requirement] = []
  /// The language the catalog's own texts are in (`default_locale`; `en` when not given).
  package var defaultLocale: String = "en"
  /// Where `default_locale` is written, when it is.
  package var defaultLocaleOrigin: Origin?
  /// The catalog's texts in other languages, from its locale files.
  package var translations = Translations()
  /// When the users' day changes (`day_starts_at`; midnight when not given).
  package var dayStartsAt = DayStart.midnight
  /// The day the catalog's weeks begin, for `week(x)` (`week_starts`; Monday when not given).
  package var weekStarts: WeekStart = .monday
  /// How users may pause their `pausable` streaks (`pauses`; no cap, no backdating when not
  /// given).
  package var pauses = PausePolicy()
  /// The leaderboards that start again each period (`leaderboards`), in catalog order.
  package var leaderboards: [DeclaredLeaderboard] = []

  /// An empty catalog.
  package init(id: String, version: Int = 1, file: String) {
    self.id = id
    self.version = version
    self.file = file
  }
}
