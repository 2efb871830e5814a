import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// The save's hook: the standings of the checks saved, one statement, in the transaction
  /// that saves their states (a row whose value and run are unchanged is not written again).
  static func saveStandings(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], logger: Logger
  ) async throws {
    var users: [String] = []
    var names: [String] = []
    var values: [Double] = []
    // An empty text for no run (NULLIF makes it NULL).
    var since: [String] = []
    var until: [String] = []
    for check in checks {
      for standing in check.standings ?? [] {
        users.append(check.user)
        names.append(standing.name)
        values.append(standing.value)
        since.append(standing.since?.description ?? "")
        until.append(standing.until?.description ?? "")
      }
    }
    guard !users.isEmpty else { return }
    try await connection.query(
      """
      INSERT INTO standings (catalog, user_id, name, value, since, until)
      SELECT \(catalog), u, n, v, NULLIF(s, ''), NULLIF(t, '')
      FROM unnest(\(users)::text[], \(names)::text[], \(values)::float8[], \(since)::text[], \(until)::text[])
        AS x(u, n, v, s, t)
      ON CONFLICT (catalog, user_id, name) DO UPDATE SET value = excluded.value, since = excluded.since,
        until = excluded.until
      WHERE standings.value IS DISTINCT FROM excluded.value OR standings.since IS DISTINCT FROM excluded.since
        OR standings.until IS DISTINCT FROM excluded.until
      """, logger: logger)
  }

  func rows(_ query: PostgresQuery) async throws -> [(user: String, value: Double)] {
    var rows: [(user: String, value: Double)] = []
    for try await (user, value) in try await client.query(query, logger: logger).decode((String, Double).self) {
      rows.append((user, value))
    }
    return rows
  }

  package func leaderboard(catalog: String, name: String, limit: Int, around: String?) async throws -> Leaderboard? {
    guard let around else {
      let top = try await rows(
        """
        SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND name = \(name)
        ORDER BY value DESC, user_id LIMIT \(limit)
        """)
      return Leaderboard(catalog: catalog, name: name, entries: Leaderboard.ranked(top, greater: 0, before: 0))
    }
    // One snapshot for every query of the answer.
    return try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      func rows(_ query: PostgresQuery) async throws -> [(user: String, value: Double)] {
        var rows: [(user: String, value: Double)] = []
        for try await (user, value) in try await connection.query(query, logger: logger).decode((String, Double).self) {
          rows.append((user, value))
        }
        return rows
      }
      func count(_ query: PostgresQuery) async throws -> Int {
        var count = 0
        for try await value in try await connection.query(query, logger: logger).decode(Int.self) { count = value }
        return count
      }
      let mine = try await rows(
        """
        SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND user_id = \(around) AND name = \(name)
        """)
      guard let value = mine.first?.value else { return nil }
      let wanted = limit - 1
      var above = try await rows(
        """
        SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value = \(value)
          AND user_id < \(around) ORDER BY user_id DESC LIMIT \(wanted)
        """)
      if above.count < wanted {
        above += try await rows(
          """
          SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value > \(value)
          ORDER BY value, user_id DESC LIMIT \(wanted - above.count)
          """)
      }
      var below = try await rows(
        """
        SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value = \(value)
          AND user_id > \(around) ORDER BY user_id LIMIT \(wanted)
        """)
      if below.count < wanted {
        below += try await rows(
          """
          SELECT user_id, value FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value < \(value)
          ORDER BY value DESC, user_id LIMIT \(wanted - below.count)
          """)
      }
      let window = Leaderboard.window(above: above, user: (around, value), below: below, limit: limit)
      let first = window[0]
      let greater = try await count(
        "SELECT COUNT(*) FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value > \(first.value)")
      let tied = try await count(
        """
        SELECT COUNT(*) FROM standings WHERE catalog = \(catalog) AND name = \(name) AND value = \(first.value)
          AND user_id < \(first.user)
        """)
      return Leaderboard(
        catalog: catalog, name: name, entries: Leaderboard.ranked(window, greater: greater, before: greater + tied))
    }
  }

  package func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats {
    try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      func count(_ query: PostgresQuery) async throws -> Int {
        var count = 0
        for try await value in try await connection.query(query, logger: logger).decode(Int.self) { count = value }
        return count
      }
      func perBadge(_ query: PostgresQuery) async throws -> [(badge: String, users: Int)] {
        var rows: [(badge: String, users: Int)] = []
        for try await (badge, users) in try await connection.query(query, logger: logger).decode((String, Int).self) {
          rows.append((badge, users))
        }
        return rows
      }
      var day = date
      if day == nil {
        for try await latest in try await connection.query(
          "SELECT MAX(date) FROM states WHERE catalog = \(catalog)", logger: logger
        ).decode(String?.self) {
          day = latest.flatMap(CalendarDay.parsed)
        }
      }
      var stats = CatalogStats(catalog: catalog, date: day)
      stats.users = try await count("SELECT COUNT(*) FROM users WHERE catalog = \(catalog)")
      stats.usersEvaluated = try await count("SELECT COUNT(*) FROM states WHERE catalog = \(catalog)")
      stats.unlocks = try await perBadge(
        """
        SELECT badge, COUNT(*) FROM unlocks WHERE catalog = \(catalog) GROUP BY badge ORDER BY badge COLLATE "C"
        """)
      let sums = Standings.buckets.map {
        "COALESCE(SUM(CASE WHEN value BETWEEN \($0.low) AND \($0.high) THEN 1 ELSE 0 END), 0)::bigint"
      }
      for streak in streaks {
        let query = PostgresQuery(
          unsafeSQL: """
            SELECT \(sums.joined(separator: ", ")) FROM standings WHERE catalog = $1 AND name = $2 AND value >= 1
            """,
          binds: {
            var binds = PostgresBindings()
            binds.append(catalog)
            binds.append(streak + ".current")
            return binds
          }())
        var buckets = [Int](repeating: 0, count: Standings.buckets.count)
        for try await row in try await connection.query(query, logger: logger) {
          var cells = row.makeIterator()
          for index in buckets.indices { buckets[index] = try cells.next()?.decode(Int.self) ?? 0 }
        }
        stats.streaks.append((streak, buckets))
      }
      if let day {
        let text = day.description
        stats.usersEvaluatedOnDate = try await count(
          "SELECT COUNT(*) FROM states WHERE catalog = \(catalog) AND date = \(text)")
        stats.unlocksOnDate = try await perBadge(
          """
          SELECT badge, COUNT(*) FROM unlocks WHERE catalog = \(catalog) AND date = \(text)
          GROUP BY badge ORDER BY badge COLLATE "C"
          """)
        for streak in streaks {
          stats.streakDaysOnDate.append(
            (
              streak,
              try await count(
                """
                SELECT COUNT(*) FROM standings WHERE catalog = \(catalog) AND name = \(streak + ".current")
                  AND until >= \(text) AND since <= \(text)
                """)
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
    try await transaction { connection in
      // One filler at a time; the catalog's users held, so no save of theirs runs meanwhile.
      try await connection.query("SELECT pg_advisory_xact_lock(7271004)", logger: logger)
      for try await filled in try await connection.query(
        "SELECT catalog_version FROM standings_filled WHERE catalog = \(catalog)", logger: logger
      ).decode(Int.self) where filled == version {
        return 0
      }
      try await connection.query(
        "SELECT 1 FROM users WHERE catalog = \(catalog) FOR UPDATE", logger: logger)
      var ids: [String] = []
      for try await id in try await connection.query(
        "SELECT user_id FROM states WHERE catalog = \(catalog) ORDER BY user_id COLLATE \"C\"", logger: logger
      ).decode(String.self) {
        ids.append(id)
      }
      var filled = 0
      for start in stride(from: 0, to: ids.count, by: 1_000) {
        let chunk = Array(ids[start..<min(start + 1_000, ids.count)])
        let loaded = try await Self.load(connection, catalog: catalog, ids: chunk, allDays: false, logger: logger)
        let checks = loaded.compactMap(evaluate)
        try await Self.saveStandings(connection, catalog: catalog, checks: checks, logger: logger)
        filled += checks.count
      }
      try await connection.query(
        """
        INSERT INTO standings_filled (catalog, catalog_version) VALUES (\(catalog), \(version))
        ON CONFLICT (catalog) DO UPDATE SET catalog_version = excluded.catalog_version
        """, logger: logger)
      return filled
    }
  }
}
