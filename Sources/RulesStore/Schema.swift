/// The store's schema, versioned: `rules_migrations` records each version applied; a store
/// at a newer version than this build knows is refused. docs/store.md documents the tables.
package enum Schema {
  /// The newest version this build knows.
  package static let version = 12

  /// The statements of each version, in order (version 1 is the first).
  static func migrations(_ name: SQLDialect.Name) -> [[String]] {
    let dialect = name == .sqlite ? SQLDialect.sqlite : .postgres
    let bool = dialect.boolean
    let bigint = dialect.bigint
    // Version 2: the user's time zone changes and calendar; the catalog version of each
    // unlock; each day's record in the engine's encoded form beside its JSON; states as bytes (the binary form; a version-1 JSON state is read as it is and
    // saved in binary the next time). One transaction: a crash leaves version 1 or 2.
    let version2 =
      name == .sqlite
      ? [
        "ALTER TABLE users ADD COLUMN timezone_changes TEXT",
        "ALTER TABLE users ADD COLUMN calendar TEXT",
        "ALTER TABLE unlocks ADD COLUMN catalog_version INTEGER",
        "ALTER TABLE days ADD COLUMN encoded \(dialect.bytes)",
        """
        CREATE TABLE states_v2 (
          catalog TEXT NOT NULL,
          user_id TEXT NOT NULL,
          date TEXT NOT NULL,
          state BLOB NOT NULL,
          PRIMARY KEY (catalog, user_id)
        )
        """,
        "INSERT INTO states_v2 (catalog, user_id, date, state) SELECT catalog, user_id, date, CAST(state AS BLOB) FROM states",
        "DROP TABLE states",
        "ALTER TABLE states_v2 RENAME TO states",
      ]
      : [
        "ALTER TABLE users ADD COLUMN timezone_changes TEXT, ADD COLUMN calendar TEXT",
        "ALTER TABLE unlocks ADD COLUMN catalog_version INTEGER",
        "ALTER TABLE days ADD COLUMN encoded \(dialect.bytes)",
        "ALTER TABLE states ALTER COLUMN state TYPE BYTEA USING convert_to(state, 'UTF8')",
      ]
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
      ],
      version2,
      EventSchema.version3(dialect),
      Standings.schema(dialect),
      // Version 5 (main): the user's own day start (`PUT .../users/{user}`'s `day_starts_at`)
      // and pauses (`PUT .../users/{user}/pauses/{from}`).
      ["ALTER TABLE users ADD COLUMN day_starts_at TEXT", "ALTER TABLE users ADD COLUMN pauses TEXT"],
      // Version 6 (branch console-speed): unlocks by catalog and date (the console's chart).
      UnlocksPerDaySQL.schema,
      // Version 7 (branch speed-pg, issue 41): the users per standing value, for ranks.
      StandingCounts.schema(dialect),
      // Version 8 (branch experiments): the catalog revisions served, the revision of each unlock and
      // event, the experiments and their users' arms.
      RevisionSchema.statements(dialect),
      // Version 9 (branch repeats): each earning of a repeating badge (`earnings`).
      EarningSQL.schema(dialect),
      // Version 10 (main): the freezes support granted and the days it restored
      // (`POST .../freezes`, `POST .../streaks/{name}/restore`).
      ["ALTER TABLE users ADD COLUMN support TEXT"],
      // Version 11 (branch period-boards): the period standings of declared leaderboards, their
      // counts, and the boards seen and closed (`leaderboard.closed`).
      PeriodStandingsSQL.schema(dialect),
      // Version 12 (branch issue-52): the console sessions signed out before their cookie
      // expired, refused by every server of the store.
      ConsoleSignoutSQL.schema(dialect),
    ]
  }

  /// The migration identifier of a version (GRDB's `grdb_migrations`): `v1`, `v2`...
  static func identifier(_ version: Int) -> String { "v\(version)" }

  static let createMigrations = SQLStatement { _ in
    """
    CREATE TABLE IF NOT EXISTS rules_migrations (
      version INTEGER PRIMARY KEY,
      applied_at TEXT NOT NULL
    )
    """
  }

  static let currentVersion = SQLStatement { _ in "SELECT COALESCE(MAX(version), 0) FROM rules_migrations" }

  /// Arguments: the version, when (ISO 8601).
  static let recordVersion = SQLStatement { _ in
    "INSERT INTO rules_migrations (version, applied_at) VALUES (?, ?)"
  }
}
