import Foundation
import PostgresNIO

extension PostgresStore {
  package func reading<Tally: StoredTally>(
    catalog: String, encoding: Data, states: Bool, into tally: Tally
  ) async throws -> Tally {
    try await transaction { connection in
      // One snapshot, no lock.
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      var tally = tally
      try await connection.forEach(ProgressSQL.readDays, [catalog, encoding], logger: logger) { day in
        tally.add(user: try day[.user], date: try day[.date], record: try day[.record])
      }
      if states {
        tally.countStates()
        for try await state in try await connection.rows(ProgressSQL.readStates.postgres([catalog]), logger: logger)
          .decode(ByteBuffer.self)
        {
          tally.add(state: Data(state.readableBytesView))
        }
      }
      return tally
    }
  }
}
