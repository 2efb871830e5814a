/// The standings', leaderboards' and stats' statements, written once for both databases.
/// Saving differs: SQLite a save's rows in multi-row statements (`RowsInsert`), PostgreSQL in
/// one statement; both with `conflict`.
enum StandingsSQL {
  /// A row whose value and run are unchanged is not written again.
  static func conflict(_ d: SQLDialect, _ board: StandingsTable = .allTime) -> String {
    let table = board.rows
    return """
      ON CONFLICT (catalog, user_id, name) DO UPDATE SET value = excluded.value, since = excluded.since,
        until = excluded.until
      WHERE \(table).value \(d.isDistinctFrom) excluded.value OR \(table).since \(d.isDistinctFrom) excluded.since
        OR \(table).until \(d.isDistinctFrom) excluded.until
      """
  }

  enum EntryColumns: Int, SQLColumns {
    case user, value
    var expression: String { self == .user ? "user_id" : "value" }
  }

  /// A leaderboard's rows, `condition` after its catalog and name (arguments: catalog, name,
  /// then the condition's).
  static func entries(_ condition: String, _ board: StandingsTable = .allTime) -> SQLQuery<EntryColumns> {
    SQLQuery { _, columns in "SELECT \(columns) FROM \(board.rows) WHERE catalog = ? AND name = ? \(condition)" }
  }

  /// The top. Arguments: catalog, name, the most. Made once per table, not for each request.
  static let top = entries("ORDER BY value DESC, user_id LIMIT ?", .allTime)
  static let periodTop = entries("ORDER BY value DESC, user_id LIMIT ?", .period)
  static func top(_ board: StandingsTable) -> SQLQuery<EntryColumns> { board == .allTime ? top : periodTop }
  // Stats. Arguments: catalog (, date).
  static let latestDate = SQLStatement { _ in "SELECT MAX(date) FROM states WHERE catalog = ?" }
  static let users = SQLStatement { _ in "SELECT COUNT(*) FROM users WHERE catalog = ?" }
  static let evaluated = SQLStatement { _ in "SELECT COUNT(*) FROM states WHERE catalog = ?" }
  static let evaluatedOnDate = SQLStatement { _ in "SELECT COUNT(*) FROM states WHERE catalog = ? AND date = ?" }

  enum BadgeColumns: Int, SQLColumns {
    case badge, users
    var expression: String { self == .badge ? "badge" : "COUNT(*)" }
  }

  static let unlocks = SQLQuery<BadgeColumns> { d, columns in
    "SELECT \(columns) FROM unlocks WHERE catalog = ? GROUP BY badge ORDER BY badge\(d.byteOrder)"
  }
  static let unlocksOnDate = SQLQuery<BadgeColumns> { d, columns in
    "SELECT \(columns) FROM unlocks WHERE catalog = ? AND date = ? GROUP BY badge ORDER BY badge\(d.byteOrder)"
  }

  /// Users per bucket of a streak's current length, a column per bucket in `Standings.buckets`'
  /// order. Arguments: catalog, `STREAK.current`.
  static let buckets = SQLStatement { _ in
    let sums = Standings.buckets.map {
      "CAST(COALESCE(SUM(CASE WHEN value BETWEEN \($0.low) AND \($0.high) THEN 1 ELSE 0 END), 0) AS BIGINT)"
    }
    return "SELECT \(sums.joined(separator: ", ")) FROM standings WHERE catalog = ? AND name = ? AND value >= 1"
  }

  /// Users whose current run counts a date. Arguments: catalog, `STREAK.current`, the date twice.
  static let runsOnDate = SQLStatement { _ in
    "SELECT COUNT(*) FROM standings WHERE catalog = ? AND name = ? AND until >= ? AND since <= ?"
  }

  /// The users with a saved state, to fill: arguments: catalog.
  static let evaluatedUsers = SQLStatement { d in
    "SELECT user_id FROM states WHERE catalog = ? ORDER BY user_id\(d.byteOrder)"
  }

  /// The catalog version whose standings were filled. Arguments: catalog (, version).
  static let filledVersion = SQLStatement { _ in "SELECT catalog_version FROM standings_filled WHERE catalog = ?" }
  static let filled = SQLStatement { _ in
    """
    INSERT INTO standings_filled (catalog, catalog_version) VALUES (?, ?)
    ON CONFLICT (catalog) DO UPDATE SET catalog_version = excluded.catalog_version
    """
  }
}
