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
      let prefix = ByteBuffer(bytes: encoding)
      let days = try await connection.query(
        """
        SELECT user_id, date, record FROM days
        WHERE catalog = \(catalog) AND (encoded IS NULL OR substring(encoded FROM 1 FOR 8) <> \(prefix))
        """, logger: logger)
      for try await (user, date, record) in days.decode((String, String, String).self) {
        tally.add(user: user, date: date, record: record)
      }
      if states {
        tally.countStates()
        let saved = try await connection.query(
          "SELECT state FROM states WHERE catalog = \(catalog)", logger: logger)
        for try await state in saved.decode(ByteBuffer.self) { tally.add(state: Data(state.readableBytesView)) }
      }
      return tally
    }
  }
}
