import Foundation
import GRDB
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension SQLiteStore {
  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await queue.writeWithoutTransaction { db in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      try db.inTransaction(.immediate) {
        var distinct = Set<UserID.Key>()
        for user in records.lazy.map(\.user) + users.lazy.map(\.user) where distinct.insert(UserID.Key(user)).inserted {
          try db.execute(ProgressSQL.ensureUser, [catalog, user])
        }
        // The earliest changed day of each user.
        var changedFrom: [UserID.Key: CalendarDay] = [:]
        for user in users {
          let changed = try db.changes(ProgressSQL.importInfo, ProgressSQL.importInfoArguments(catalog: catalog, user))
          // A new start (or time zone history) changes the days counted from the first: count again.
          if changed > 0, user.changesCounting {
            changedFrom[UserID.Key(user.user)] = CalendarDay(number: Int.min / 4)
          }
        }
        for record in records {
          let arguments: SQLArguments = [catalog, record.user, record.date.description, record.record, record.encoded]
          if try db.changes(ProgressSQL.putDay, arguments) > 0 {
            summary.changed += 1
            if let earlier = changedFrom[UserID.Key(record.user)], earlier <= record.date { continue }
            changedFrom[UserID.Key(record.user)] = record.date
          }
        }
        for (user, day) in changedFrom {
          try db.execute(
            ProgressSQL.dayChanged, [day.number < -100_000 ? "0000-00-00" : day.description, catalog, user.id])
        }
        summary.users = distinct.count
        return .commit
      }
      return summary
    }
  }
}
