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
    let rows = try await connection.query(
      "SELECT user_id, mark FROM event_marks WHERE catalog = \(catalog) AND user_id = ANY(\(told.map(\.user))::text[])",
      logger: logger)
    for try await (user, mark) in rows.decode((String, String).self) { previous[user] = mark }
    var users: [String] = []
    var dates: [String] = []
    var kinds: [String] = []
    var subjects: [String] = []
    var details: [String] = []
    var data: [String] = []
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
      }
      if text != previous[check.user] {
        markUsers.append(check.user)
        marks.append(text)
      }
    }
    if !markUsers.isEmpty {
      try await connection.query(
        """
        INSERT INTO event_marks (catalog, user_id, mark)
        SELECT \(catalog), u, m FROM unnest(\(markUsers)::text[], \(marks)::text[]) AS t(u, m)
        ON CONFLICT (catalog, user_id) DO UPDATE SET mark = excluded.mark
        """, logger: logger)
    }
    guard !users.isEmpty else { return }
    // One catalog, one version: every check of a save has the same.
    let version = told[0].catalogVersion ?? 0
    try await connection.query("SELECT pg_advisory_xact_lock(7271029)", logger: logger)
    // The events, and each user's newest id into their delivery cursor, in one statement (no
    // row comes back to the client).
    try await connection.query(
      """
      WITH inserted AS (
        INSERT INTO events (catalog, catalog_version, user_id, date, kind, subject, detail, data, created_at)
        SELECT \(catalog), \(version)::integer, u, d, k, s, x, j, \(EventClock.now)::bigint
        FROM unnest(\(users)::text[], \(dates)::text[], \(kinds)::text[], \(subjects)::text[], \(details)::text[],
          \(data)::text[]) WITH ORDINALITY AS t(u, d, k, s, x, j, n)
        ORDER BY n
        ON CONFLICT (catalog, user_id, kind, subject, date, detail) DO NOTHING
        RETURNING user_id, id
      )
      INSERT INTO deliveries (catalog, user_id, latest)
      SELECT \(catalog), user_id, MAX(id) FROM inserted GROUP BY user_id
      ON CONFLICT (catalog, user_id) DO UPDATE SET latest = GREATEST(deliveries.latest, excluded.latest)
      """, logger: logger)
  }

  typealias EventRow = (Int64, String, Int, String, String, String, String, String, Int64)

  static func event(_ row: EventRow) -> StoredEvent {
    StoredEvent(
      id: row.0, catalog: row.1, catalogVersion: row.2, user: row.3, date: row.4, kind: row.5, subject: row.6,
      data: row.7, createdAt: row.8)
  }

  package func events(_ query: EventQuery) async throws -> [StoredEvent] {
    var events: [StoredEvent] = []
    do {
      let rows = try await client.query(
        """
        SELECT id, catalog, catalog_version, user_id, date, kind, subject, data, created_at FROM events
        WHERE id > \(query.after) AND (\(query.catalog)::text IS NULL OR catalog = \(query.catalog))
          AND (\(query.user)::text IS NULL OR user_id = \(query.user)) AND (\(query.kind)::text IS NULL OR kind = \(query.kind))
        ORDER BY id LIMIT \(query.limit)
        """, logger: logger)
      for try await row in rows.decode(EventRow.self) { events.append(Self.event(row)) }
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
    return events
  }

  package func claimDeliveries(users: Int, batch: Int, now: Int64, lease: Int64) async throws -> [DeliveryClaim] {
    try await transaction { connection in
      var due: [(String, String, Int64, Int64, Int)] = []
      let rows = try await connection.query(
        """
        SELECT catalog, user_id, delivered, sending, attempts FROM deliveries
        WHERE delivered < latest AND next_attempt <= \(now) AND claimed_until <= \(now)
        ORDER BY next_attempt, catalog, user_id LIMIT \(users)
        FOR UPDATE SKIP LOCKED
        """, logger: logger)
      for try await row in rows.decode((String, String, Int64, Int64, Int).self) { due.append(row) }
      var claims: [DeliveryClaim] = []
      for (catalog, user, delivered, sending, attempts) in due {
        // A batch tried before is sent again as it was; else the next `batch` events.
        var events: [StoredEvent] = []
        let through = sending > delivered ? sending : Int64.max
        let limit = sending > delivered ? Int.max / 2 : batch
        let rows = try await connection.query(
          """
          SELECT id, catalog, catalog_version, user_id, date, kind, subject, data, created_at FROM events
          WHERE catalog = \(catalog) AND user_id = \(user) AND id > \(delivered) AND id <= \(through)
          ORDER BY id LIMIT \(limit)
          """, logger: logger)
        for try await row in rows.decode(EventRow.self) { events.append(Self.event(row)) }
        guard let last = events.last else {
          try await connection.query(
            "UPDATE deliveries SET delivered = latest, sending = 0 WHERE catalog = \(catalog) AND user_id = \(user)",
            logger: logger)
          continue
        }
        let token = UUID().uuidString
        try await connection.query(
          """
          UPDATE deliveries SET sending = \(last.id), claimed_until = \(now + lease), claim = \(token)
          WHERE catalog = \(catalog) AND user_id = \(user)
          """, logger: logger)
        claims.append(DeliveryClaim(catalog: catalog, user: user, events: events, attempts: attempts, token: token))
      }
      return claims
    }
  }

  package func delivered(_ claim: DeliveryClaim) async throws {
    guard let last = claim.events.last?.id else { return }
    _ = try await transaction { connection in
      try await connection.query(
        """
        UPDATE deliveries SET delivered = GREATEST(delivered, \(last)),
          attempts = CASE WHEN claim = \(claim.token) THEN 0 ELSE attempts END,
          next_attempt = CASE WHEN claim = \(claim.token) THEN 0 ELSE next_attempt END,
          claimed_until = CASE WHEN claim = \(claim.token) THEN 0 ELSE claimed_until END,
          last_error = CASE WHEN claim = \(claim.token) THEN NULL ELSE last_error END
        WHERE catalog = \(claim.catalog) AND user_id = \(claim.user)
        """, logger: logger)
    }
  }

  package func failed(_ claim: DeliveryClaim, retryAt: Int64, error: String) async throws {
    _ = try await transaction { connection in
      try await connection.query(
        """
        UPDATE deliveries SET attempts = attempts + 1, next_attempt = \(retryAt), claimed_until = 0,
          last_error = \(error)
        WHERE catalog = \(claim.catalog) AND user_id = \(claim.user) AND claim = \(claim.token)
        """, logger: logger)
    }
  }

  package func backlog() async throws -> DeliveryBacklog {
    try await transaction { connection in
      let rows = try await connection.query(
        """
        SELECT COUNT(*)::bigint, COALESCE(SUM((SELECT COUNT(*) FROM events e
            WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered)), 0)::bigint,
          MIN((SELECT MIN(e.created_at) FROM events e
            WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered))
        FROM deliveries d WHERE d.delivered < d.latest
        """, logger: logger)
      var backlog = DeliveryBacklog(users: 0, events: 0, oldest: nil)
      for try await (users, events, oldest) in rows.decode((Int64, Int64, Int64?).self) {
        backlog = DeliveryBacklog(users: Int(users), events: Int(events), oldest: oldest)
      }
      return backlog
    }
  }
}
