/// A leaderboard around a user in one statement (one snapshot, one round trip on PostgreSQL):
/// the user's value, up to `limit - 1` rows on each side from the rank index, and what ranks
/// the window's first row from `standings_counts` (`StandingCounts`): the users with a greater
/// value (a sum over the distinct values above), the users tied before the user, and the
/// counts of the nearest values above (`Leaderboard.around`).
extension StandingsSQL {
  enum AroundColumns: Int, SQLColumns {
    case part, user, value, users
    var expression: String { ["part", "user_id", "value", "users"][rawValue] }
  }

  /// What each row of `around` is.
  enum AroundPart: Int {
    /// The user's value (no row: the user has no standing of that name).
    case value
    /// Rows before the user, closest first: tied with them (by user id), then greater.
    case tiedBefore, greater
    /// Rows after the user, closest first: tied, then lesser.
    case tiedAfter, lesser
    /// `users`: the users with a greater value; the users tied before the user.
    case greaterCount, tiedBeforeCount
    /// The nearest values above the user's, closest first, with their users.
    case countAbove
  }

  /// Arguments: `aroundArguments`.
  static let around = around(.allTime)

  static func around(_ table: StandingsTable) -> SQLQuery<AroundColumns> {
    SQLQuery { _, _ in
      let me = "(SELECT value FROM me)"
      let counts = table.counts
      let board = "FROM \(table.rows) WHERE catalog = ? AND name = ?"
      func rows(_ part: AroundPart, _ condition: String) -> String {
        "SELECT \(part.rawValue), user_id, value, 0 FROM (SELECT user_id, value \(board) \(condition) LIMIT ?) AS p\(part.rawValue)"
      }
      return """
        WITH me AS (SELECT value \(board) AND user_id = ?)
        SELECT \(AroundPart.value.rawValue) AS part, CAST(NULL AS TEXT) AS user_id, value, CAST(0 AS BIGINT) AS users FROM me
        UNION ALL \(rows(.tiedBefore, "AND value = \(me) AND user_id < ? ORDER BY user_id DESC"))
        UNION ALL \(rows(.greater, "AND value > \(me) ORDER BY value, user_id DESC"))
        UNION ALL \(rows(.tiedAfter, "AND value = \(me) AND user_id > ? ORDER BY user_id"))
        UNION ALL \(rows(.lesser, "AND value < \(me) ORDER BY value DESC, user_id"))
        UNION ALL SELECT \(AroundPart.greaterCount.rawValue), NULL, NULL, (SELECT CAST(COALESCE(SUM(users), 0) AS BIGINT)
          FROM \(counts) WHERE catalog = ? AND name = ? AND value > \(me))
        UNION ALL SELECT \(AroundPart.tiedBeforeCount.rawValue), NULL, NULL, (SELECT COUNT(*) \(board)
          AND value = \(me) AND user_id < ?)
        UNION ALL SELECT \(AroundPart.countAbove.rawValue), NULL, value, users FROM (SELECT value, users
          FROM \(counts) WHERE catalog = ? AND name = ? AND value > \(me) AND users > 0 ORDER BY value LIMIT ?) AS c
        """
    }
  }

  static func aroundArguments(catalog: String, name: String, user: String, limit: Int) -> SQLArguments {
    let wanted = limit - 1
    return [
      catalog, name, user,
      catalog, name, user, wanted,
      catalog, name, wanted,
      catalog, name, user, wanted,
      catalog, name, wanted,
      catalog, name,
      catalog, name, user,
      catalog, name, wanted,
    ]
  }
}
