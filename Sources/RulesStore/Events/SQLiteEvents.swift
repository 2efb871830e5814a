import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  /// The save's hook: the events of one saved check, in the save's transaction (which holds
  /// the write lock, so ids follow commits). An event already told is left out (its unique key).
  static func appendEvents(_ db: Database, catalog: String, check: SavedCheck) throws {
    guard let facts = check.facts else { return }
    let previous: String? = try db.value(EventSQL.mark, [catalog, check.user])
    let (events, text) = facts.events(previousMark: previous, unlocks: check.new)
    let now = EventClock.now
    var latest: Int64 = 0
    for event in events {
      let arguments: SQLArguments = [
        catalog, check.catalogVersion ?? 0, check.user, event.date.description, event.kind, event.subject,
        event.detail, event.data, now, check.catalogRevision,
      ]
      if try db.changes(appendEvent, arguments) > 0 { latest = db.lastInsertedRowID }
    }
    if text != previous { try db.execute(EventSQL.saveMark, [catalog, check.user, text]) }
    if latest > 0 { try db.execute(EventSQL.saveLatest, [catalog, check.user, latest]) }
  }

  static let appendEvent = SQLStatement { _ in
    "\(EventSQL.eventInsert) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\n\(EventSQL.eventConflict)"
  }

  static func event(_ row: Row) -> StoredEvent {
    typealias Column = EventSQL.EventColumns
    return StoredEvent(
      id: row[Column.id], catalog: row[Column.catalog], catalogVersion: row[Column.catalogVersion],
      user: row[Column.user], date: row[Column.date], kind: row[Column.kind], subject: row[Column.subject],
      data: row[Column.data], createdAt: row[Column.createdAt], catalogRevision: row[Column.catalogRevision])
  }

  package func events(_ query: EventQuery) async throws -> [StoredEvent] {
    try await queue.read { db in
      let (statement, arguments) = EventSQL.events(query)
      return try Row.fetchAll(db.statement(statement, arguments)).map(Self.event)
    }
  }

  package func claimDeliveries(users: Int, batch: Int, now: Int64, lease: Int64) async throws -> [DeliveryClaim] {
    try await queue.writeWithoutTransaction { db in
      typealias Column = EventSQL.DueColumns
      var claims: [DeliveryClaim] = []
      try db.inTransaction(.immediate) {
        for row in try Row.fetchAll(db.statement(EventSQL.due, [now, now, users])) {
          let catalog: String = row[Column.catalog]
          let user: String = row[Column.user]
          let delivered: Int64 = row[Column.delivered]
          let sending: Int64 = row[Column.sending]
          // A batch tried before is sent again as it was; else the next `batch` events.
          let (through, limit) = sending > delivered ? (sending, Int.max / 2) : (Int64.max, batch)
          let events = try Row.fetchAll(
            db.statement(EventSQL.userEvents, [catalog, user, delivered, through, limit])
          ).map(Self.event)
          guard let last = events.last else {
            // The events were deleted with the user: nothing to send.
            try db.execute(EventSQL.nothingToSend, [catalog, user])
            continue
          }
          let token = UUID().uuidString
          try db.execute(EventSQL.claim, [last.id, now + lease, token, catalog, user])
          claims.append(
            DeliveryClaim(catalog: catalog, user: user, events: events, attempts: row[Column.attempts], token: token))
        }
        return .commit
      }
      return claims
    }
  }

  package func delivered(_ claim: DeliveryClaim) async throws {
    guard let last = claim.events.last?.id else { return }
    try await queue.write { db in
      let token = claim.token
      try db.execute(EventSQL.delivered, [last, token, token, token, token, claim.catalog, claim.user])
    }
  }

  package func failed(_ claim: DeliveryClaim, retryAt: Int64, error: String) async throws {
    try await queue.write { db in
      try db.execute(EventSQL.failed, [retryAt, error, claim.catalog, claim.user, claim.token])
    }
  }

  package func backlog() async throws -> DeliveryBacklog {
    try await queue.read { db in
      typealias Column = EventSQL.BacklogColumns
      let row = try Row.fetchOne(db.statement(EventSQL.backlog, []))!
      return DeliveryBacklog(users: row[Column.users], events: row[Column.events], oldest: row[Column.oldest])
    }
  }
}
