import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  /// The save's hook: the events of the saved checks, in the save's transaction (which holds
  /// the write lock, so ids follow commits), in the checks' order, a few statements for the
  /// lot (`RowsInsert`). An event already told is left out (its unique key). Each user's
  /// cursor learns their newest id from the ids past the newest before (every one of them
  /// this statement's, the write lock being held).
  static func appendEvents(_ db: Database, catalog: String, checks: [SavedCheck]) throws {
    let told = checks.filter { $0.facts != nil }
    guard !told.isEmpty else { return }
    var previous: [String: String] = [:]
    let marks = try db.rows(marksOf, [catalog, SQLTextList(told.map(\.user))])
    while let row = try marks.next() { previous[row[EventSQL.MarkColumns.user]] = row[EventSQL.MarkColumns.mark] }
    let name = catalog.databaseValue
    let now = EventClock.now.databaseValue
    var events: [DatabaseValue] = []
    var changed: [DatabaseValue] = []
    for check in told {
      let (new, text) = check.facts!.events(previousMark: previous[check.user], unlocks: check.new)
      let user = check.user.databaseValue
      let (version, revision) = ((check.catalogVersion ?? 0).databaseValue, check.catalogRevision.sqliteValue)
      for event in new {
        events += [
          name, version, user, event.date.description.databaseValue, event.kind.databaseValue,
          event.subject.databaseValue, event.detail.databaseValue, event.data.databaseValue, now, revision,
        ]
      }
      if text != previous[check.user] { changed += [name, user, text.databaseValue] }
    }
    try saveMarks.run(db, changed)
    guard !events.isEmpty else { return }
    let before: Int64 = try db.value(newestEvent) ?? 0
    try appendEvents.run(db, events)
    try db.execute(saveNewest, [before])
  }

  /// The marks of some users. Arguments: catalog, the users (`SQLTextList`).
  static let marksOf = SQLQuery<EventSQL.MarkColumns> { d, columns in
    "SELECT \(columns) FROM event_marks WHERE catalog = ? AND \(d.isAnyOf("user_id"))"
  }

  static let saveMarks = RowsInsert("INSERT INTO event_marks (catalog, user_id, mark)", width: 3, EventSQL.markConflict)

  static let appendEvents = RowsInsert(EventSQL.eventInsert, width: 10, EventSQL.eventConflict)

  static let newestEvent = SQLStatement { _ in "SELECT MAX(id) FROM events" }

  /// Each user's newest event of those past an id, into their cursor. Arguments: the id.
  /// `NOT INDEXED`: the rows past the id by the rowid; without it SQLite chose to scan all of
  /// `events_by_user` for the grouping's order, every event of the store at each PUT.
  static let saveNewest = SQLStatement { d in
    """
    INSERT INTO deliveries (catalog, user_id, latest)
    SELECT catalog, user_id, MAX(id) FROM events NOT INDEXED WHERE id > ? GROUP BY catalog, user_id
    \(EventSQL.latestConflict(d))
    """
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
