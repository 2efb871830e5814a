import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  /// The save's hook: the events of one saved check, in the save's transaction (which holds
  /// the write lock, so ids follow commits). An event already told is left out (its unique key).
  static func appendEvents(_ db: Database, catalog: String, check: SavedCheck) throws {
    guard let facts = check.facts else { return }
    let previous = try String.fetchOne(
      db.cachedStatement(sql: "SELECT mark FROM event_marks WHERE catalog = ? AND user_id = ?"),
      arguments: [catalog, check.user])
    let (events, text) = facts.events(previousMark: previous, unlocks: check.new)
    let now = EventClock.now
    var latest: Int64 = 0
    let insert = try db.cachedStatement(
      sql: """
        INSERT INTO events (catalog, catalog_version, user_id, date, kind, subject, detail, data, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (catalog, user_id, kind, subject, date, detail) DO NOTHING
        """)
    for event in events {
      try insert.execute(arguments: [
        catalog, check.catalogVersion ?? 0, check.user, event.date.description, event.kind, event.subject,
        event.detail, event.data, now,
      ])
      if db.changesCount > 0 { latest = db.lastInsertedRowID }
    }
    if text != previous {
      try db.cachedStatement(
        sql: """
          INSERT INTO event_marks (catalog, user_id, mark) VALUES (?, ?, ?)
          ON CONFLICT (catalog, user_id) DO UPDATE SET mark = excluded.mark
          """
      ).execute(arguments: [catalog, check.user, text])
    }
    if latest > 0 {
      try db.cachedStatement(
        sql: """
          INSERT INTO deliveries (catalog, user_id, latest) VALUES (?, ?, ?)
          ON CONFLICT (catalog, user_id) DO UPDATE SET latest = MAX(deliveries.latest, excluded.latest)
          """
      ).execute(arguments: [catalog, check.user, latest])
    }
  }

  static func event(_ row: Row) -> StoredEvent {
    StoredEvent(
      id: row["id"], catalog: row["catalog"], catalogVersion: row["catalog_version"], user: row["user_id"],
      date: row["date"], kind: row["kind"], subject: row["subject"], data: row["data"], createdAt: row["created_at"])
  }

  static let eventColumns = "id, catalog, catalog_version, user_id, date, kind, subject, data, created_at"

  package func events(_ query: EventQuery) async throws -> [StoredEvent] {
    try await queue.read { db in
      var sql = "SELECT \(Self.eventColumns) FROM events WHERE id > ?"
      var arguments: StatementArguments = [query.after]
      if let catalog = query.catalog {
        sql += " AND catalog = ?"
        arguments += [catalog]
      }
      if let user = query.user {
        sql += " AND user_id = ?"
        arguments += [user]
      }
      if let kind = query.kind {
        sql += " AND kind = ?"
        arguments += [kind]
      }
      sql += " ORDER BY id LIMIT ?"
      arguments += [query.limit]
      return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.event)
    }
  }

  package func claimDeliveries(users: Int, batch: Int, now: Int64, lease: Int64) async throws -> [DeliveryClaim] {
    try await queue.writeWithoutTransaction { db in
      var claims: [DeliveryClaim] = []
      try db.inTransaction(.immediate) {
        let due = try Row.fetchAll(
          db,
          sql: """
            SELECT catalog, user_id, delivered, sending, attempts FROM deliveries
            WHERE delivered < latest AND next_attempt <= ? AND claimed_until <= ?
            ORDER BY next_attempt, catalog, user_id LIMIT ?
            """, arguments: [now, now, users])
        for row in due {
          let catalog: String = row["catalog"]
          let user: String = row["user_id"]
          let delivered: Int64 = row["delivered"]
          let sending: Int64 = row["sending"]
          // A batch tried before is sent again as it was; else the next `batch` events.
          let events =
            sending > delivered
            ? try Row.fetchAll(
              db,
              sql:
                "SELECT \(Self.eventColumns) FROM events WHERE catalog = ? AND user_id = ? AND id > ? AND id <= ? ORDER BY id",
              arguments: [catalog, user, delivered, sending]
            ).map(Self.event)
            : try Row.fetchAll(
              db,
              sql:
                "SELECT \(Self.eventColumns) FROM events WHERE catalog = ? AND user_id = ? AND id > ? ORDER BY id LIMIT ?",
              arguments: [catalog, user, delivered, batch]
            ).map(Self.event)
          guard let last = events.last else {
            // The events were deleted with the user: nothing to send.
            try db.execute(
              sql: "UPDATE deliveries SET delivered = latest, sending = 0 WHERE catalog = ? AND user_id = ?",
              arguments: [catalog, user])
            continue
          }
          let token = UUID().uuidString
          try db.execute(
            sql: "UPDATE deliveries SET sending = ?, claimed_until = ?, claim = ? WHERE catalog = ? AND user_id = ?",
            arguments: [last.id, now + lease, token, catalog, user])
          claims.append(
            DeliveryClaim(catalog: catalog, user: user, events: events, attempts: row["attempts"], token: token))
        }
        return .commit
      }
      return claims
    }
  }

  package func delivered(_ claim: DeliveryClaim) async throws {
    guard let last = claim.events.last?.id else { return }
    try await queue.write { db in
      try db.execute(
        sql: """
          UPDATE deliveries SET delivered = MAX(delivered, ?),
            attempts = CASE WHEN claim = ? THEN 0 ELSE attempts END,
            next_attempt = CASE WHEN claim = ? THEN 0 ELSE next_attempt END,
            claimed_until = CASE WHEN claim = ? THEN 0 ELSE claimed_until END,
            last_error = CASE WHEN claim = ? THEN NULL ELSE last_error END
          WHERE catalog = ? AND user_id = ?
          """, arguments: [last, claim.token, claim.token, claim.token, claim.token, claim.catalog, claim.user])
    }
  }

  package func failed(_ claim: DeliveryClaim, retryAt: Int64, error: String) async throws {
    try await queue.write { db in
      try db.execute(
        sql: """
          UPDATE deliveries SET attempts = attempts + 1, next_attempt = ?, claimed_until = 0, last_error = ?
          WHERE catalog = ? AND user_id = ? AND claim = ?
          """, arguments: [retryAt, error, claim.catalog, claim.user, claim.token])
    }
  }

  package func backlog() async throws -> DeliveryBacklog {
    try await queue.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT COUNT(*) AS users, COALESCE(SUM((SELECT COUNT(*) FROM events e
              WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered)), 0) AS events,
            MIN((SELECT MIN(e.created_at) FROM events e
              WHERE e.catalog = d.catalog AND e.user_id = d.user_id AND e.id > d.delivered)) AS oldest
          FROM deliveries d WHERE d.delivered < d.latest
          """)!
      return DeliveryBacklog(users: row["users"], events: row["events"], oldest: row["oldest"])
    }
  }
}
