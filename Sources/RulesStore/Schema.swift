/// The store's schema, versioned: `rules_migrations` records each version applied; a store
/// at a newer version than this build knows is refused. docs/store.md documents the tables.
enum Schema {
  /// The newest version this build knows.
  static let version = 1

  enum Dialect { case sqlite, postgres }

  /// The statements of each version, in order (version 1 is the first).
  static func migrations(_ dialect: Dialect) -> [[String]] {
    let bool = dialect == .sqlite ? "INTEGER NOT NULL DEFAULT 0" : "BOOLEAN NOT NULL DEFAULT FALSE"
    let bigint = dialect == .sqlite ? "INTEGER" : "BIGINT"
    return [
      [
        """
        CREATE TABLE users (
          catalog TEXT NOT NULL,
          user_id TEXT NOT NULL,
          start TEXT,
          timezone TEXT,
          revision \(bigint) NOT NULL DEFAULT 0,
          rebuild \(bool),
          PRIMARY KEY (catalog, user_id)
        )
        """,
        """
        CREATE TABLE days (
          catalog TEXT NOT NULL,
          user_id TEXT NOT NULL,
          date TEXT NOT NULL,
          record TEXT NOT NULL,
          PRIMARY KEY (catalog, user_id, date)
        )
        """,
        """
        CREATE TABLE states (
          catalog TEXT NOT NULL,
          user_id TEXT NOT NULL,
          date TEXT NOT NULL,
          state TEXT NOT NULL,
          PRIMARY KEY (catalog, user_id)
        )
        """,
        """
        CREATE TABLE unlocks (
          catalog TEXT NOT NULL,
          user_id TEXT NOT NULL,
          badge TEXT NOT NULL,
          date TEXT NOT NULL,
          UNIQUE (catalog, user_id, badge)
        )
        """,
        "CREATE INDEX unlocks_by_badge ON unlocks (catalog, badge, date)",
      ]
    ]
  }

  static let migrationsTable = """
    CREATE TABLE IF NOT EXISTS rules_migrations (
      version INTEGER PRIMARY KEY,
      applied_at TEXT NOT NULL
    )
    """
}
