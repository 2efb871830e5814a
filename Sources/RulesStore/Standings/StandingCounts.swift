/// How many users have each value of each standing (`standings_counts`, schema version 7), so
/// that a rank is a sum over the distinct values above a user's (at most a few thousand: 150 for
/// a streak, 5,000 for an xp of 0 to 4,999) instead of a count of every user above them
/// (100,000 at the bottom of a board of 100,000).
///
/// Kept in the transaction of every write of `standings`: on SQLite by triggers on the table
/// (one writer at a time, so any write, the batch's, a PUT's, a fill's, a DELETE's or an
/// analyst's, keeps them); on PostgreSQL by the statement that writes the standings itself
/// (`PostgresStore.saveStandings`, `deleteStandings`): it adds each value's change once, in the
/// order of the values, so that concurrent saves take the rows of the counts in one order and
/// never deadlock (row triggers would take them in the order of the rows written). A count
/// that falls to 0 stays on PostgreSQL (a later save of that value uses it again); the reads
/// skip it.
enum StandingCounts {
  /// Version 7: the counts of `standings`.
  static func schema(_ dialect: SQLDialect) -> [String] { schema(dialect, .allTime) }

  /// The counts of `board`'s table (`standings_counts`, `period_standings_counts`), filled from
  /// its rows, with SQLite's triggers.
  static func schema(_ dialect: SQLDialect, _ board: StandingsTable) -> [String] {
    let (rows, counts) = (board.rows, board.counts)
    let table = """
      CREATE TABLE \(counts) (
        catalog TEXT NOT NULL,
        name TEXT NOT NULL,
        value \(dialect.double) NOT NULL,
        users \(dialect.bigint) NOT NULL,
        PRIMARY KEY (catalog, name, value)
      )\(dialect.name == .sqlite ? " WITHOUT ROWID" : "")
      """
    let fill = """
      INSERT INTO \(counts) (catalog, name, value, users)
      SELECT catalog, name, value, COUNT(*) FROM \(rows) GROUP BY catalog, name, value
      """
    guard dialect.name == .sqlite else { return [table, fill] }
    // A value's count up by one (the row is made at its first user) and down by one (the row
    // goes with its last user).
    func up(_ row: String) -> String {
      """
      INSERT INTO \(counts) (catalog, name, value, users) VALUES (\(row).catalog, \(row).name, \(row).value, 1)
        ON CONFLICT (catalog, name, value) DO UPDATE SET users = users + 1;
      """
    }
    func down(_ row: String) -> String {
      let key = "catalog = \(row).catalog AND name = \(row).name AND value = \(row).value"
      return """
        UPDATE \(counts) SET users = users - 1 WHERE \(key);
        DELETE FROM \(counts) WHERE \(key) AND users <= 0;
        """
    }
    return [
      table, fill,
      "CREATE TRIGGER \(counts)_insert AFTER INSERT ON \(rows) BEGIN\n\(up("new"))\nEND",
      "CREATE TRIGGER \(counts)_delete AFTER DELETE ON \(rows) BEGIN\n\(down("old"))\nEND",
      """
      CREATE TRIGGER \(counts)_update AFTER UPDATE OF catalog, name, value ON \(rows)
      WHEN old.value IS NOT new.value OR old.name IS NOT new.name OR old.catalog IS NOT new.catalog BEGIN
      \(down("old"))
      \(up("new"))
      END
      """,
    ]
  }

  /// PostgreSQL: a change of users added to a value's count (the rows in the order of their
  /// values, `StandingCounts`).
  static let add = add(.allTime)

  static func add(_ board: StandingsTable) -> String {
    "ON CONFLICT (catalog, name, value) DO UPDATE SET users = \(board.counts).users + excluded.users"
  }

  /// PostgreSQL: a user's standings deleted, with their counts; the rows deleted. Arguments:
  /// catalog, user, catalog.
  static let deleteUser = deleteUser(.allTime)

  static func deleteUser(_ board: StandingsTable) -> SQLStatement {
    SQLStatement { _ in
      """
      WITH gone AS (DELETE FROM \(board.rows) WHERE catalog = ? AND user_id = ? RETURNING name, value),
      counted AS (
        INSERT INTO \(board.counts) (catalog, name, value, users)
        SELECT ?, name, value, -COUNT(*) FROM gone GROUP BY name, value ORDER BY name, value
        \(add(board))
        RETURNING 1
      )
      SELECT COUNT(*) FROM gone
      """
    }
  }
}
