import Foundation
import PostgresNIO

extension PostgresStore: StoreReadable {
  public func reading(_ catalog: StoreCatalog, states: Bool) async throws -> StoreReading {
    try await transaction { connection in
      // One snapshot, no lock.
      try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
      var tally = StoreTally(catalog: catalog)
      let prefix = ByteBuffer(bytes: catalog.encoding.prefix)
      let days = try await connection.query(
        """
        SELECT user_id, date, record FROM days
        WHERE catalog = \(catalog.id) AND (encoded IS NULL OR substring(encoded FROM 1 FOR 8) <> \(prefix))
        """, logger: logger)
      for try await (user, date, record) in days.decode((String, String, String).self) {
        tally.add(user: user, date: date, record: record)
      }
      if states {
        tally.countStates()
        let saved = try await connection.query(
          "SELECT state FROM states WHERE catalog = \(catalog.id)", logger: logger)
        for try await state in saved.decode(ByteBuffer.self) { tally.add(state: Data(state.readableBytesView)) }
      }
      return tally.reading
    }
  }
}
