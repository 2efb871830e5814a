import Foundation
import GRDB
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A board to close, as `leaderboard_periods` holds it.
struct OpenBoard: Sendable {
  var name: String
  var since: CalendarDay?
  var until: CalendarDay
}

extension SQLiteStore {
  /// The boards the checks' period standings name, seen (`leaderboard_periods`), in their
  /// save: each board once, as its first standing in the checks' order names it.
  static func saveSeenBoards(_ db: Database, catalog: String, checks: [SavedCheck]) throws {
    var seen = Set<String>()
    for check in checks {
      for standing in check.periodStandings ?? [] where !seen.contains(standing.name) {
        guard let since = standing.since, let until = standing.until else { continue }
        seen.insert(standing.name)
        try db.execute(PeriodStandingsSQL.seen, [catalog, standing.name, since.description, until.description])
      }
    }
  }

  @discardableResult
  package func closeLeaderboards(
    catalog: String, leaderboards: [String], before: CalendarDay, top: Int, catalogVersion: Int,
    catalogRevision: String?
  ) async throws -> [String] {
    guard !leaderboards.isEmpty else { return [] }
    let open = try await queue.read { db in
      var boards: [OpenBoard] = []
      let rows = try db.rows(PeriodStandingsSQL.open, [catalog, before.description])
      typealias Column = PeriodStandingsSQL.OpenColumns
      while let row = try rows.next() {
        guard let until = CalendarDay.parsed(row[Column.until] as String) else { continue }
        boards.append(
          OpenBoard(name: row[Column.name], since: CalendarDay.parsed(row[Column.since] as String), until: until))
      }
      return boards
    }
    var closed: [String] = []
    for board in open where !PeriodStandingsSQL.declared([board.name], leaderboards: leaderboards).isEmpty {
      let told = try await queue.write { db -> Bool in
        guard try db.changes(PeriodStandingsSQL.close, [EventClock.now, catalog, board.name]) == 1 else { return false }
        var rows: [(user: String, value: Double)] = []
        let cursor = try db.rows(StandingsSQL.top(.period), [catalog, board.name, top])
        while let row = try cursor.next() {
          rows.append((row[StandingsSQL.EntryColumns.user], row[StandingsSQL.EntryColumns.value]))
        }
        let event = PeriodStandingsSQL.event(
          board: board.name, first: board.since, last: board.until,
          top: Leaderboard.ranked(rows, greater: 0, before: 0))
        try db.execute(
          ExperimentSQL.appendEvent,
          ExperimentSQL.eventArguments(
            catalog: catalog, version: catalogVersion, revision: catalogRevision, event: event))
        return true
      }
      if told { closed.append(board.name) }
    }
    return closed
  }
}

extension PostgresStore {
  /// The boards the checks' period standings name, seen (`leaderboard_periods`), in their
  /// save: one statement, the names in order (concurrent saves take their rows in one order).
  static func saveSeenBoards(
    _ connection: PostgresConnection, catalog: String, checks: [SavedCheck], logger: Logger
  ) async throws {
    var boards: [String: (since: String, until: String)] = [:]
    for check in checks {
      for standing in check.periodStandings ?? [] {
        guard let since = standing.since, let until = standing.until else { continue }
        boards[standing.name] = (since.description, until.description)
      }
    }
    guard !boards.isEmpty else { return }
    let names = boards.keys.sorted()
    try await connection.query(
      """
      INSERT INTO leaderboard_periods (catalog, name, since, until)
      SELECT \(catalog), n, s, t FROM unnest(\(names)::text[], \(names.map { boards[$0]!.since })::text[],
        \(names.map { boards[$0]!.until })::text[]) AS x(n, s, t)
      ON CONFLICT (catalog, name) DO NOTHING
      """, logger: logger)
  }

  @discardableResult
  package func closeLeaderboards(
    catalog: String, leaderboards: [String], before: CalendarDay, top: Int, catalogVersion: Int,
    catalogRevision: String?
  ) async throws -> [String] {
    guard !leaderboards.isEmpty else { return [] }
    var open: [OpenBoard] = []
    try await client.forEach(PeriodStandingsSQL.open, [catalog, before.description], logger: logger) { row in
      guard let until = CalendarDay.parsed(try row[.until] as String) else { return }
      open.append(OpenBoard(name: try row[.name], since: CalendarDay.parsed(try row[.since] as String), until: until))
    }
    var closed: [String] = []
    for board in open where !PeriodStandingsSQL.declared([board.name], leaderboards: leaderboards).isEmpty {
      let told = try await transaction { connection -> Bool in
        // Ids follow commits, as for users' events (`appendEvents`).
        try await connection.query("SELECT pg_advisory_xact_lock(7271029)", logger: logger)
        // A second server's closing waits for this row and then changes none.
        guard
          try await connection.changes(PeriodStandingsSQL.close, [EventClock.now, catalog, board.name], logger: logger)
            == 1
        else { return false }
        let rows = try await Self.entries(
          connection, StandingsSQL.top(.period), [catalog, board.name, top], logger: logger)
        let event = PeriodStandingsSQL.event(
          board: board.name, first: board.since, last: board.until,
          top: Leaderboard.ranked(rows, greater: 0, before: 0))
        try await connection.execute(
          ExperimentSQL.appendEvent,
          ExperimentSQL.eventArguments(
            catalog: catalog, version: catalogVersion, revision: catalogRevision, event: event),
          logger: logger)
        return true
      }
      if told { closed.append(board.name) }
    }
    return closed
  }
}
