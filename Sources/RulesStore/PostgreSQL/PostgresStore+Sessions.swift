import PostgresNIO

extension PostgresStore {
  package func endConsoleSession(_ session: String, expires: Int64, now: Int64) async throws {
    try await transaction { connection in
      try await connection.execute(ConsoleSignoutSQL.prune, [now], logger: logger)
      try await connection.execute(ConsoleSignoutSQL.insert, [session, expires], logger: logger)
    }
  }

  package func consoleSessionEnded(_ session: String) async throws -> Bool {
    do {
      return (try await client.value(ConsoleSignoutSQL.ended, [session], logger: logger) as Int64?) ?? 0 > 0
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }
}
