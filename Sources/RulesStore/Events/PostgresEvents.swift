import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  /// The save's hook: the events of the checks saved (their users' rows are locked by the
  /// save), in the save's transaction. An event already told is left out (its unique key).
  ///
  /// Ids come from a sequence, which hands them out before commit: a reader could see id 12
  /// committed while 11 is not yet, and a cursor past 12 would never see 11. So events are
  /// appended holding a transaction lock (released at commit): ids follow commits.
  static func appendEvents(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], logger: Logger
  ) async throws {
    let told = checks.filter { $0.facts != nil }
    guard !told.isEmpty else { return }
    var previous: [String: String] = [:]
    for try await row in try await connection.run(
      MarksRead.self, marksRead(catalog: catalog, users: told.map(\.user)), logger: logger)
    {
      let (user, mark) = try row.decode((String, String).self)
      previous[user] = mark
    }
    var users: [String] = []
    var dates: [String] = []
    var kinds: [String] = []
    var subjects: [String] = []
    var details: [String] = []
    var data: [String] = []
    // Each check's catalog version and revision (an experiment's users are evaluated under two).
    var versions: [Int] = []
    var revisions: [String] = []
    var markUsers: [String] = []
    var marks: [String] = []
    for check in told {
      let (events, text) = check.facts!.events(previousMark: previous[check.user], unlocks: check.new)
      for event in events {
        users.append(check.user)
        dates.append(event.date.description)
        kinds.append(event.kind)
        subjects.append(event.subject)
        details.append(event.detail)
        data.append(event.data)
        versions.append(check.catalogVersion ?? 0)
        revisions.append(check.catalogRevision ?? "")
      }
      if text != previous[check.user] {
        markUsers.append(check.user)
        marks.append(text)
      }
    }
    if !markUsers.isEmpty {
      let query = marksSave(catalog: catalog, users: markUsers, marks: marks)
      try await connection.execute(MarksSave.self, query, logger: logger)
    }
    guard !users.isEmpty else { return }
    try await connection.query("SELECT pg_advisory_xact_lock(7271029)", logger: logger)
    let query = eventsAppend(
      catalog: catalog, now: EventClock.now, users: users, dates: dates, kinds: kinds, subjects: subjects,
      details: details, data: data, versions: versions, revisions: revisions)
    try await connection.execute(EventsAppend.self, query, logger: logger)
  }

  /// The saved users' marks (`EventFacts`), by user.
  static func marksRead(catalog: String, users: [String]) -> PostgresQuery {
    "SELECT user_id, mark FROM event_marks WHERE catalog = \(catalog) AND user_id = ANY(\(users)::text[])"
  }

  enum MarksRead: PreparedText {
    static let sql = marksRead(catalog: "", users: []).sql
    static let types: [PostgresDataType] = [.text, .textArray]
  }

  static func marksSave(catalog: String, users: [String], marks: [String]) -> PostgresQuery {
    """
    INSERT INTO event_marks (catalog, user_id, mark)
    SELECT \(catalog), u, m FROM unnest(\(users)::text[], \(marks)::text[]) AS t(u, m)
    \(unescaped: EventSQL.markConflict)
    """
  }

  enum MarksSave: PreparedText {
    static let sql = marksSave(catalog: "", users: [], marks: []).sql
    static let types: [PostgresDataType] = [.text, .textArray, .textArray]
  }

  /// The events, and each user's newest id into their delivery cursor, in one statement (no
  /// row comes back to the client).
  static func eventsAppend(
    catalog: String, now: Int64, users: [String], dates: [String], kinds: [String], subjects: [String],
    details: [String], data: [String], versions: [Int], revisions: [String]
  ) -> PostgresQuery {
    """
    WITH inserted AS (
      \(unescaped: EventSQL.eventInsert)
      SELECT \(catalog), v, u, d, k, s, x, j, \(now)::bigint, NULLIF(r, '')
      FROM unnest(\(users)::text[], \(dates)::text[], \(kinds)::text[], \(subjects)::text[], \(details)::text[],
        \(data)::text[], \(versions)::integer[], \(revisions)::text[]) WITH ORDINALITY AS t(u, d, k, s, x, j, v, r, n)
      ORDER BY n
      \(unescaped: EventSQL.eventConflict)
      RETURNING user_id, id
    )
    INSERT INTO deliveries (catalog, user_id, latest)
    SELECT \(catalog), user_id, MAX(id) FROM inserted GROUP BY user_id
    \(unescaped: EventSQL.latestConflict(.postgres))
    """
  }

  enum EventsAppend: PreparedText {
    static let sql = eventsAppend(
      catalog: "", now: 0, users: [], dates: [], kinds: [], subjects: [], details: [], data: [], versions: [],
      revisions: []
    ).sql
    /// The catalog, the time, the events' columns, the catalog again.
    static let types: [PostgresDataType] = [
      .text, .int8, .textArray, .textArray, .textArray, .textArray, .textArray, .textArray, .int8Array, .textArray,
      .text,
    ]
  }

  static func event(_ row: PostgresColumns<EventSQL.EventColumns>) throws -> StoredEvent {
    StoredEvent(
      id: try row[.id], catalog: try row[.catalog], catalogVersion: try row[.catalogVersion], user: try row[.user],
      date: try row[.date], kind: try row[.kind], subject: try row[.subject], data: try row[.data],
      createdAt: try row[.createdAt], catalogRevision: try row[.catalogRevision])
  }

  package func events(_ query: EventQuery) async throws -> [StoredEvent] {
    var events: [StoredEvent] = []
    let (statement, arguments) = EventSQL.events(query)
    do {
      try await client.forEach(statement, arguments, logger: logger) { events.append(try Self.event($0)) }
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
    return events
  }

  package func claimDeliveries(users: Int, batch: Int, now: Int64, lease: Int64) async throws -> [DeliveryClaim] {
    try await transaction { connection in
      var due: [(catalog: String, user: String, delivered: Int64, sending: Int64, attempts: Int)] = []
      try await connection.forEach(EventSQL.due, [now, now, users], logger: logger) { row in
        due.append(
          (try row[.catalog], try row[.user], try row[.delivered], try row[.sending], try row[.attempts]))
      }
      var claims: [DeliveryClaim] = []
      for (catalog, user, delivered, sending, attempts) in due {
        // A batch tried before is sent again as it was; else the next `batch` events.
        let (through, limit) = sending > delivered ? (sending, Int.max / 2) : (Int64.max, batch)
        var events: [StoredEvent] = []
        try await connection.forEach(
          EventSQL.userEvents, [catalog, user, delivered, through, limit], logger: logger
        ) { events.append(try Self.event($0)) }
        guard let last = events.last else {
          try await connection.execute(EventSQL.nothingToSend, [catalog, user], logger: logger)
          continue
        }
        let token = UUID().uuidString
        try await connection.execute(EventSQL.claim, [last.id, now + lease, token, catalog, user], logger: logger)
        claims.append(DeliveryClaim(catalog: catalog, user: user, events: events, attempts: attempts, token: token))
      }
      return claims
    }
  }

  package func delivered(_ claim: DeliveryClaim) async throws {
    guard let last = claim.events.last?.id else { return }
    let token = claim.token
    _ = try await transaction { connection in
      try await connection.execute(
        EventSQL.delivered, [last, token, token, token, token, claim.catalog, claim.user], logger: logger)
    }
  }

  package func failed(_ claim: DeliveryClaim, retryAt: Int64, error: String) async throws {
    _ = try await transaction { connection in
      try await connection.execute(
        EventSQL.failed, [retryAt, error, claim.catalog, claim.user, claim.token], logger: logger)
    }
  }

  package func backlog() async throws -> DeliveryBacklog {
    try await transaction { connection in
      var backlog = DeliveryBacklog(users: 0, events: 0, oldest: nil)
      try await connection.forEach(EventSQL.backlog, logger: logger) { row in
        backlog = DeliveryBacklog(
          users: Int(try row[.users] as Int64), events: Int(try row[.events] as Int64), oldest: try row[.oldest])
      }
      return backlog
    }
  }
}
