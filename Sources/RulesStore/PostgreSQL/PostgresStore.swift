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
  /// folder (the socket `.s.PGSQL.PORT` in it).
  package static func open(url text: String) async throws -> PostgresStore {
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

  static func message(_ error: any Error) -> String {
    if let error = error as? PSQLError {
      if let message = error.serverInfo?[.message] { return message }
      if let underlying = error.underlying { return "\(error.code): \(underlying)" }
      return "\(error.code)"
    }
    if let error = error as? PostgresTransactionError {
      if let inner = error.closureError { return message(inner) }
      if let inner = error.commitError { return message(inner) }
      if let inner = error.beginError { return message(inner) }
    }
    return "\(error)"
  }

  /// Runs `body` in a transaction; PostgresNIO's errors are unwrapped so that callers see
  /// their own (NeedsAllDays, StoreError).
  func transaction<R: Sendable>(_ body: (PostgresConnection) async throws -> sending R) async throws -> R {
    do {
      return try await client.withTransaction(logger: logger, body)
    } catch let error as PostgresTransactionError {
      if let inner = error.closureError { throw inner }
      if let begin = error.beginError { await pool.renewIfGaveUp(after: begin) }
      throw StoreError(Self.message(error))
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  func migrate() async throws {
    try await transaction { connection in
      // One migrator at a time, whichever process starts first.
      try await connection.query("SELECT pg_advisory_xact_lock(7271001)", logger: logger)
      try await connection.query(PostgresQuery(unsafeSQL: Schema.migrationsTable), logger: logger)
      var current = 0
      for try await version in try await connection.query(
        "SELECT COALESCE(MAX(version), 0) FROM rules_migrations", logger: logger
      ).decode(Int.self) {
        current = version
      }
      if current > Schema.version {
        throw StoreError(
          "the store is at schema version \(current); this rules-server knows up to \(Schema.version) (upgrade it)")
      }
      let now = ISO8601DateFormatter().string(from: Date())
      for (index, statements) in Schema.migrations(.postgres).enumerated() where index + 1 > current {
        for statement in statements { try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger) }
        try await connection.query(
          "INSERT INTO rules_migrations (version, applied_at) VALUES (\(index + 1), \(now))", logger: logger)
      }
    }
  }

  package func schemaVersion() async throws -> Int {
    do {
      var version = 0
      for try await value in try await client.query("SELECT COALESCE(MAX(version), 0) FROM rules_migrations")
        .decode(Int.self)
      {
        version = value
      }
      return version
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  static let importChunk = 5_000

  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await transaction { connection in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      var distinct: [String] = []
      var seen = Set<UserID.Key>()
      for record in records where seen.insert(UserID.Key(record.user)).inserted { distinct.append(record.user) }
      for user in users where seen.insert(UserID.Key(user.user)).inserted { distinct.append(user.user) }
      summary.users = distinct.count
      for start in stride(from: 0, to: distinct.count, by: Self.importChunk) {
        let ids = Array(distinct[start..<min(start + Self.importChunk, distinct.count)])
        try await connection.query(
          """
          INSERT INTO users (catalog, user_id) SELECT \(catalog), id FROM unnest(\(ids)::text[]) AS t(id)
          ON CONFLICT (catalog, user_id) DO NOTHING
          """, logger: logger)
      }
      var changedFrom: [UserID.Key: String] = [:]
      for user in users {
        let changes = user.timeZoneChanges != nil
        let rows = try await connection.query(
          """
          UPDATE users SET start = COALESCE(\(user.start?.description), start),
            timezone = COALESCE(\(user.timeZone), timezone),
            timezone_changes = CASE WHEN \(changes) THEN \(user.timeZoneChangesText) ELSE timezone_changes END,
            calendar = COALESCE(\(user.calendar), calendar)
          WHERE catalog = \(catalog) AND user_id = \(user.user)
            AND (start IS DISTINCT FROM COALESCE(\(user.start?.description), start)
              OR timezone IS DISTINCT FROM COALESCE(\(user.timeZone), timezone)
              OR (\(changes) AND timezone_changes IS DISTINCT FROM \(user.timeZoneChangesText))
              OR calendar IS DISTINCT FROM COALESCE(\(user.calendar), calendar))
          RETURNING user_id
          """, logger: logger)
        for try await _ in rows where user.start != nil || changes || user.timeZone != nil {
          changedFrom[UserID.Key(user.user)] = "0000-00-00"
        }
      }
      for start in stride(from: 0, to: records.count, by: Self.importChunk) {
        let slice = records[start..<min(start + Self.importChunk, records.count)]
        let ids = slice.map(\.user)
        let dates = slice.map(\.date.description)
        let texts = slice.map(\.record)
        // An empty value for a record with no encoded form (NULLIF makes it NULL).
        let encoded = slice.map { ByteBuffer(bytes: $0.encoded ?? Data()) }
        let rows = try await connection.query(
          """
          INSERT INTO days (catalog, user_id, date, record, encoded)
          SELECT \(catalog), u, d, r, NULLIF(e, ''::bytea)
          FROM unnest(\(ids)::text[], \(dates)::text[], \(texts)::text[], \(encoded)::bytea[]) AS t(u, d, r, e)
          ON CONFLICT (catalog, user_id, date) DO UPDATE SET record = excluded.record, encoded = excluded.encoded
          WHERE CASE WHEN days.encoded IS NULL OR excluded.encoded IS NULL THEN days.record IS DISTINCT FROM excluded.record ELSE days.encoded IS DISTINCT FROM excluded.encoded END
          RETURNING user_id, date
          """, logger: logger)
        for try await (user, date) in rows.decode((String, String).self) {
          summary.changed += 1
          if let earlier = changedFrom[UserID.Key(user)], earlier <= date { continue }
          changedFrom[UserID.Key(user)] = date
        }
      }
      if !changedFrom.isEmpty {
        let keys = Array(changedFrom.keys)
        let ids = keys.map(\.id)
        let dates = keys.map { changedFrom[$0]! }
        try await connection.query(
          """
          UPDATE users u SET revision = u.revision + 1,
            rebuild = u.rebuild OR EXISTS (SELECT 1 FROM states s
              WHERE s.catalog = u.catalog AND s.user_id = u.user_id AND s.date > t.d)
          FROM unnest(\(ids)::text[], \(dates)::text[]) AS t(id, d)
          WHERE u.catalog = \(catalog) AND u.user_id = t.id
          """, logger: logger)
      }
      return summary
    }
  }

  package func userIDs(catalog: String, after: String?, limit: Int) async throws -> [String] {
    var ids: [String] = []
    let rows = try await client.query(
      """
      SELECT user_id FROM users WHERE catalog = \(catalog) AND user_id COLLATE "C" > \(after ?? "")
      ORDER BY user_id COLLATE "C" LIMIT \(limit)
      """, logger: logger)
    for try await id in rows.decode(String.self) { ids.append(id) }
    return ids
  }

  package func loadUsers(catalog: String, ids: [String]) async throws -> [LoadedUser] {
    try await transaction { connection in
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", logger: logger)
      return try await Self.load(connection, catalog: catalog, ids: ids, allDays: false, logger: logger)
    }
  }

  static func load(
    _ connection: PostgresConnection, catalog: String, ids: [String], allDays: Bool, logger: Logger
  ) async throws -> [LoadedUser] {
    var users: [UserID.Key: LoadedUser] = [:]
    let rows = try await connection.query(
      """
      SELECT u.user_id, u.start, u.timezone, u.revision, u.rebuild, s.state, s.date, u.timezone_changes, u.calendar
      FROM users u
      LEFT JOIN states s ON s.catalog = u.catalog AND s.user_id = u.user_id
      WHERE u.catalog = \(catalog) AND u.user_id = ANY(\(ids)::text[])
      """, logger: logger)
    for try await (id, start, zone, revision, rebuild, state, date, changes, calendar) in rows.decode(
      (String, String?, String?, Int64, Bool, ByteBuffer?, String?, String?, String?).self)
    {
      var user = LoadedUser(
        user: id, start: start.flatMap(CalendarDay.parsed), timeZone: zone, revision: revision, rebuild: rebuild,
        state: state.map { Data($0.readableBytesView) }, stateDate: date.flatMap(CalendarDay.parsed), days: [],
        allDays: allDays || rebuild || state == nil)
      user.timeZoneChanges = ZoneHistory.parse(changes)
      user.calendar = calendar.flatMap { try? UserCalendar(named: $0) } ?? .gregorian
      users[UserID.Key(id)] = user
    }
    let days = try await connection.query(
      """
      SELECT d.user_id, d.date, d.record, d.encoded FROM days d
      JOIN users u ON u.catalog = d.catalog AND u.user_id = d.user_id
      LEFT JOIN states s ON s.catalog = d.catalog AND s.user_id = d.user_id
      WHERE d.catalog = \(catalog) AND d.user_id = ANY(\(ids)::text[])
        AND (\(allDays) OR s.date IS NULL OR u.rebuild OR d.date >= s.date)
      ORDER BY d.user_id, d.date
      """, logger: logger)
    for try await (id, date, record, encoded) in days.decode((String, String, String, ByteBuffer?).self) {
      guard let day = CalendarDay.parsed(date) else { continue }
      users[UserID.Key(id)]?.days.append(
        StoredDay(date: day, record: record, encoded: encoded.map { Data($0.readableBytesView) }))
    }
    return ids.compactMap { users[UserID.Key($0)] }
  }

  package func readUser(catalog: String, user: String, allDays: Bool) async throws -> LoadedUser? {
    // A read-only transaction: no row lock, never waits for a writer.
    try await transaction { connection in
      try await connection.query("SET TRANSACTION READ ONLY", logger: logger)
      return try await Self.load(connection, catalog: catalog, ids: [user], allDays: allDays, logger: logger).first
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
    let rows = try await connection.query(
      """
      UPDATE users u SET rebuild = CASE WHEN t.rebuilt THEN FALSE ELSE u.rebuild END
      FROM unnest(\(checks.map(\.user))::text[], \(checks.map(\.revision))::bigint[], \(checks.map(\.rebuilt))::boolean[])
        AS t(id, revision, rebuilt)
      WHERE u.catalog = \(catalog) AND u.user_id = t.id AND u.revision = t.revision
      RETURNING u.user_id
      """, logger: logger)
    var saved = Set<UserID.Key>()
    for try await id in rows.decode(String.self) { saved.insert(UserID.Key(id)) }
    let kept = checks.filter { saved.contains(UserID.Key($0.user)) }
    guard !kept.isEmpty else { return saved }
    try await connection.query(
      """
      INSERT INTO states (catalog, user_id, date, state)
      SELECT \(catalog), u, d, s FROM unnest(\(kept.map(\.user))::text[], \(kept.map(\.stateDate.description))::text[],
        \(kept.map { ByteBuffer(bytes: $0.state) })::bytea[]) AS t(u, d, s)
      ON CONFLICT (catalog, user_id) DO UPDATE SET date = excluded.date, state = excluded.state
      """, logger: logger)
    try await saveStandings(connection, catalog: catalog, checks: kept, logger: logger)
    let unlocks = kept.flatMap { check in check.new.map { (check.user, $0) } }
    // One catalog, one version: every check of a save has the same.
    let version = kept.first?.catalogVersion
    if !unlocks.isEmpty {
      try await connection.query(
        """
        INSERT INTO unlocks (catalog, user_id, badge, date, catalog_version)
        SELECT \(catalog), u, b, d, \(version)::integer FROM unnest(\(unlocks.map(\.0))::text[],
          \(unlocks.map(\.1.badge))::text[], \(unlocks.map(\.1.date.description))::text[]) AS t(u, b, d)
        ON CONFLICT (catalog, user_id, badge) DO NOTHING
        """, logger: logger)
    }
    try await appendEvents(connection, catalog: catalog, checks: kept, logger: logger)
    return saved
  }

  package func withLockedUser<R: Sendable>(
    catalog: String, user: String, put day: StoredDay?, info: ImportUser?, allDays: Bool,
    _ evaluate: @Sendable (LoadedUser?) throws -> (SavedCheck?, R)
  ) async throws -> R {
    try await transaction { connection in
      if day != nil || info != nil {
        try await connection.query(
          "INSERT INTO users (catalog, user_id) VALUES (\(catalog), \(user)) ON CONFLICT (catalog, user_id) DO NOTHING",
          logger: logger)
      }
      // The user's lock, held to the end of the transaction.
      try await connection.query(
        "SELECT 1 FROM users WHERE catalog = \(catalog) AND user_id = \(user) FOR UPDATE", logger: logger)
      if let info {
        try await connection.query(
          """
          UPDATE users SET start = \(info.start?.description), timezone = \(info.timeZone),
            timezone_changes = \(info.timeZoneChangesText), calendar = \(info.calendar), revision = revision + 1,
            rebuild = rebuild OR ((start IS DISTINCT FROM \(info.start?.description)
                OR timezone IS DISTINCT FROM \(info.timeZone)
                OR timezone_changes IS DISTINCT FROM \(info.timeZoneChangesText))
              AND EXISTS (SELECT 1 FROM states s WHERE s.catalog = users.catalog AND s.user_id = users.user_id))
          WHERE catalog = \(catalog) AND user_id = \(user)
            AND (start IS DISTINCT FROM \(info.start?.description) OR timezone IS DISTINCT FROM \(info.timeZone)
              OR timezone_changes IS DISTINCT FROM \(info.timeZoneChangesText)
              OR calendar IS DISTINCT FROM \(info.calendar))
          """, logger: logger)
      }
      if let day {
        let rows = try await connection.query(
          """
          INSERT INTO days (catalog, user_id, date, record, encoded)
          VALUES (\(catalog), \(user), \(day.date.description), \(day.record), \(day.encoded.map { ByteBuffer(bytes: $0) }))
          ON CONFLICT (catalog, user_id, date) DO UPDATE SET record = excluded.record, encoded = excluded.encoded
          WHERE CASE WHEN days.encoded IS NULL OR excluded.encoded IS NULL THEN days.record IS DISTINCT FROM excluded.record ELSE days.encoded IS DISTINCT FROM excluded.encoded END
          RETURNING 1
          """, logger: logger)
        var changed = false
        for try await _ in rows { changed = true }
        if changed {
          try await connection.query(
            """
            UPDATE users SET revision = revision + 1,
              rebuild = rebuild OR EXISTS (SELECT 1 FROM states s
                WHERE s.catalog = users.catalog AND s.user_id = users.user_id AND s.date > \(day.date.description))
            WHERE catalog = \(catalog) AND user_id = \(user)
            """, logger: logger)
        }
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

  package func daysAfter(catalog: String, date: CalendarDay) async throws -> [UserDates] {
    var users: [UserDates] = []
    let rows = try await client.query(
      """
      SELECT d.user_id, d.date, u.timezone, u.timezone_changes FROM days d
      LEFT JOIN users u ON u.catalog = d.catalog AND u.user_id = d.user_id
      WHERE d.catalog = \(catalog) AND d.date COLLATE "C" > \(date.description) ORDER BY d.user_id COLLATE "C", d.date
      """, logger: logger)
    for try await (user, date, zone, changes) in rows.decode((String, String, String?, String?).self) {
      guard let day = CalendarDay.parsed(date) else { continue }
      if users.last?.user == user {
        users[users.count - 1].dates.append(day)
      } else {
        users.append(UserDates(user: user, timeZone: zone, timeZoneChanges: ZoneHistory.parse(changes), dates: [day]))
      }
    }
    return users
  }

  package func unlocks(catalog: String, user: String) async throws -> [StoredUnlock] {
    var unlocks: [StoredUnlock] = []
    let rows = try await client.query(
      "SELECT badge, date FROM unlocks WHERE catalog = \(catalog) AND user_id = \(user) ORDER BY date, badge",
      logger: logger)
    for try await (badge, date) in rows.decode((String, String).self) {
      if let day = CalendarDay.parsed(date) { unlocks.append(StoredUnlock(badge: badge, date: day)) }
    }
    return unlocks
  }

  package func close() async throws {
    await pool.close()
  }
}
