import GRDB

extension SQLiteStore {
  package func endConsoleSession(_ session: String, expires: Int64, now: Int64) async throws {
    try await queue.write { db in
      try db.execute(ConsoleSignoutSQL.prune, [now])
      try db.execute(ConsoleSignoutSQL.insert, [session, expires])
    }
  }

  package func consoleSessionEnded(_ session: String) async throws -> Bool {
    try await queue.read { db in (try db.value(ConsoleSignoutSQL.ended, [session]) as Int?) ?? 0 > 0 }
  }
}
