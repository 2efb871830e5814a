import PostgresNIO

extension PostgresStore {
  package func revision(catalog: String, user: String) async throws -> Int64? {
    do {
      return try await client.value(ProgressSQL.revision, [catalog, user], logger: logger)
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }
}
