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
    try await saveStandings(connection, catalog: catalog, checks: checks, .allTime, logger: logger)
    try await saveStandings(connection, catalog: catalog, checks: checks, .period, logger: logger)
    try await saveSeenBoards(connection, catalog: catalog, checks: checks, logger: logger)
  }

  /// The standings of `table` (a check's `standings` or `periodStandings`) in one statement.
  static func saveStandings(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], _ table: StandingsTable, logger: Logger
  ) async throws {
    var users: [String] = []
    var names: [String] = []
    var values: [Double] = []
    // An empty text for no run (NULLIF makes it NULL).
    var since: [String] = []
    var until: [String] = []
    for check in checks {
      for standing in (table == .allTime ? check.standings : check.periodStandings) ?? [] {
        users.append(check.user)
        names.append(standing.name)
        values.append(standing.value)
        since.append(standing.since?.description ?? "")
        until.append(standing.until?.description ?? "")
      }
    }
    guard !users.isEmpty else { return }
    let query = standingsSave(
      table, catalog: catalog, users: users, names: names, values: values, since: since, until: until)
    guard checks.count == 1 else {
      // Many users' standings (a batch's chunk) go as an unnamed statement, planned for its
      // rows. The prepared text's generic plan, which PostgreSQL keeps after five executions,
      // cannot see how many rows `unnest` gives (it takes 10) and joined a chunk's thousands
      // to the standings through their index by name: a chunk took 4 to 9 s, growing with the
      // table, in a batch of 10,000 users (Benchmarks/HISTORY.md, "Issue 41: the batch's standings
      // on PostgreSQL, planned for their rows").
      for try await _ in try await connection.query(query, logger: logger) {}
      return
    }
    switch table {
    case .allTime: try await connection.execute(AllTimeStandingsSave.self, query, logger: logger)
    case .period: try await connection.execute(PeriodStandingsSave.self, query, logger: logger)
    }
  }

  /// A save of `table`'s standings: for one user (a PUT, a rebuild) prepared once per
  /// connection for each table (`AllTimeStandingsSave`, `PeriodStandingsSave`), whose text is
  /// this one's with no row; for many, planned at each use.
  /// The rows as they were (the snapshot every part of one statement reads), the rows written
  /// (a row whose value and run are unchanged is not), and each value's change of users to
  /// `standings_counts` (`StandingCounts`).
  static func standingsSave(
    _ table: StandingsTable, catalog: String, users: [String], names: [String], values: [Double], since: [String],
    until: [String]
  ) -> PostgresQuery {
    """
    WITH x AS (
      SELECT * FROM unnest(\(users)::text[], \(names)::text[], \(values)::float8[], \(since)::text[],
        \(until)::text[]) AS x(u, n, v, s, t)
    ),
    before AS (
      SELECT s.user_id, s.name, s.value FROM \(unescaped: table.rows) s JOIN x ON s.user_id = x.u AND s.name = x.n
      WHERE s.catalog = \(catalog)
    ),
    written AS (
      INSERT INTO \(unescaped: table.rows) (catalog, user_id, name, value, since, until)
      SELECT \(catalog), u, n, v, NULLIF(s, ''), NULLIF(t, '') FROM x
      \(unescaped: StandingsSQL.conflict(.postgres, table))
      RETURNING user_id, name, value
    ),
    moved AS (
      SELECT name, value, 1 AS users FROM written
      UNION ALL
      SELECT b.name, b.value, -1 FROM before b JOIN written w ON w.user_id = b.user_id AND w.name = b.name
    )
    INSERT INTO \(unescaped: table.counts) (catalog, name, value, users)
    SELECT \(catalog), name, value, SUM(users) FROM moved GROUP BY name, value HAVING SUM(users) <> 0
    ORDER BY name, value
    \(unescaped: StandingCounts.add(table))
    """
  }

  enum AllTimeStandingsSave: PreparedText {
    static let sql = standingsSave(.allTime, catalog: "", users: [], names: [], values: [], since: [], until: []).sql
    static let types: [PostgresDataType] = standingsSaveTypes
  }

  enum PeriodStandingsSave: PreparedText {
    static let sql = standingsSave(.period, catalog: "", users: [], names: [], values: [], since: [], until: []).sql
    static let types: [PostgresDataType] = standingsSaveTypes
  }

  /// The users, names, values, runs' starts and ends, then the catalog three times.
  static let standingsSaveTypes: [PostgresDataType] = [
    .textArray, .textArray, .float8Array, .textArray, .textArray, .text, .text, .text,
  ]

  /// Deletes a user's standings with their counts (`deleteUser`); the rows deleted.
  static func deleteStandings(
    _ connection: PostgresConnection, catalog: String, user: String, logger: Logger
  ) async throws -> Int {
    let periods: Int =
      try await connection.value(
        StandingCounts.deleteUser(.period), [catalog, user, catalog], logger: logger) ?? 0
    return periods
      + (try await connection.value(StandingCounts.deleteUser, [catalog, user, catalog], logger: logger) ?? 0)
  }

  package func leaderboard(
    catalog: String, name: String, limit: Int, around: String?, in table: StandingsTable
  ) async throws -> Leaderboard? {
    guard let around else {
      let top = try await Self.entries(client, StandingsSQL.top(table), [catalog, name, limit], logger: logger)
      return Leaderboard(catalog: catalog, name: name, entries: Leaderboard.ranked(top, greater: 0, before: 0))
    }
    // One statement: one snapshot, one round trip; prepared once per connection.
    let arguments = StandingsSQL.aroundArguments(catalog: catalog, name: name, user: around, limit: limit)
    let read =
      table == .allTime
      ? try await aroundRows(Prepared<AllTimeAround>(arguments))
      : try await aroundRows(Prepared<PeriodAround>(arguments))
    return Leaderboard.around(around, read, limit: limit).map { Leaderboard(catalog: catalog, name: name, entries: $0) }
  }

  func aroundRows(_ statement: Prepared<some PreparedText>) async throws -> Leaderboard.AroundRows {
    var read = Leaderboard.AroundRows()
    for try await row in try await client.rows(statement, logger: logger) {
      let (part, user, value, users) = try row.decode((Int, String?, Double?, Int).self)
      guard let part = StandingsSQL.AroundPart(rawValue: part) else { continue }
      read.add(part, user: user, value: value, users: users)
    }
    return read
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
      // In the one order of every transaction that locks users (by id, in byte order).
      try await connection.query(
        #"SELECT 1 FROM users WHERE catalog = \#(catalog) ORDER BY user_id COLLATE "C" FOR UPDATE"#, logger: logger)
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
