import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The embedded store: one SQLite file (WAL), read and written with GRDB. Writers take
/// SQLite's write lock at the start of their transaction (BEGIN IMMEDIATE), so requests for
/// one user, from one process or several, are serialized; readers (a pool of reader
/// connections) read a snapshot beside them and never wait for the write lock.
package final class SQLiteStore: StoreBackend {
  let queue: DatabasePool
  /// A read-only connection for `revisionAtOnce`'s point reads on the caller's thread (the
  /// pool's reads hop to a reader's queue and back: two thread wake-ups a read).
  let pointReads: DatabaseQueue
  package let description: String

  package init(path: String) throws {
    var configuration = Configuration()
    configuration.busyMode = .timeout(60)
    configuration.journalMode = .wal
    configuration.label = "rules-store"
    var points = Configuration()
    points.readonly = true
    points.busyMode = .immediateError
    points.label = "rules-store-point-reads"
    do {
      queue = try DatabasePool(path: path, configuration: configuration)
      pointReads = try DatabaseQueue(path: path, configuration: points)
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
        try db.execute(Schema.recordVersion, [version, now])
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
        try db.execute(Schema.createMigrations)
        let current: Int = try db.value(Schema.currentVersion) ?? 0
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
    try await queue.read { db in try db.value(Schema.currentVersion) ?? 0 }
  }

  package func userIDs(catalog: String, after: String?, limit: Int) async throws -> [String] {
    try await queue.read { db in
      try String.fetchAll(db.statement(ProgressSQL.userIDs, [catalog, after ?? "", limit]))
    }
  }

  package func loadUsers(catalog: String, ids: [String], encoding: Data) async throws -> [LoadedUser] {
    try await queue.read { db in
      try ids.compactMap { try Self.load(db, catalog: catalog, user: $0, allDays: false, encoding: encoding) }
    }
  }

  /// One user at a time (no round trip: a prepared statement each).
  static let loadUser = SQLQuery<ProgressSQL.UserColumns> { d, columns in
    ProgressSQL.users(d, columns, users: "u.user_id = ?")
  }

  static let loadDays = SQLQuery<ProgressSQL.DayColumns> { _, columns in
    "SELECT \(columns) FROM days d WHERE d.catalog = ? AND d.user_id = ? AND d.date >= ? ORDER BY d.date"
  }

  /// `loadDays` without the JSON of a day whose encoded form begins with the given bytes.
  /// Arguments: the encoding's first bytes, catalog, user, the first date.
  static let loadEncodedDays = SQLQuery<ProgressSQL.DayColumns> { _, _ in
    """
    SELECT d.user_id, d.date, CASE WHEN substr(d.encoded, 1, 8) = ? THEN '' ELSE d.record END, d.encoded
    FROM days d WHERE d.catalog = ? AND d.user_id = ? AND d.date >= ? ORDER BY d.date
    """
  }

  static func load(
    _ db: Database, catalog: String, user: String, allDays: Bool, encoding: Data = Data()
  ) throws -> LoadedUser? {
    typealias Column = ProgressSQL.UserColumns
    guard let row = try Row.fetchOne(db.statement(loadUser, [catalog, user])) else { return nil }
    let state: Data? = row[Column.state]
    let stateDate = (row[Column.stateDate] as String?).flatMap(CalendarDay.parsed)
    let rebuild: Bool = row[Column.rebuild]
    let all = allDays || rebuild || state == nil
    let first = all ? "" : stateDate?.description ?? ""
    let days =
      encoding.isEmpty
      ? try db.rows(loadDays, [catalog, user, first]) : try db.rows(loadEncodedDays, [encoding, catalog, user, first])
    var stored: [StoredDay] = []
    while let day = try days.next() {
      guard let date = CalendarDay.parsed(day[ProgressSQL.DayColumns.date] as String) else { continue }
      stored.append(
        StoredDay(date: date, record: day[ProgressSQL.DayColumns.record], encoded: day[ProgressSQL.DayColumns.encoded]))
    }
    var loaded = LoadedUser(
      user: user, start: (row[Column.start] as String?).flatMap(CalendarDay.parsed), timeZone: row[Column.timeZone],
      revision: row[Column.revision], rebuild: rebuild, state: state, stateDate: stateDate, days: stored,
      allDays: all)
    loaded.timeZoneChanges = ZoneHistory.parse(row[Column.timeZoneChanges])
    loaded.calendar = (row[Column.calendar] as String?).flatMap { try? UserCalendar(named: $0) } ?? .gregorian
    loaded.dayStartsAt = (row[Column.dayStartsAt] as String?).flatMap(DayStart.init)
    loaded.pauses = PauseList.parse(row[Column.pauses])
    loaded.support = UserSupport(text: row[Column.support])
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
        saved = try Self.save(db, catalog: catalog, checks: checks)
        return .commit
      }
      return saved
    }
  }

  /// Arguments: rebuilt, catalog, user, revision. A save moves the revision (a cached answer
  /// of the user is made again).
  static let saveUser = SQLStatement { _ in
    """
    UPDATE users SET rebuild = CASE WHEN ? THEN 0 ELSE rebuild END, revision = revision + 1
    WHERE catalog = ? AND user_id = ? AND revision = ?
    """
  }

  static let saveStates = RowsInsert(
    "INSERT INTO states (catalog, user_id, date, state)", width: 4, ProgressSQL.stateConflict)

  static let saveUnlocks = RowsInsert(
    "INSERT INTO unlocks (catalog, user_id, badge, date, catalog_version, catalog_revision)", width: 6,
    ProgressSQL.unlockConflict)

  static let saveEarnings = RowsInsert(
    "INSERT INTO earnings (catalog, user_id, badge, period, date, catalog_version)", width: 6, EarningSQL.conflict)

  /// Saves the checks whose user's revision is still theirs (their states, standings, new
  /// unlocks, events and arms), each table's rows in a few multi-row statements in the
  /// checks' order (`RowsInsert`); the users saved.
  static func save(_ db: Database, catalog: String, checks: [SavedCheck]) throws -> Set<UserID.Key> {
    var saved = Set<UserID.Key>()
    var kept: [SavedCheck] = []
    for check in checks where try db.changes(saveUser, [check.rebuilt, catalog, check.user, check.revision]) == 1 {
      saved.insert(UserID.Key(check.user))
      kept.append(check)
    }
    guard !kept.isEmpty else { return saved }
    let name = catalog.databaseValue
    var states: [DatabaseValue] = []
    states.reserveCapacity(kept.count * 4)
    var unlocks: [DatabaseValue] = []
    var earnings: [DatabaseValue] = []
    for check in kept {
      let user = check.user.databaseValue
      states += [name, user, check.stateDate.description.databaseValue, check.state.databaseValue]
      for new in check.new {
        let date = new.date.description.databaseValue
        unlocks += [
          name, user, new.badge.databaseValue, date, check.catalogVersion.sqliteValue,
          check.catalogRevision.sqliteValue,
        ]
        if let period = new.period {
          earnings += [
            name, user, new.badge.databaseValue, period.databaseValue, date, check.catalogVersion.sqliteValue,
          ]
        }
      }
    }
    try saveStates.run(db, states)
    try saveStandings(db, catalog: catalog, checks: kept)
    try saveUnlocks.run(db, unlocks)
    try saveEarnings.run(db, earnings)
    try appendEvents(db, catalog: catalog, checks: kept)
    for assigned in kept.compactMap(\.experiment) {
      try db.execute(
        ExperimentSQL.assign, [assigned.experiment, catalog, assigned.user, assigned.arm, assigned.assignedOn])
    }
    return saved
  }

  package func withLockedUser<R: Sendable>(
    catalog: String, user: String, put day: StoredDay?, info: ImportUser?, allDays: Bool,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    try await queue.writeWithoutTransaction { db in
      var result: R?
      try db.inTransaction(.immediate) {
        if day != nil || info != nil { try db.execute(ProgressSQL.ensureUser, [catalog, user]) }
        if let info {
          try db.execute(ProgressSQL.putInfo, ProgressSQL.putInfoArguments(catalog: catalog, user: user, info))
        }
        if let day {
          let date = day.date.description
          if try db.changes(ProgressSQL.putDay, [catalog, user, date, day.record, day.encoded]) > 0 {
            try db.execute(ProgressSQL.dayChanged, [date, catalog, user])
          }
        }
        let loaded = try Self.load(db, catalog: catalog, user: user, allDays: allDays)
        let (check, value) = try evaluate(loaded)
        if let check {
          guard try !Self.save(db, catalog: catalog, checks: [check]).isEmpty else {
            throw StoreError("the user \(user) changed while locked")
          }
        }
        result = value
        return .commit
      }
      return result!
    }
  }

  package func changePauses(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> (pauses: [Pause], from: CalendarDay)?
  ) async throws -> [Pause] {
    try await queue.writeWithoutTransaction { db in
      var pauses: [Pause] = []
      try db.inTransaction(.immediate) {
        try db.execute(ProgressSQL.ensureUser, [catalog, user])
        let loaded = try Self.load(db, catalog: catalog, user: user, allDays: false)
        guard let (new, from) = try decide(loaded) else {
          pauses = loaded?.pauses ?? []
          return .commit
        }
        try db.execute(ProgressSQL.setPauses, [PauseList.text(new), from.description, catalog, user])
        pauses = new
        return .commit
      }
      return pauses
    }
  }

  package func changeSupport(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> SupportChange
  ) async throws -> SupportChange {
    try await queue.writeWithoutTransaction { db in
      var change: SupportChange?
      try db.inTransaction(.immediate) {
        let decided = try decide(try Self.load(db, catalog: catalog, user: user, allDays: true))
        change = decided
        if decided.unchanged { return .commit }
        try db.execute(ProgressSQL.setSupport, [decided.support.text, decided.from.description, catalog, user])
        let arguments = decided.eventArguments(catalog: catalog, user: user, now: EventClock.now)
        if let id: Int64 = try db.value(EventSQL.appendOne, arguments) {
          try db.execute(EventSQL.saveLatest, [catalog, user, id])
        }
        if let adjust = decided.mark, let text = adjust(try db.value(EventSQL.mark, [catalog, user])) {
          try db.execute(EventSQL.saveMark, [catalog, user, text])
        }
        change = decided
        return .commit
      }
      return change!
    }
  }

  package func daysAfter(catalog: String, date: CalendarDay) async throws -> [UserDates] {
    try await queue.read { db in
      typealias Column = ProgressSQL.DateColumns
      var users: [UserDates] = []
      let rows = try db.rows(ProgressSQL.daysAfter, [catalog, date.description])
      while let row = try rows.next() {
        let user: String = row[Column.user]
        guard let day = CalendarDay.parsed(row[Column.date] as String) else { continue }
        if users.last?.user == user {
          users[users.count - 1].dates.append(day)
        } else {
          users.append(
            UserDates(
              user: user, timeZone: row[Column.timeZone],
              timeZoneChanges: ZoneHistory.parse(row[Column.timeZoneChanges]),
              dayStartsAt: (row[Column.dayStartsAt] as String?).flatMap(DayStart.init), dates: [day]))
        }
      }
      return users
    }
  }

  package func unlocks(catalog: String, user: String) async throws -> [StoredUnlock] {
    try await queue.read { db in
      var unlocks: [StoredUnlock] = []
      let rows = try db.rows(EarningSQL.unlocks, [catalog, user, catalog, user])
      while let row = try rows.next() {
        if let date = CalendarDay.parsed(row[EarningSQL.Columns.date] as String) {
          unlocks.append(
            StoredUnlock(badge: row[EarningSQL.Columns.badge], date: date, period: row[EarningSQL.Columns.period]))
        }
      }
      return unlocks
    }
  }

  package func close() async throws {
    try pointReads.close()
    try queue.close()
  }
}
