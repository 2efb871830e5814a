/// The two tables of standings, alike in shape, and their counts (`StandingCounts`): the
/// all-time standings (`standings`: a row per user and streak field or metric) and the period
/// standings of the leaderboards a catalog declares (`period_standings`: a row per user and
/// board, a board being a leaderboard's period, named `LEADERBOARD@PERIOD`, its `since` and
/// `until` the period's first and last day). One set of statements saves, ranks and deletes
/// both.
package enum StandingsTable: Sendable {
  case allTime, period

  /// The rows' table.
  var rows: String { self == .allTime ? "standings" : "period_standings" }
  /// The table of users per value (`StandingCounts`).
  var counts: String { self == .allTime ? "standings_counts" : "period_standings_counts" }
}
