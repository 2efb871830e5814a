import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// The unlocks of each day for the console's chart: a day's count is the store's stats of that
/// date (`unlocks_on_date`, each badge's users summed: what `GET /v1/catalogs/{c}/stats?date=D`
/// answers). A past day's count is kept for `keep` seconds, so the overview asks the store for
/// today's and the days it has not asked for lately. (A store query counting unlocks by date
/// over a range, on an index of (catalog, date), would make it one read.)
final class UnlocksPerDay: Sendable {
  static let keep: TimeInterval = 300

  private let counts = Mutex<[String: (count: Int, at: Date)]>([:])

  /// The users who unlocked a badge on each of `days` (each badge counted), in order; `today`'s
  /// (the last day's) from `todayStats`.
  func counts(
    store: any StoreBackend, catalog: String, streaks: [String], days: [CalendarDay], todayStats: CatalogStats,
    now: Date = Date()
  ) async throws -> [Int] {
    let today = todayStats.date
    var result = [Int](repeating: 0, count: days.count)
    var missing: [(Int, CalendarDay)] = []
    let kept = counts.withLock { $0 }
    for (index, day) in days.enumerated() {
      if day == today {
        result[index] = Self.sum(todayStats)
      } else if let entry = kept["\(catalog)/\(day)"], now.timeIntervalSince(entry.at) < Self.keep {
        result[index] = entry.count
      } else {
        missing.append((index, day))
      }
    }
    let fetched = try await withThrowingTaskGroup(of: (Int, CalendarDay, Int).self) { group in
      for (index, day) in missing {
        group.addTask {
          (index, day, Self.sum(try await store.stats(catalog: catalog, date: day, streaks: [])))
        }
      }
      var all: [(Int, CalendarDay, Int)] = []
      for try await item in group { all.append(item) }
      return all
    }
    counts.withLock { counts in
      for (index, day, count) in fetched {
        result[index] = count
        counts["\(catalog)/\(day)"] = (count, now)
      }
    }
    return result
  }

  static func sum(_ stats: CatalogStats) -> Int { stats.unlocksOnDate.map(\.users).reduce(0, +) }
}
