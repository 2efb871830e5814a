import PostgresNIO

extension PostgresStore {
  package func deleteUser(catalog: String, user: String) async throws -> Bool {
    try await transaction { connection in
      // The user's lock first, as every write of the user takes it.
      try await connection.execute(Self.lockUser, [catalog, user], logger: logger)
      var deleted = 0
      for statement in ProgressSQL.deleteUser {
        deleted += try await connection.changes(statement, [catalog, user], logger: logger)
      }
      return deleted > 0
    }
  }
}
