@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What one YAML file holds once decoded: a catalog, or a rule module that catalogs import.
/// `CatalogLoader` merges a catalog's file with its imports into one `Catalog`.
package struct RuleFile: Sendable {
  /// Whether the file is a catalog or a rule module.
  package enum Kind: Sendable { case catalog, module }

  /// Whether the file is a catalog or a rule module.
  package var kind: Kind
  /// The file as the user named it.
  package var file: String
  /// The catalog's or module's id.
  package var id: String
  /// The catalog's version (1 when not given).
  package var version: Int = 1
  /// The catalog's display name.
  package var name: String?
  /// The catalog's description.
  package var description: String?
  /// The catalog's `default_locale` and where it is written, when given.
  package var defaultLocale: (locale: String, origin: Origin)?
  /// The modules the file imports, with where each import is written.
  package var imports: [(path: String, origin: Origin)] = []
  /// What a module requires of the catalog that imports it.
  package var requirements: [Requirement] = []
  /// The file's inputs, in the order written.
  package var inputs: [Input] = []
  /// The file's streaks, in the order written.
  package var streaks: [Streak] = []
  /// The file's metrics, in the order written.
  package var metrics: [Metric] = []
  /// The file's badge groups.
  package var groups: [BadgeGroup] = []
  /// The file's badges, in the order written.
  package var badges: [Badge] = []
  /// The milestone track, if the file has one.
  package var milestones: MilestoneTrack?
  /// The quote rotation, if the file has one.
  package var quotes: QuoteRotation?
  /// The file's messages, in the order written.
  package var messages: [Message] = []
  /// When the catalog's badges unlock (`unlocks`), if the file says.
  package var unlocks: UnlockRule?
  /// How `badges.next` breaks ties (`next_badge`), if the file says.
  package var nextBadge: NextBadgeRule?
  /// The day the catalog's weeks begin (`week_starts`), if the file says.
  package var weekStarts: WeekStart?
  /// When the users' day changes (`day_starts_at`), if the file says.
  package var dayStartsAt: DayStart?
  /// How users may pause their streaks (`pauses`), if the file says.
  package var pauses: PausePolicy?
  /// The leaderboards that start again each period (`leaderboards`), in the order written.
  package var leaderboards: [DeclaredLeaderboard] = []

  /// An empty file of `kind` read from `file`.
  package init(kind: Kind, file: String, id: String) {
    self.kind = kind
    self.file = file
    self.id = id
  }
}
