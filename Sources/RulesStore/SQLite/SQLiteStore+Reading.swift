import Foundation
import GRDB

extension SQLiteStore {
  package func reading<Tally: StoredTally>(
    catalog: String, encoding: Data, states: Bool, into tally: Tally
  ) async throws -> Tally {
    // A read transaction: a reader of the WAL, which never takes or waits for the write lock.
    try await queue.read { db in
      typealias Column = ProgressSQL.ReadDayColumns
      var tally = tally
      let days = try db.rows(ProgressSQL.readDays, [catalog, encoding])
      while let day = try days.next() {
        tally.add(user: day[Column.user], date: day[Column.date], record: day[Column.record])
      }
      if states {
        tally.countStates()
        let saved = try Data.fetchCursor(db.statement(ProgressSQL.readStates, [catalog]))
        while let state = try saved.next() { tally.add(state: state) }
      }
      return tally
    }
  }
}
