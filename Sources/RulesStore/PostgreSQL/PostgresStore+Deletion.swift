import PostgresNIO

extension PostgresStore {
  package func deleteUser(catalog: String, user: String) async throws -> Bool {
    try await transaction { connection in
      // The user's lock first, as every write of the user takes it.
      try await connection.execute(LockUser.self, [catalog, user], logger: logger)
      // The standings first, with their counts (`StandingCounts`); the loop finds none left.
      var deleted = try await Self.deleteStandings(connection, catalog: catalog, user: user, logger: logger)
      for statement in ProgressSQL.deleteUser {
        deleted += try await connection.changes(statement, [catalog, user], logger: logger)
      }
      return deleted > 0
    }
  }
}
