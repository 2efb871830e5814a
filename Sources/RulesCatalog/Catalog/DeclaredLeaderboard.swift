/// A leaderboard that a catalog declares (`leaderboards: [{id, value, period}]`): a value
/// (a metric or a period sum such as `week(duas)`) ranked over the users of each period, which
/// starts again with every day, week (from `week_starts`), Gregorian month or Hijri month of
/// each user's own calendar, or never (`all`). The store keeps each user's value per period;
/// docs/catalog-format.md and docs/store.md tell the rest.
package struct DeclaredLeaderboard: Sendable {
  /// How often the leaderboard starts again, as catalogs write it.
  package enum Period: String, Sendable, Hashable, CaseIterable {
    case day, week, month
    case hijriMonth = "hijri_month"
    case all
  }

  /// The leaderboard's id (`GET .../leaderboards/{id}`).
  package var id: String
  /// Where the entry is written.
  package var origin: Origin
  /// The value ranked: a metric's name or a period sum.
  package var value: ExpressionSource
  /// The period the leaderboard starts again with.
  package var period: Period

  /// A leaderboard.
  package init(id: String, origin: Origin, value: ExpressionSource, period: Period) {
    self.id = id
    self.origin = origin
    self.value = value
    self.period = period
  }
}
