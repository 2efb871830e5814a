import PostgresNIO

extension PostgresStore {
  /// `ProgressSQL.revision` prepared once per connection (asked on every `GET .../progress`:
  /// no parse and plan each time). Arguments: catalog, user.
  enum Revision: PreparedText {
    static let sql = ProgressSQL.revision.postgres
    static let types: [PostgresDataType] = [.text, .text]
  }

  package func revision(catalog: String, user: String) async throws -> Int64? {
    do {
      return try await client.value(Revision.self, [catalog, user], logger: logger)
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  /// A read from PostgreSQL crosses the network: always awaited, under the caller's deadline.
  package func revisionAtOnce(catalog: String, user: String) throws -> ReadAtOnce<Int64?> { .mustWait }
}
