import PostgresNIO

extension PostgresStore {
  package func deleteUser(catalog: String, user: String) async throws -> Bool {
    try await transaction { connection in
      // The user's lock first, as every write of the user takes it.
      try await connection.query(
        "SELECT 1 FROM users WHERE catalog = \(catalog) AND user_id = \(user) FOR UPDATE", logger: logger)
      var deleted = 0
      for table in UserTables.all {
        let rows = try await connection.query(
          PostgresQuery(
            unsafeSQL: "DELETE FROM \(table) WHERE catalog = $1 AND user_id = $2 RETURNING 1",
            binds: {
              var binds = PostgresBindings()
              binds.append(catalog)
              binds.append(user)
              return binds
            }()), logger: logger)
        for try await _ in rows { deleted += 1 }
      }
      return deleted > 0
    }
  }
}
