import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// When the periods of declared leaderboards close: once the period's last day has ended in
/// every time zone, whatever a user's day start. The westernmost zone is UTC−12 and a day may
/// start as late as 12:00, so a last day L has ended everywhere at (L + 2) 00:00 UTC: the
/// periods closed at `now` are those whose last day is before the UTC date of `now` − 24 h.
package enum LeaderboardClosings {
  /// How many users `leaderboard.closed` names.
  package static let top = 10

  /// The first day whose periods have not all ended everywhere at `now`: a period closes when
  /// its last day is before it.
  package static func cutoff(at now: Date) -> CalendarDay {
    CalendarDay(now.addingTimeInterval(-86_400), in: TimeZone(identifier: "UTC")!)
  }
}

extension StoreBackend {
  /// Tells `leaderboard.closed` for each period of `catalog`'s declared leaderboards that has
  /// ended everywhere at `now` and was not told yet (`closeLeaderboards`); the boards closed
  /// (`LEADERBOARD@PERIOD`). The batch calls it after its last chunk, and `serve` every few minutes.
  @discardableResult
  package func closeLeaderboards(_ catalog: StoreCatalog, at now: Date = Date()) async throws -> [String] {
    let ids = catalog.validated.catalog.leaderboards.filter { $0.period != .all }.map(\.id)
    guard !ids.isEmpty else { return [] }
    return try await closeLeaderboards(
      catalog: catalog.id, leaderboards: ids, before: LeaderboardClosings.cutoff(at: now), top: LeaderboardClosings.top,
      catalogVersion: catalog.version, catalogRevision: catalog.revision)
  }
}
