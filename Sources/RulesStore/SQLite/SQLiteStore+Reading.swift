import Foundation
import GRDB

extension SQLiteStore {
  package func reading<Tally: StoredTally>(
    catalog: String, encoding: Data, states: Bool, into tally: Tally
  ) async throws -> Tally {
    // A read transaction: a reader of the WAL, which never takes or waits for the write lock.
    try await queue.read { db in
      var tally = tally
      let days = try Row.fetchCursor(
        db,
        sql: """
          SELECT user_id, date, record FROM days
          WHERE catalog = ? AND (encoded IS NULL OR substr(encoded, 1, 8) <> ?)
          """, arguments: [catalog, encoding])
      while let day = try days.next() { tally.add(user: day["user_id"], date: day["date"], record: day["record"]) }
      if states {
        tally.countStates()
        let saved = try Row.fetchCursor(db, sql: "SELECT state FROM states WHERE catalog = ?", arguments: [catalog])
        while let row = try saved.next() { tally.add(state: row["state"]) }
      }
      return tally
    }
  }
}
