import GRDB

extension SQLiteStore {
  package func revision(catalog: String, user: String) async throws -> Int64? {
    try await queue.read { db in try db.value(ProgressSQL.revision, [catalog, user]) }
  }
}
