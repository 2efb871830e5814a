import PostgresNIO

extension PostgresStore {
  /// `ProgressSQL.revision` prepared once per connection (asked on every `GET .../progress`:
  /// no parse and plan each time).
  struct Revision: PostgresPreparedStatement {
    static let sql = ProgressSQL.revision.postgres
    typealias Row = Int64

    var catalog: String
    var user: String

    func makeBindings() throws -> PostgresBindings {
      var bindings = PostgresBindings(capacity: 2)
      bindings.append(catalog)
      bindings.append(user)
      return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Int64 { try row.decode(Int64.self) }
  }

  package func revision(catalog: String, user: String) async throws -> Int64? {
    do {
      var revision: Int64?
      for try await row in try await client.execute(Revision(catalog: catalog, user: user), logger: logger) {
        revision = row
      }
      return revision
    } catch {
      await pool.renewIfGaveUp(after: error)
      throw error
    }
  }

  /// A read from PostgreSQL crosses the network: always awaited, under the caller's deadline.
  package func revisionAtOnce(catalog: String, user: String) throws -> ReadAtOnce<Int64?> { .mustWait }
}
