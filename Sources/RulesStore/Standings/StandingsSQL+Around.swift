/// A leaderboard around a user in one statement (one snapshot, one round trip on PostgreSQL):
/// the user's value, up to `limit - 1` rows on each side from the rank index, and what ranks
/// them from `standings_counts` (`StandingCounts`): the users with a greater value (a sum over
/// the distinct values above), and the counts of the user's value and of the nearest values
/// above it (`Leaderboard.around`). No row is counted one by one: a tie of thousands costs one
/// row of the counts.
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
    /// `users`: the users with a greater value.
    case greaterCount
    /// The user's value and the nearest values above it, closest first, with their users.
    case count
  }

  /// Arguments: `aroundArguments`. Made once per table (the statement is long: rendering it
  /// for each request cost the server more than reading its rows).
  static let around = makeAround(.allTime)
  static let periodAround = makeAround(.period)

  static func around(_ table: StandingsTable) -> SQLQuery<AroundColumns> {
    table == .allTime ? around : periodAround
  }

  private static func makeAround(_ table: StandingsTable) -> SQLQuery<AroundColumns> {
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
        UNION ALL SELECT \(AroundPart.count.rawValue), NULL, value, users FROM (SELECT value, users
          FROM \(counts) WHERE catalog = ? AND name = ? AND value >= \(me) AND users > 0 ORDER BY value LIMIT ?) AS c
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
      catalog, name, limit,
    ]
  }
}
