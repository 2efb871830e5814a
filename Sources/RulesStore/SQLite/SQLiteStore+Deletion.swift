import GRDB

extension SQLiteStore {
  package func deleteUser(catalog: String, user: String) async throws -> Bool {
    try await queue.write { db in
      var deleted = 0
      for statement in ProgressSQL.deleteUser { deleted += try db.changes(statement, [catalog, user]) }
      return deleted > 0
    }
  }
}
