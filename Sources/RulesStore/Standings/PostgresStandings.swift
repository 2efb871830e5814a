import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// The save's hook: the standings of the checks saved, one statement, in the transaction
  /// that saves their states.
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
      \(unescaped: StandingsSQL.conflict(.postgres))
      """, logger: logger)
  }

  package func leaderboard(catalog: String, name: String, limit: Int, around: String?) async throws -> Leaderboard? {
    guard let around else {
      let top = try await Self.entries(client, StandingsSQL.top, [catalog, name, limit], logger: logger)
      return Leaderboard(catalog: catalog, name: name, entries: Leaderboard.ranked(top, greater: 0, before: 0))
    }
    // One snapshot for every query of the answer.
    return try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      func rows(_ query: SQLQuery<StandingsSQL.EntryColumns>, _ arguments: SQLArguments) async throws -> [(
        user: String, value: Double
      )] {
        try await Self.entries(connection, query, [catalog, name] + arguments, logger: logger)
      }
      guard let value: Double = try await connection.value(StandingsSQL.value, [catalog, around, name], logger: logger)
      else { return nil }
      let wanted = limit - 1
      var above = try await rows(StandingsSQL.tiedBefore, [value, around, wanted])
      if above.count < wanted { above += try await rows(StandingsSQL.greater, [value, wanted - above.count]) }
      var below = try await rows(StandingsSQL.tiedAfter, [value, around, wanted])
      if below.count < wanted { below += try await rows(StandingsSQL.lesser, [value, wanted - below.count]) }
      let window = Leaderboard.window(above: above, user: (around, value), below: below, limit: limit)
      let first = window[0]
      let greater: Int =
        try await connection.value(StandingsSQL.countGreater, [catalog, name, first.value], logger: logger) ?? 0
      let tied: Int =
        try await connection.value(
          StandingsSQL.countTiedBefore, [catalog, name, first.value, first.user], logger: logger) ?? 0
      return Leaderboard(
        catalog: catalog, name: name, entries: Leaderboard.ranked(window, greater: greater, before: greater + tied))
    }
  }

  static func entries(
    _ runner: some PostgresRunner, _ query: SQLQuery<StandingsSQL.EntryColumns>, _ arguments: SQLArguments,
    logger: Logger
  ) async throws -> [(user: String, value: Double)] {
    var entries: [(user: String, value: Double)] = []
    try await runner.forEach(query, arguments, logger: logger) { entries.append((try $0[.user], try $0[.value])) }
    return entries
  }

  package func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats {
    try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      func count(_ statement: SQLStatement, _ arguments: SQLArguments) async throws -> Int {
        try await connection.value(statement, arguments, logger: logger) ?? 0
      }
      func perBadge(_ query: SQLQuery<StandingsSQL.BadgeColumns>, _ arguments: SQLArguments) async throws -> [(
        badge: String, users: Int
      )] {
        var badges: [(badge: String, users: Int)] = []
        try await connection.forEach(query, arguments, logger: logger) {
          badges.append((try $0[.badge], try $0[.users]))
        }
        return badges
      }
      var day = date
      if day == nil {
        day = (try await connection.value(StandingsSQL.latestDate, [catalog], logger: logger) as String?)
          .flatMap(CalendarDay.parsed)
      }
      var stats = CatalogStats(catalog: catalog, date: day)
      stats.users = try await count(StandingsSQL.users, [catalog])
      stats.usersEvaluated = try await count(StandingsSQL.evaluated, [catalog])
      stats.unlocks = try await perBadge(StandingsSQL.unlocks, [catalog])
      for streak in streaks {
        var buckets = [Int](repeating: 0, count: Standings.buckets.count)
        for try await row in try await connection.rows(
          StandingsSQL.buckets.postgres([catalog, streak + ".current"]), logger: logger)
        {
          let cells = row.makeRandomAccess()
          for index in buckets.indices { buckets[index] = try cells[index].decode(Int.self) }
        }
        stats.streaks.append((streak, buckets))
      }
      if let day {
        let text = day.description
        stats.usersEvaluatedOnDate = try await count(StandingsSQL.evaluatedOnDate, [catalog, text])
        stats.unlocksOnDate = try await perBadge(StandingsSQL.unlocksOnDate, [catalog, text])
        for streak in streaks {
          stats.streakDaysOnDate.append(
            (streak, try await count(StandingsSQL.runsOnDate, [catalog, streak + ".current", text, text])))
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
      if try await connection.value(StandingsSQL.filledVersion, [catalog], logger: logger) == version { return 0 }
      try await connection.query("SELECT 1 FROM users WHERE catalog = \(catalog) FOR UPDATE", logger: logger)
      var ids: [String] = []
      for try await id in try await connection.rows(StandingsSQL.evaluatedUsers.postgres([catalog]), logger: logger)
        .decode(String.self)
      {
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
      try await connection.execute(StandingsSQL.filled, [catalog, version], logger: logger)
      return filled
    }
  }
}
