import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  /// The save's hook: the check's standings, in the transaction that saves its state (a row
  /// whose value and run are unchanged is not written again).
  static func saveStandings(_ db: Database, catalog: String, check: SavedCheck) throws {
    guard let standings = check.standings else { return }
    let upsert = try db.cachedStatement(
      sql: """
        INSERT INTO standings (catalog, user_id, name, value, since, until) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (catalog, user_id, name) DO UPDATE SET value = excluded.value, since = excluded.since,
          until = excluded.until
        WHERE standings.value IS NOT excluded.value OR standings.since IS NOT excluded.since
          OR standings.until IS NOT excluded.until
        """)
    for standing in standings {
      try upsert.execute(arguments: [
        catalog, check.user, standing.name, standing.value, standing.since?.description, standing.until?.description,
      ])
    }
  }

  package func leaderboard(catalog: String, name: String, limit: Int, around: String?) async throws -> Leaderboard? {
    try await queue.read { db in
      typealias Row2 = (user: String, value: Double)
      func rows(_ sql: String, _ arguments: StatementArguments) throws -> [Row2] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { ($0["user_id"], $0["value"]) }
      }
      func count(_ sql: String, _ arguments: StatementArguments) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
      }
      let key = "catalog = ? AND name = ?"
      guard let around else {
        let top = try rows(
          "SELECT user_id, value FROM standings WHERE \(key) ORDER BY value DESC, user_id LIMIT ?",
          [catalog, name, limit])
        return Leaderboard(
          catalog: catalog, name: name, entries: Leaderboard.ranked(top, greater: 0, before: 0))
      }
      guard
        let value = try Double.fetchOne(
          db.cachedStatement(sql: "SELECT value FROM standings WHERE catalog = ? AND user_id = ? AND name = ?"),
          arguments: [catalog, around, name])
      else { return nil }
      let wanted = limit - 1
      // Closest first on each side: the same value by user id, then the next values.
      var above = try rows(
        "SELECT user_id, value FROM standings WHERE \(key) AND value = ? AND user_id < ? ORDER BY user_id DESC LIMIT ?",
        [catalog, name, value, around, wanted])
      if above.count < wanted {
        above += try rows(
          "SELECT user_id, value FROM standings WHERE \(key) AND value > ? ORDER BY value, user_id DESC LIMIT ?",
          [catalog, name, value, wanted - above.count])
      }
      var below = try rows(
        "SELECT user_id, value FROM standings WHERE \(key) AND value = ? AND user_id > ? ORDER BY user_id LIMIT ?",
        [catalog, name, value, around, wanted])
      if below.count < wanted {
        below += try rows(
          "SELECT user_id, value FROM standings WHERE \(key) AND value < ? ORDER BY value DESC, user_id LIMIT ?",
          [catalog, name, value, wanted - below.count])
      }
      let window = Leaderboard.window(above: above, user: (around, value), below: below, limit: limit)
      let first = window[0]
      let greater = try count(
        "SELECT COUNT(*) FROM standings WHERE \(key) AND value > ?", [catalog, name, first.value])
      let tied = try count(
        "SELECT COUNT(*) FROM standings WHERE \(key) AND value = ? AND user_id < ?",
        [catalog, name, first.value, first.user])
      return Leaderboard(
        catalog: catalog, name: name, entries: Leaderboard.ranked(window, greater: greater, before: greater + tied))
    }
  }

  package func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats {
    try await queue.read { db in
      func count(_ sql: String, _ arguments: StatementArguments) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
      }
      func perBadge(_ sql: String, _ arguments: StatementArguments) throws -> [(badge: String, users: Int)] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { ($0["badge"], $0["users"]) }
      }
      var day = date
      if day == nil {
        day = try String.fetchOne(
          db.cachedStatement(sql: "SELECT MAX(date) FROM states WHERE catalog = ?"), arguments: [catalog]
        ).flatMap(CalendarDay.parsed)
      }
      var stats = CatalogStats(catalog: catalog, date: day)
      stats.users = try count("SELECT COUNT(*) FROM users WHERE catalog = ?", [catalog])
      stats.usersEvaluated = try count("SELECT COUNT(*) FROM states WHERE catalog = ?", [catalog])
      stats.unlocks = try perBadge(
        "SELECT badge, COUNT(*) AS users FROM unlocks WHERE catalog = ? GROUP BY badge ORDER BY badge", [catalog])
      for streak in streaks {
        let sums = Standings.buckets.map { "SUM(CASE WHEN value BETWEEN \($0.low) AND \($0.high) THEN 1 ELSE 0 END)" }
        let row = try Row.fetchOne(
          db.cachedStatement(
            sql: "SELECT \(sums.joined(separator: ", ")) FROM standings WHERE catalog = ? AND name = ? AND value >= 1"),
          arguments: [catalog, streak + ".current"])
        stats.streaks.append((streak, Standings.buckets.indices.map { (row?[$0] as Int?) ?? 0 }))
      }
      if let day {
        let text = day.description
        stats.usersEvaluatedOnDate = try count(
          "SELECT COUNT(*) FROM states WHERE catalog = ? AND date = ?", [catalog, text])
        stats.unlocksOnDate = try perBadge(
          "SELECT badge, COUNT(*) AS users FROM unlocks WHERE catalog = ? AND date = ? GROUP BY badge ORDER BY badge",
          [catalog, text])
        for streak in streaks {
          stats.streakDaysOnDate.append(
            (
              streak,
              try count(
                "SELECT COUNT(*) FROM standings WHERE catalog = ? AND name = ? AND until >= ? AND since <= ?",
                [catalog, streak + ".current", text, text])
            ))
        }
      }
      return stats
    }
  }

  @discardableResult
  package func fillStandings(
    catalog: String, version: Int, _ evaluate: @Sendable (LoadedUser) -> SavedCheck?
  ) async throws -> Int {
    try await queue.writeWithoutTransaction { db in
      var filled = 0
      try db.inTransaction(.immediate) {
        let filledVersion = try Int.fetchOne(
          db, sql: "SELECT catalog_version FROM standings_filled WHERE catalog = ?", arguments: [catalog])
        if filledVersion == version { return .commit }
        let users = try String.fetchAll(
          db, sql: "SELECT user_id FROM states WHERE catalog = ? ORDER BY user_id", arguments: [catalog])
        for user in users {
          guard let loaded = try Self.load(db, catalog: catalog, user: user, allDays: false),
            let saved = evaluate(loaded)
          else { continue }
          try Self.saveStandings(db, catalog: catalog, check: saved)
          filled += 1
        }
        try db.execute(
          sql: """
            INSERT INTO standings_filled (catalog, catalog_version) VALUES (?, ?)
            ON CONFLICT (catalog) DO UPDATE SET catalog_version = excluded.catalog_version
            """, arguments: [catalog, version])
        return .commit
      }
      return filled
    }
  }
}
