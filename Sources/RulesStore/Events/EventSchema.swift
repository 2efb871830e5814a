/// Schema version 3: the event log, what each user's last evaluation told it (the mark the
/// next one is compared with), and each user's webhook delivery cursor. docs/store.md
/// documents the tables. Applied in one transaction with the version's row: a crash leaves
/// version 2 or 3.
enum EventSchema {
  static func version3(_ dialect: SQLDialect) -> [String] {
    let id =
      dialect.name == .sqlite
      // AUTOINCREMENT: an id is never given twice, even after the newest events are deleted.
      ? "id INTEGER PRIMARY KEY AUTOINCREMENT"
      : "id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    let bigint = dialect.bigint
    return [
      """
      CREATE TABLE events (
        \(id),
        catalog TEXT NOT NULL,
        catalog_version INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        date TEXT NOT NULL,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        data TEXT NOT NULL,
        created_at \(bigint) NOT NULL,
        UNIQUE (catalog, user_id, kind, subject, date, detail)
      )
      """,
      "CREATE INDEX events_by_user ON events (catalog, user_id, id)",
      """
      CREATE TABLE event_marks (
        catalog TEXT NOT NULL,
        user_id TEXT NOT NULL,
        mark TEXT NOT NULL,
        PRIMARY KEY (catalog, user_id)
      )
      """,
      """
      CREATE TABLE deliveries (
        catalog TEXT NOT NULL,
        user_id TEXT NOT NULL,
        latest \(bigint) NOT NULL,
        delivered \(bigint) NOT NULL DEFAULT 0,
        sending \(bigint) NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt \(bigint) NOT NULL DEFAULT 0,
        claimed_until \(bigint) NOT NULL DEFAULT 0,
        claim TEXT,
        last_error TEXT,
        PRIMARY KEY (catalog, user_id)
      )
      """,
      "CREATE INDEX deliveries_due ON deliveries (next_attempt) WHERE delivered < latest",
    ]
  }
}
