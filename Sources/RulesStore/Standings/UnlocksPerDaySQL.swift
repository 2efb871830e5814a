import Foundation
import GRDB
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The unlocks of each day of a range, in one read (the console's chart): how many unlocks
/// (a user and a badge each) are dated each day, on the index `unlocks_by_date (catalog, date)`
/// (schema version 6) — the sum over badges of the stats' `unlocks_on_date` of that day.
enum UnlocksPerDaySQL {
  enum Columns: Int, SQLColumns {
    case date, unlocks
    var expression: String { self == .date ? "date" : "COUNT(*)" }
  }

  /// Arguments: catalog, the first date, the last date.
  static let query = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM unlocks WHERE catalog = ? AND date >= ? AND date <= ? GROUP BY date"
  }

  /// Schema version 6: unlocks by catalog and date.
  static let schema = ["CREATE INDEX unlocks_by_date ON unlocks (catalog, date)"]

  /// Every day from `from` through `through`, oldest first, with its count in `counts` (by
  /// the date's text) or 0; empty when `through` is before `from`.
  static func days(from: CalendarDay, through: CalendarDay, _ counts: [String: Int]) -> [(
    date: CalendarDay, unlocks: Int
  )] {
    guard from <= through else { return [] }
    var days: [(date: CalendarDay, unlocks: Int)] = []
    var day = from
    while day <= through {
      days.append((day, counts[day.description] ?? 0))
      day = day + 1
    }
    return days
  }
}

extension SQLiteStore {
  package func unlocksPerDay(catalog: String, from: CalendarDay, through: CalendarDay) async throws -> [(
    date: CalendarDay, unlocks: Int
  )] {
    let counts = try await queue.read { db in
      var counts: [String: Int] = [:]
      let rows = try db.rows(UnlocksPerDaySQL.query, [catalog, from.description, through.description])
      while let row = try rows.next() {
        counts[row[UnlocksPerDaySQL.Columns.date]] = row[UnlocksPerDaySQL.Columns.unlocks]
      }
      return counts
    }
    return UnlocksPerDaySQL.days(from: from, through: through, counts)
  }
}

extension PostgresStore {
  package func unlocksPerDay(catalog: String, from: CalendarDay, through: CalendarDay) async throws -> [(
    date: CalendarDay, unlocks: Int
  )] {
    var counts: [String: Int] = [:]
    try await client.forEach(UnlocksPerDaySQL.query, [catalog, from.description, through.description], logger: logger) {
      counts[try $0[.date]] = try $0[.unlocks]
    }
    return UnlocksPerDaySQL.days(from: from, through: through, counts)
  }
}
