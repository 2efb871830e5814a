/// The schema version of branch `experiments`: every catalog revision a server has served
/// (`catalog_revisions`), the revision each unlock and event was evaluated under (null for the
/// rows before), the experiments (at most one running per catalog: a unique partial index) and
/// the arm each user was given at their first save in one (`experiment_users`). docs/store.md
/// documents the tables. Applied in one transaction with the version's row.
enum RevisionSchema {
  static func statements(_ dialect: SQLDialect) -> [String] {
    [
      """
      CREATE TABLE catalog_revisions (
        catalog TEXT NOT NULL,
        number INTEGER NOT NULL,
        hash TEXT NOT NULL,
        version INTEGER NOT NULL,
        export TEXT NOT NULL,
        loaded_at TEXT NOT NULL,
        loaded_by TEXT NOT NULL,
        request_id TEXT,
        diff TEXT,
        PRIMARY KEY (catalog, number)
      )
      """,
      "CREATE INDEX catalog_revisions_by_hash ON catalog_revisions (catalog, hash)",
      "ALTER TABLE unlocks ADD COLUMN catalog_revision TEXT",
      "ALTER TABLE events ADD COLUMN catalog_revision TEXT",
      """
      CREATE TABLE experiments (
        name TEXT NOT NULL PRIMARY KEY,
        catalog TEXT NOT NULL,
        share INTEGER NOT NULL,
        control_hash TEXT NOT NULL,
        variant_hash TEXT NOT NULL,
        variant TEXT NOT NULL,
        status TEXT NOT NULL,
        guardrail TEXT,
        started_at TEXT NOT NULL,
        start_date TEXT NOT NULL,
        ended_at TEXT,
        ended_because TEXT
      )
      """,
      "CREATE UNIQUE INDEX experiments_running ON experiments (catalog) WHERE status = 'running'",
      """
      CREATE TABLE experiment_users (
        experiment TEXT NOT NULL,
        catalog TEXT NOT NULL,
        user_id TEXT NOT NULL,
        arm TEXT NOT NULL,
        assigned_on TEXT NOT NULL,
        PRIMARY KEY (experiment, user_id)
      )
      """,
      "CREATE INDEX experiment_users_by_user ON experiment_users (catalog, user_id)",
    ]
  }
}
