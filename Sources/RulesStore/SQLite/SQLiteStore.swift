import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The embedded store: one SQLite file (WAL), read and written with GRDB. Writers take
/// SQLite's write lock at the start of their transaction (BEGIN IMMEDIATE), so requests for
/// one user, from one process or several, are serialized; readers (a pool of reader
/// connections) read a snapshot beside them and never wait for the write lock.
package final class SQLiteStore: StoreBackend {
  let queue: DatabasePool
  package let description: String

  package init(path: String) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(60)
    configuration.journalMode = .wal
    configuration.label = "rules-store"
    do {
      queue = try DatabasePool(path: path, configuration: configuration)
    } catch {
      throw StoreError("cannot open the SQLite store \(path): \(Self.message(error))")
    }
    description = "sqlite:\(path)"
    try migrate()
  }

  static func message(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return error.message ?? "\(error)" }
    return "\(error)"
  }

  /// The schema's versions as GRDB migrations, `v1` to `v4` in order (`grdb_migrations` records
  /// those applied); each also records its version in `rules_migrations`, which
  /// `schemaVersion()`, docs/store.md and the builds before the migrator read.
  static func migrator(appliedAt now: String) -> DatabaseMigrator {
    var migrator = DatabaseMigrator()
    for (index, statements) in Schema.migrations(.sqlite).enumerated() {
      let version = index + 1
      migrator.registerMigration(Schema.identifier(version)) { db in
        for statement in statements { try db.execute(sql: statement) }
        try db.execute(
          sql: "INSERT INTO rules_migrations (version, applied_at) VALUES (?, ?)", arguments: [version, now])
      }
    }
    return migrator
  }

  /// Brings the store to `Schema.version`: a store newer than this build is refused; the
  /// versions a build before the migrator applied (`rules_migrations`) are the migrator's
  /// identifiers applied; then the migrator runs the rest, each version in a transaction of its
  /// own (a crash leaves a whole version, which the next start continues from).
  func migrate() throws {
    try queue.writeWithoutTransaction { db in
      try db.inTransaction(.immediate) {
        try db.execute(sql: Schema.migrationsTable)
        let current = try Int.fetchOne(db, sql: "SELECT MAX(version) FROM rules_migrations") ?? 0
        if current > Schema.version {
          throw StoreError(
            "the store is at schema version \(current); this rules-server knows up to \(Schema.version) (upgrade it)")
        }
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        try db.execute(
          sql: "INSERT OR IGNORE INTO grdb_migrations (identifier) SELECT 'v' || version FROM rules_migrations")
        return .commit
      }
    }
    try Self.migrator(appliedAt: ISO8601DateFormatter().string(from: Date())).migrate(queue)
  }

  package func schemaVersion() async throws -> Int {
    try await queue.read { db in try Int.fetchOne(db, sql: "SELECT MAX(version) FROM rules_migrations") ?? 0 }
  }

  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await queue.writeWithoutTransaction { db in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      try db.inTransaction(.immediate) {
        var distinct = Set<UserID.Key>()
        let ensureUser = try db.cachedStatement(
          sql: "INSERT INTO users (catalog, user_id) VALUES (?, ?) ON CONFLICT (catalog, user_id) DO NOTHING")
        for record in records where distinct.insert(UserID.Key(record.user)).inserted {
          try ensureUser.execute(arguments: [catalog, record.user])
        }
        // The earliest changed day of each user.
        var changedFrom: [UserID.Key: CalendarDay] = [:]
        let setInfo = try db.cachedStatement(
          sql: """
            INSERT INTO users (catalog, user_id, start, timezone, timezone_changes, calendar) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (catalog, user_id) DO UPDATE SET
              start = COALESCE(excluded.start, users.start),
              timezone = COALESCE(excluded.timezone, users.timezone),
              timezone_changes = CASE WHEN ? THEN excluded.timezone_changes ELSE users.timezone_changes END,
              calendar = COALESCE(excluded.calendar, users.calendar)
            WHERE users.start IS NOT COALESCE(excluded.start, users.start)
              OR users.timezone IS NOT COALESCE(excluded.timezone, users.timezone)
              OR (? AND users.timezone_changes IS NOT excluded.timezone_changes)
              OR users.calendar IS NOT COALESCE(excluded.calendar, users.calendar)
            """)
        for user in users {
          distinct.insert(UserID.Key(user.user))
          let changes = user.timeZoneChanges != nil
          try setInfo.execute(arguments: [
            catalog, user.user, user.start?.description, user.timeZone, user.timeZoneChangesText, user.calendar,
            changes,
            changes,
          ])
          // A new start (or time zone history) changes the days counted from the first: count again.
          if db.changesCount > 0, user.start != nil || changes || user.timeZone != nil {
            changedFrom[UserID.Key(user.user)] = CalendarDay(number: Int.min / 4)
          }
        }
        let upsert = try db.cachedStatement(
          sql: """
            INSERT INTO days (catalog, user_id, date, record, encoded) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (catalog, user_id, date) DO UPDATE SET record = excluded.record, encoded = excluded.encoded
            WHERE CASE WHEN days.encoded IS NULL OR excluded.encoded IS NULL THEN days.record IS NOT excluded.record ELSE days.encoded IS NOT excluded.encoded END
            """)
        for record in records {
          try upsert.execute(arguments: [catalog, record.user, record.date.description, record.record, record.encoded])
          if db.changesCount > 0 {
            summary.changed += 1
            if let earlier = changedFrom[UserID.Key(record.user)], earlier <= record.date { continue }
            changedFrom[UserID.Key(record.user)] = record.date
          }
        }
        let mark = try db.cachedStatement(
          sql: """
            UPDATE users SET revision = revision + 1,
              rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
                WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > ?)
            WHERE catalog = ? AND user_id = ?
            """)
        for (user, day) in changedFrom {
          try mark.execute(arguments: [day.number < -100_000 ? "0000-00-00" : day.description, catalog, user.id])
        }
        summary.users = distinct.count
        return .commit
      }
      return summary
    }
  }

  package func userIDs(catalog: String, after: String?, limit: Int) async throws -> [String] {
    try await queue.read { db in
      try String.fetchAll(
        db,
        sql: "SELECT user_id FROM users WHERE catalog = ? AND user_id > ? ORDER BY user_id LIMIT ?",
        arguments: [catalog, after ?? "", limit])
    }
  }

  package func loadUsers(catalog: String, ids: [String]) async throws -> [LoadedUser] {
    try await queue.read { db in try ids.compactMap { try Self.load(db, catalog: catalog, user: $0, allDays: false) } }
  }

  static func load(_ db: Database, catalog: String, user: String, allDays: Bool) throws -> LoadedUser? {
    let row = try Row.fetchOne(
      db.cachedStatement(
        sql: """
          SELECT u.start, u.timezone, u.revision, u.rebuild, s.state, s.date AS state_date, u.timezone_changes, u.calendar
          FROM users u
          LEFT JOIN states s ON s.catalog = u.catalog AND s.user_id = u.user_id
          WHERE u.catalog = ? AND u.user_id = ?
          """), arguments: [catalog, user])
    guard let row else { return nil }
    let state: Data? = row["state"]
    let stateDate = (row["state_date"] as String?).flatMap(CalendarDay.parsed)
    let rebuild: Bool = row["rebuild"]
    let all = allDays || rebuild || state == nil
    let days = try Row.fetchCursor(
      db.cachedStatement(
        sql: "SELECT date, record, encoded FROM days WHERE catalog = ? AND user_id = ? AND date >= ? ORDER BY date"),
      arguments: [catalog, user, all ? "" : stateDate?.description ?? ""])
    var stored: [StoredDay] = []
    while let day = try days.next() {
      guard let date = CalendarDay.parsed(day["date"] as String) else { continue }
      stored.append(StoredDay(date: date, record: day["record"], encoded: day["encoded"]))
    }
    var loaded = LoadedUser(
      user: user, start: (row["start"] as String?).flatMap(CalendarDay.parsed), timeZone: row["timezone"],
      revision: row["revision"],
      rebuild: rebuild, state: state, stateDate: stateDate, days: stored, allDays: all)
    loaded.timeZoneChanges = ZoneHistory.parse(row["timezone_changes"])
    loaded.calendar = (row["calendar"] as String?).flatMap { try? UserCalendar(named: $0) } ?? .gregorian
    return loaded
  }

  package func readUser(catalog: String, user: String, allDays: Bool) async throws -> LoadedUser? {
    // A read transaction: a reader of the WAL, which never takes or waits for the write lock.
    try await queue.read { db in try Self.load(db, catalog: catalog, user: user, allDays: allDays) }
  }

  package func save(catalog: String, checks: [SavedCheck]) async throws -> Set<UserID.Key> {
    try await queue.writeWithoutTransaction { db in
      var saved = Set<UserID.Key>()
      try db.inTransaction(.immediate) {
        for check in checks where try Self.save(db, catalog: catalog, check: check, holdingLock: false) {
          saved.insert(UserID.Key(check.user))
        }
        return .commit
      }
      return saved
    }
  }

  /// Saves one user's state and new unlocks; false when the user's revision moved.
  static func save(_ db: Database, catalog: String, check: SavedCheck, holdingLock: Bool) throws -> Bool {
    try db.cachedStatement(
      sql:
        "UPDATE users SET rebuild = CASE WHEN ? THEN 0 ELSE rebuild END WHERE catalog = ? AND user_id = ? AND revision = ?"
    ).execute(arguments: [check.rebuilt, catalog, check.user, check.revision])
    guard db.changesCount == 1 else { return false }
    try db.cachedStatement(
      sql: """
        INSERT INTO states (catalog, user_id, date, state) VALUES (?, ?, ?, ?)
        ON CONFLICT (catalog, user_id) DO UPDATE SET date = excluded.date, state = excluded.state
        """
    ).execute(arguments: [catalog, check.user, check.stateDate.description, check.state])
    try saveStandings(db, catalog: catalog, check: check)
    let unlock = try db.cachedStatement(
      sql: """
        INSERT INTO unlocks (catalog, user_id, badge, date, catalog_version) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (catalog, user_id, badge) DO NOTHING
        """)
    for new in check.new {
      try unlock.execute(arguments: [catalog, check.user, new.badge, new.date.description, check.catalogVersion])
    }
    try appendEvents(db, catalog: catalog, check: check)
    return true
  }

  package func withLockedUser<R: Sendable>(
    catalog: String, user: String, put day: StoredDay?, info: ImportUser?, allDays: Bool,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    try await queue.writeWithoutTransaction { db in
      var result: R?
      try db.inTransaction(.immediate) {
        if day != nil || info != nil {
          try db.execute(
            sql: "INSERT INTO users (catalog, user_id) VALUES (?, ?) ON CONFLICT (catalog, user_id) DO NOTHING",
            arguments: [catalog, user])
        }
        if let info {
          try db.execute(
            sql: """
              UPDATE users SET start = ?, timezone = ?, timezone_changes = ?, calendar = ?, revision = revision + 1,
                rebuild = rebuild OR ((start IS NOT ? OR timezone IS NOT ? OR timezone_changes IS NOT ?)
                  AND EXISTS (SELECT 1 FROM states s WHERE s.catalog = users.catalog AND s.user_id = users.user_id))
              WHERE catalog = ? AND user_id = ?
                AND (start IS NOT ? OR timezone IS NOT ? OR timezone_changes IS NOT ? OR calendar IS NOT ?)
              """,
            arguments: [
              info.start?.description, info.timeZone, info.timeZoneChangesText, info.calendar,
              info.start?.description, info.timeZone, info.timeZoneChangesText, catalog, user,
              info.start?.description, info.timeZone, info.timeZoneChangesText, info.calendar,
            ])
        }
        if let day {
          try db.execute(
            sql: """
              INSERT INTO days (catalog, user_id, date, record, encoded) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (catalog, user_id, date) DO UPDATE SET record = excluded.record, encoded = excluded.encoded
              WHERE CASE WHEN days.encoded IS NULL OR excluded.encoded IS NULL THEN days.record IS NOT excluded.record ELSE days.encoded IS NOT excluded.encoded END
              """, arguments: [catalog, user, day.date.description, day.record, day.encoded])
          if db.changesCount > 0 {
            try db.execute(
              sql: """
                UPDATE users SET revision = revision + 1,
                  rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
                    WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > ?)
                WHERE catalog = ? AND user_id = ?
                """, arguments: [day.date.description, catalog, user])
          }
        }
        let loaded = try Self.load(db, catalog: catalog, user: user, allDays: allDays)
        let (check, value) = try evaluate(loaded)
        if let check {
          guard try Self.save(db, catalog: catalog, check: check, holdingLock: true) else {
            throw StoreError("the user \(user) changed while locked")
          }
        }
        result = value
        return .commit
      }
      return result!
    }
  }

  package func daysAfter(catalog: String, date: CalendarDay) async throws -> [UserDates] {
    try await queue.read { db in
      var users: [UserDates] = []
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT d.user_id, d.date, u.timezone, u.timezone_changes FROM days d
          LEFT JOIN users u ON u.catalog = d.catalog AND u.user_id = d.user_id
          WHERE d.catalog = ? AND d.date > ? ORDER BY d.user_id, d.date
          """, arguments: [catalog, date.description])
      while let row = try rows.next() {
        let user: String = row["user_id"]
        guard let day = CalendarDay.parsed(row["date"] as String) else { continue }
        if users.last?.user == user {
          users[users.count - 1].dates.append(day)
        } else {
          users.append(
            UserDates(
              user: user, timeZone: row["timezone"], timeZoneChanges: ZoneHistory.parse(row["timezone_changes"]),
              dates: [day]))
        }
      }
      return users
    }
  }

  package func unlocks(catalog: String, user: String) async throws -> [StoredUnlock] {
    try await queue.read { db in
      try Row.fetchAll(
        db, sql: "SELECT badge, date FROM unlocks WHERE catalog = ? AND user_id = ? ORDER BY date, badge",
        arguments: [catalog, user]
      ).compactMap { row in
        CalendarDay.parsed(row["date"] as String).map { StoredUnlock(badge: row["badge"], date: $0) }
      }
    }
  }

  package func close() async throws {
    try queue.close()
  }
}
