import GRDB

extension SQLiteStore {
  package func deleteUser(catalog: String, user: String) async throws -> Bool {
    try await queue.write { db in
      var deleted = 0
      for table in UserTables.all {
        try db.execute(sql: "DELETE FROM \(table) WHERE catalog = ? AND user_id = ?", arguments: [catalog, user])
        deleted += db.changesCount
      }
      return deleted > 0
    }
  }
}
