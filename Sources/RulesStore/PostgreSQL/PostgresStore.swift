import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The shared store: PostgreSQL through PostgresNIO's connection pool. A user's requests are
/// serialized by a transaction holding the user's row (`SELECT ... FOR UPDATE`); batches read
/// chunks of users in one snapshot and save them with one statement per table, checking each
/// user's revision.
package final class PostgresStore: StoreBackend {
  let pool: PostgresPool
  let logger: Logger
  package let description: String

  /// The connection pool to use now (renewed after an outage: `PostgresPool`).
  var client: PostgresClient { pool.client }

  init(pool: PostgresPool, description: String, logger: Logger) {
    self.pool = pool
    self.description = description
    self.logger = logger
  }

  /// `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`; `?host=/run/postgresql` for a unix socket
  /// folder (the socket `.s.PGSQL.PORT` in it). `keepingConnections`: the pool's 8 connections
  /// are opened at the start and kept (a server); else each is opened when asked for.
  package static func open(url text: String, keepingConnections: Bool = false) async throws -> PostgresStore {
    guard let url = URLComponents(string: text), let user = url.user, !user.isEmpty else {
      throw StoreError("the store '\(redacted(text))' is not postgres://USER@HOST:PORT/DB")
    }
    let database = String(url.path.drop { $0 == "/" })
    let port = url.port ?? 5432
    let socketFolder = url.queryItems?.first { $0.name == "host" }?.value
    let configuration: PostgresClient.Configuration
    var probeConfiguration: PostgresConnection.Configuration
    if let socketFolder, socketFolder.hasPrefix("/") {
      configuration = .init(
        unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: url.password,
        database: database.isEmpty ? nil : database)
      probeConfiguration = .init(
        unixSocketPath: "\(socketFolder)/.s.PGSQL.\(port)", username: user, password: url.password,
        database: database.isEmpty ? nil : database)
    } else {
      guard let host = url.host, !host.isEmpty else { throw StoreError("the store '\(redacted(text))' names no host") }
      configuration = .init(
        host: host, port: port, username: user, password: url.password,
        database: database.isEmpty ? nil : database, tls: .disable)
      probeConfiguration = .init(
        host: host, port: port, username: user, password: url.password,
        database: database.isEmpty ? nil : database, tls: .disable)
    }
    probeConfiguration.options.connectTimeout = .seconds(10)
    var options = configuration
    options.options.maximumConnections = 8
    options.options.connectTimeout = .seconds(5)
    // PostgresNIO's pool parks a connection after each use with a timer task for its keep-alive
    // ping and another for its idle timeout (a connection above the pool's minimum), each a
    // task group of two tasks, and cancels them at the next use: more CPU than the query of a
    // cached `GET .../progress`. No ping (PostgreSQL closes no idle connection by itself, and
    // a closed one is replaced at once), and a server keeps every connection (no idle timer).
    options.options.keepAliveBehavior = nil
    if keepingConnections { options.options.minimumConnections = options.options.maximumConnections }
    var logger = Logger(label: "rules-store")
    // PostgresNIO warns when a query is queued before run() is under way, which is how the pool
    // starts here (the query waits for it): only errors are worth a line.
    logger.logLevel = .error
    var shown = url
    shown.password = nil
    let name = shown.string ?? redacted(text)
    // One connection of its own first: a wrong host, port, role or password is told at once,
    // by its real cause, where the pool would retry for a minute and then say only that it
    // gave up.
    let pool = PostgresPool(configuration: options, probe: probeConfiguration, logger: logger)
    if let problem = await pool.connectionProblem() {
      await pool.close()
      throw StoreError("cannot connect to the PostgreSQL store \(name): \(Self.message(problem))")
    }
    let store = PostgresStore(pool: pool, description: name, logger: logger)
    do {
      try await store.migrate()
    } catch {
      await pool.close()
      throw StoreError("cannot use the PostgreSQL store \(name): \(Self.message(error))")
    }
    return store
  }

  /// `text` with the password of a `postgres://USER:PASSWORD@...` address left out, for
  /// messages and logs (any text between `://` and `@` keeps only what is before a `:`).
  package static func redacted(_ text: String) -> String {
    guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].lastIndex(of: "@") else {
      return text
    }
    let credentials = text[scheme.upperBound..<at]
    guard let colon = credentials.firstIndex(of: ":") else { return text }
    return String(text[..<colon]) + ":***" + String(text[at...])
  }

  /// PostgreSQL's own words for `error` (its message, SQLSTATE and detail: `StoreError.text`).
  static func message(_ error: any Error) -> String { StoreError.text(error) }

  /// How many times a transaction PostgreSQL ended for a deadlock or a serialization failure
  /// (SQLSTATE 40P01, 40001) is run again, after a short random wait, before its error is the
  /// caller's. Every transaction that locks users locks them in one order (by catalog and user
  /// id: `LockUsers`), so a deadlock is rare (two writers of one user's rows in another order, a
  /// writer outside the store); a retry covers what is left.
  static let retries = 3

  /// Runs `body` in a transaction; PostgresNIO's errors are unwrapped so that callers see
  /// their own (NeedsAllDays, StoreError). A deadlock or serialization failure runs `body` again
  /// (`retries`): it must do nothing but through `connection`.
  func transaction<R: Sendable>(_ body: (PostgresConnection) async throws -> sending R) async throws -> R {
    var attempt = 0
    while true {
      attempt += 1
      do {
        return try await client.withTransaction(logger: logger, body)
      } catch let error as PostgresTransactionError {
        if attempt <= Self.retries, let state = StoreError.sqlState(error), Self.retried.contains(state) {
          try await Task.sleep(for: .milliseconds(Int.random(in: 5...50) * attempt))
          continue
        }
        if let inner = error.closureError { throw inner }
        if let begin = error.beginError { await pool.renewIfGaveUp(after: begin) }
        throw StoreError(Self.message(error))
      } catch {
        await pool.renewIfGaveUp(after: error)
        throw error
      }
    }
  }

  /// The SQLSTATEs a transaction is run again for: a deadlock, a serialization failure.
  static let retried: Set<String> = ["40P01", "40001"]

  /// Brings the store to `Schema.version` as GRDB's migrator does SQLite: the versions in
  /// order, each in a transaction of its own that records it in `rules_migrations` (a crash
  /// leaves a whole version, which the next start continues from), one migrator at a time
  /// (an advisory lock, whichever process starts first); a store newer than this build is refused.
  func migrate() async throws {
    let now = ISO8601DateFormatter().string(from: Date())
    while true {
      let current = try await transaction { connection in
        try await connection.query("SELECT pg_advisory_xact_lock(7271001)", logger: logger)
        try await connection.execute(Schema.createMigrations, logger: logger)
        let current: Int = try await connection.value(Schema.currentVersion, logger: logger) ?? 0
        if current > Schema.version {
          throw StoreError(
            "the store is at schema version \(current); this rules-server knows up to \(Schema.version) (upgrade it)")
        }
        guard current < Schema.version else { return current }
        for statement in Schema.migrations(.postgres)[current] {
          try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
        }
        try await connection.execute(Schema.recordVersion, [current + 1, now], logger: logger)
        return current + 1
      }
      if current == Schema.version { return }
    }
  }

  package func schemaVersion() async throws -> Int {
    do {
      return try await client.value(Schema.currentVersion, logger: logger) ?? 0
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  package func userIDs(catalog: String, after: String?, limit: Int) async throws -> [String] {
    var ids: [String] = []
    for try await id in try await client.rows(
      ProgressSQL.userIDs.postgres([catalog, after ?? "", limit]), logger: logger
    ).decode(String.self) {
      ids.append(id)
    }
    return ids
  }

  package func loadUsers(catalog: String, ids: [String], encoding: Data) async throws -> [LoadedUser] {
    try await read(catalog: catalog, ids: ids, allDays: false, encoding: encoding)
  }

  package func readUser(catalog: String, user: String, allDays: Bool) async throws -> LoadedUser? {
    try await read(catalog: catalog, ids: [user], allDays: allDays, encoding: Data()).first
  }

  /// `load` in a statement of its own: one snapshot, so no transaction, no row lock, and never
  /// a wait for a writer.
  func read(catalog: String, ids: [String], allDays: Bool, encoding: Data) async throws -> [LoadedUser] {
    do {
      return try await Self.load(
        client, catalog: catalog, ids: ids, allDays: allDays, encoding: encoding, logger: logger)
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  package func save(catalog: String, checks: [SavedCheck]) async throws -> Set<UserID.Key> {
    guard !checks.isEmpty else { return [] }
    return try await transaction { connection in
      try await Self.save(connection, catalog: catalog, checks: checks, logger: logger)
    }
  }

  static func save(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], logger: Logger
  ) async throws -> Set<UserID.Key> {
    // Several users (a batch's chunk): their rows locked in the one order first, so that two
    // writers of overlapping users (batch workers, a batch and a PUT) wait, never deadlock. One
    // user's save runs holding that user's lock already (`withLockedUser`).
    if checks.count > 1 {
      try await connection.execute(LockUsers.self, [catalog, SQLTextList(checks.map(\.user))], logger: logger)
    }
    let rows = try await connection.run(
      RevisionsSave.self,
      revisionsSave(
        catalog: catalog, users: checks.map(\.user), revisions: checks.map(\.revision), rebuilt: checks.map(\.rebuilt)),
      logger: logger)
    var saved = Set<UserID.Key>()
    for try await row in rows { saved.insert(UserID.Key(try row.decode(String.self))) }
    let kept = checks.filter { saved.contains(UserID.Key($0.user)) }
    guard !kept.isEmpty else { return saved }
    let states = statesSave(
      catalog: catalog, users: kept.map(\.user), dates: kept.map(\.stateDate.description),
      states: kept.map { ByteBuffer(bytes: $0.state) })
    try await connection.execute(StatesSave.self, states, logger: logger)
    try await saveStandings(connection, catalog: catalog, checks: kept, logger: logger)
    let unlocks = kept.flatMap { check in check.new.map { (check, $0) } }
    if !unlocks.isEmpty {
      // Each check's catalog version and revision (an experiment's users are evaluated under
      // two); -1 and an empty text for none (NULLIF makes them NULL).
      try await connection.query(
        """
        INSERT INTO unlocks (catalog, user_id, badge, date, catalog_version, catalog_revision)
        SELECT \(catalog), u, b, d, NULLIF(v, -1), NULLIF(r, '') FROM unnest(\(unlocks.map(\.0.user))::text[],
          \(unlocks.map(\.1.badge))::text[], \(unlocks.map(\.1.date.description))::text[],
          \(unlocks.map { $0.0.catalogVersion ?? -1 })::integer[], \(unlocks.map { $0.0.catalogRevision ?? "" })::text[])
          AS t(u, b, d, v, r)
        \(unescaped: ProgressSQL.unlockConflict)
        """, logger: logger)
    }
    let earnings = unlocks.filter { $0.1.period != nil }
    if !earnings.isEmpty {
      try await connection.query(
        """
        INSERT INTO earnings (catalog, user_id, badge, period, date, catalog_version)
        SELECT \(catalog), u, b, p, d, NULLIF(v, -1) FROM unnest(\(earnings.map(\.0.user))::text[],
          \(earnings.map(\.1.badge))::text[], \(earnings.map { $0.1.period ?? "" })::text[],
          \(earnings.map(\.1.date.description))::text[], \(earnings.map { $0.0.catalogVersion ?? -1 })::integer[])
          AS t(u, b, p, d, v)
        \(unescaped: EarningSQL.conflict)
        """, logger: logger)
    }
    try await appendEvents(connection, catalog: catalog, checks: kept, logger: logger)
    try await assignArms(connection, catalog: catalog, checks: kept, logger: logger)
    return saved
  }

  /// The saved users' new revisions (a user whose revision moved since the load is not
  /// saved), and their rebuild marks cleared when the check rebuilt them; their ids come back.
  static func revisionsSave(catalog: String, users: [String], revisions: [Int64], rebuilt: [Bool]) -> PostgresQuery {
    """
    UPDATE users u SET rebuild = CASE WHEN t.rebuilt THEN FALSE ELSE u.rebuild END, revision = u.revision + 1
    FROM unnest(\(users)::text[], \(revisions)::bigint[], \(rebuilt)::boolean[]) AS t(id, revision, rebuilt)
    WHERE u.catalog = \(catalog) AND u.user_id = t.id AND u.revision = t.revision
    RETURNING u.user_id
    """
  }

  enum RevisionsSave: PreparedText {
    static let sql = revisionsSave(catalog: "", users: [], revisions: [], rebuilt: []).sql
    static let types: [PostgresDataType] = [.textArray, .int8Array, .boolArray, .text]
  }

  /// The saved users' states.
  static func statesSave(catalog: String, users: [String], dates: [String], states: [ByteBuffer]) -> PostgresQuery {
    """
    INSERT INTO states (catalog, user_id, date, state)
    SELECT \(catalog), u, d, s FROM unnest(\(users)::text[], \(dates)::text[], \(states)::bytea[]) AS t(u, d, s)
    \(unescaped: ProgressSQL.stateConflict)
    """
  }

  enum StatesSave: PreparedText {
    static let sql = statesSave(catalog: "", users: [], dates: [], states: []).sql
    static let types: [PostgresDataType] = [.text, .textArray, .textArray, .byteaArray]
  }

  /// The locks of several users of a catalog, taken in the one order of every transaction
  /// that locks users (by user id, in byte order), held to the end of the transaction.
  /// Arguments: catalog, the user ids.
  enum LockUsers: PreparedText {
    static let sql = SQLStatement { d in
      "SELECT 1 FROM users WHERE catalog = ? AND user_id = ANY(?::text[]) ORDER BY user_id\(d.byteOrder) FOR UPDATE"
    }.postgres
    static let types: [PostgresDataType] = [.text, .textArray]
  }

  /// The user's lock, held to the end of the transaction. Arguments: catalog, user.
  enum LockUser: PreparedText {
    static let sql = SQLStatement { _ in "SELECT 1 FROM users WHERE catalog = ? AND user_id = ? FOR UPDATE" }.postgres
    static let types: [PostgresDataType] = [.text, .text]
  }

  /// `ProgressSQL.putDay`, and `ProgressSQL.dayChanged` when it changed a row, in one round
  /// trip (the user's row is locked already, so the update sees it). Arguments: catalog,
  /// user, date, record, encoded, then date, catalog, user.
  enum PutDayMarkingUser: PreparedText {
    static let sql = SQLStatement { d in
      // `dayChanged` is written alike for both databases: its text with `?`, numbered here.
      """
      WITH put AS (\(ProgressSQL.insertDay(d))\nRETURNING 1)
      \(ProgressSQL.dayChanged.sqlite) AND EXISTS (SELECT 1 FROM put)
      """
    }.postgres
    static let types: [PostgresDataType] = [.text, .text, .text, .text, .bytea, .text, .text, .text]
  }

  package func withLockedUser<R: Sendable>(
    catalog: String, user: String, put day: StoredDay?, info: ImportUser?, allDays: Bool,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    try await transaction { connection in
      // A user the store has is locked at once; a new one is made first, then locked by a
      // statement of its own (whose snapshot sees a row another transaction made meanwhile).
      let locked: Int32? = try await connection.value(LockUser.self, [catalog, user], logger: logger)
      if locked == nil, day != nil || info != nil {
        try await connection.execute(ProgressSQL.ensureUser, [catalog, user], logger: logger)
        try await connection.execute(LockUser.self, [catalog, user], logger: logger)
      }
      if let info {
        try await connection.execute(
          ProgressSQL.putInfo, ProgressSQL.putInfoArguments(catalog: catalog, user: user, info), logger: logger)
      }
      if let day {
        let date = day.date.description
        try await connection.execute(
          PutDayMarkingUser.self, [catalog, user, date, day.record, day.encoded, date, catalog, user], logger: logger)
      }
      let loaded = try await Self.load(connection, catalog: catalog, ids: [user], allDays: allDays, logger: logger)
      let (check, value) = try evaluate(loaded.first)
      if let check {
        let saved = try await Self.save(connection, catalog: catalog, checks: [check], logger: logger)
        guard saved.contains(UserID.Key(user)) else { throw StoreError("the user \(user) changed while locked") }
      }
      return value
    }
  }

  package func changePauses(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> (pauses: [Pause], from: CalendarDay)?
  ) async throws -> [Pause] {
    try await transaction { connection in
      try await connection.execute(ProgressSQL.ensureUser, [catalog, user], logger: logger)
      try await connection.execute(LockUser.self, [catalog, user], logger: logger)
      let loaded = try await Self.load(connection, catalog: catalog, ids: [user], allDays: false, logger: logger)
      guard let (new, from) = try decide(loaded.first) else { return loaded.first?.pauses ?? [] }
      try await connection.execute(
        ProgressSQL.setPauses, [PauseList.text(new), from.description, catalog, user], logger: logger)
      return new
    }
  }

  package func changeSupport(
    catalog: String, user: String, _ decide: @Sendable (LoadedUser?) throws -> SupportChange
  ) async throws -> SupportChange {
    try await transaction { connection in
      try await connection.execute(LockUser.self, [catalog, user], logger: logger)
      let loaded = try await Self.load(connection, catalog: catalog, ids: [user], allDays: true, logger: logger)
      let change = try decide(loaded.first)
      if change.unchanged { return change }
      try await connection.execute(
        ProgressSQL.setSupport, [change.support.text, change.from.description, catalog, user], logger: logger)
      // Event ids follow commits (docs/store.md, Events): the events' lock, held to the commit.
      try await connection.query("SELECT pg_advisory_xact_lock(7271029)", logger: logger)
      let arguments = change.eventArguments(catalog: catalog, user: user, now: EventClock.now)
      if let id: Int64 = try await connection.value(EventSQL.appendOne, arguments, logger: logger) {
        try await connection.execute(EventSQL.saveLatest, [catalog, user, id], logger: logger)
      }
      if let adjust = change.mark,
        let text = adjust(try await connection.value(EventSQL.mark, [catalog, user], logger: logger))
      {
        try await connection.execute(EventSQL.saveMark, [catalog, user, text], logger: logger)
      }
      return change
    }
  }

  package func daysAfter(catalog: String, date: CalendarDay) async throws -> [UserDates] {
    var users: [UserDates] = []
    try await client.forEach(ProgressSQL.daysAfter, [catalog, date.description], logger: logger) { row in
      let user: String = try row[.user]
      guard let day = CalendarDay.parsed(try row[.date]) else { return }
      if users.last?.user == user {
        users[users.count - 1].dates.append(day)
      } else {
        users.append(
          UserDates(
            user: user, timeZone: try row[.timeZone], timeZoneChanges: ZoneHistory.parse(try row[.timeZoneChanges]),
            dayStartsAt: (try row[.dayStartsAt] as String?).flatMap(DayStart.init), dates: [day]))
      }
    }
    return users
  }

  package func unlocks(catalog: String, user: String) async throws -> [StoredUnlock] {
    var unlocks: [StoredUnlock] = []
    try await client.forEach(EarningSQL.unlocks, [catalog, user, catalog, user], logger: logger) { row in
      if let day = CalendarDay.parsed(try row[.date]) {
        unlocks.append(StoredUnlock(badge: try row[.badge], date: day, period: try row[.period]))
      }
    }
    return unlocks
  }

  package func close() async throws {
    await pool.close()
  }
}
