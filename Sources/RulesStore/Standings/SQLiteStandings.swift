import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  static let standingsInsert = standingsInsert(.allTime)
  static let periodStandingsInsert = standingsInsert(.period)

  static func standingsInsert(_ table: StandingsTable) -> RowsInsert {
    RowsInsert(
      "INSERT INTO \(table.rows) (catalog, user_id, name, value, since, until)", width: 6,
      StandingsSQL.conflict(.sqlite, table))
  }

  /// The save's hook: the checks' standings and period standings, in the transaction that
  /// saves their states (the triggers keep their counts), a few statements a table
  /// (`RowsInsert`).
  static func saveStandings(_ db: Database, catalog: String, checks: [SavedCheck]) throws {
    let name = catalog.databaseValue
    for (statement, table) in [(standingsInsert, StandingsTable.allTime), (periodStandingsInsert, .period)] {
      var rows: [DatabaseValue] = []
      for check in checks {
        let user = check.user.databaseValue
        for standing in (table == .allTime ? check.standings : check.periodStandings) ?? [] {
          rows += [
            name, user, standing.name.databaseValue, standing.value.databaseValue,
            standing.since?.description.sqliteValue ?? .null, standing.until?.description.sqliteValue ?? .null,
          ]
        }
      }
      try statement.run(db, rows)
    }
    try saveSeenBoards(db, catalog: catalog, checks: checks)
  }

  package func leaderboard(
    catalog: String, name: String, limit: Int, around: String?, in table: StandingsTable
  ) async throws -> Leaderboard? {
    try await queue.read { db in
      guard let around else {
        var top: [(user: String, value: Double)] = []
        let rows = try db.rows(StandingsSQL.top(table), [catalog, name, limit])
        while let row = try rows.next() {
          top.append((row[StandingsSQL.EntryColumns.user], row[StandingsSQL.EntryColumns.value]))
        }
        return Leaderboard(catalog: catalog, name: name, entries: Leaderboard.ranked(top, greater: 0, before: 0))
      }
      typealias Column = StandingsSQL.AroundColumns
      var read = Leaderboard.AroundRows()
      let rows = try db.rows(
        StandingsSQL.around(table),
        StandingsSQL.aroundArguments(catalog: catalog, name: name, user: around, limit: limit))
      while let row = try rows.next() {
        guard let part = StandingsSQL.AroundPart(rawValue: row[Column.part]) else { continue }
        read.add(part, user: row[Column.user], value: row[Column.value], users: row[Column.users])
      }
      return Leaderboard.around(around, read, limit: limit).map {
        Leaderboard(catalog: catalog, name: name, entries: $0)
      }
    }
  }

  package func stats(catalog: String, date: CalendarDay?, streaks: [String]) async throws -> CatalogStats {
    try await queue.read { db in
      func count(_ statement: SQLStatement, _ arguments: SQLArguments) throws -> Int {
        try db.value(statement, arguments) ?? 0
      }
      func perBadge(_ query: SQLQuery<StandingsSQL.BadgeColumns>, _ arguments: SQLArguments) throws -> [(
        badge: String, users: Int
      )] {
        var badges: [(badge: String, users: Int)] = []
        let rows = try db.rows(query, arguments)
        while let row = try rows.next() {
          badges.append((row[StandingsSQL.BadgeColumns.badge], row[StandingsSQL.BadgeColumns.users]))
        }
        return badges
      }
      var day = date
      if day == nil { day = (try db.value(StandingsSQL.latestDate, [catalog]) as String?).flatMap(CalendarDay.parsed) }
      var stats = CatalogStats(catalog: catalog, date: day)
      stats.users = try count(StandingsSQL.users, [catalog])
      stats.usersEvaluated = try count(StandingsSQL.evaluated, [catalog])
      stats.unlocks = try perBadge(StandingsSQL.unlocks, [catalog])
      for streak in streaks {
        let row = try Row.fetchOne(db.statement(StandingsSQL.buckets, [catalog, streak + ".current"]))
        stats.streaks.append((streak, Standings.buckets.indices.map { (row?[$0] as Int?) ?? 0 }))
      }
      if let day {
        let text = day.description
        stats.usersEvaluatedOnDate = try count(StandingsSQL.evaluatedOnDate, [catalog, text])
        stats.unlocksOnDate = try perBadge(StandingsSQL.unlocksOnDate, [catalog, text])
        for streak in streaks {
          stats.streakDaysOnDate.append(
            (streak, try count(StandingsSQL.runsOnDate, [catalog, streak + ".current", text, text])))
        }
      }
      return stats
    }
  }

  @discardableResult
  package func fillStandings(
    catalog: String, version: Int, _ evaluate: @Sendable (LoadedUser) -> SavedCheck?
  ) async throws -> Int {
    try await queue.writeWithoutTransaction { db in
      var filled = 0
      try db.inTransaction(.immediate) {
        if try db.value(StandingsSQL.filledVersion, [catalog]) == version { return .commit }
        let users = try String.fetchAll(db.statement(StandingsSQL.evaluatedUsers, [catalog]))
        var checks: [SavedCheck] = []
        for user in users {
          guard let loaded = try Self.load(db, catalog: catalog, user: user, allDays: false),
            let saved = evaluate(loaded)
          else { continue }
          checks.append(saved)
          filled += 1
          if checks.count == 1_000 {
            try Self.saveStandings(db, catalog: catalog, checks: checks)
            checks.removeAll(keepingCapacity: true)
          }
        }
        try Self.saveStandings(db, catalog: catalog, checks: checks)
        try db.execute(StandingsSQL.filled, [catalog, version])
        return .commit
      }
      return filled
    }
  }
}
