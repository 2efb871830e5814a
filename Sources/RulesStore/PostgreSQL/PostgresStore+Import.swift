import Foundation
import Logging
import PostgresNIO
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

extension PostgresStore {
  static let importChunk = 5_000

  package func importRecords(
    catalog: String, users: [ImportUser], records: [ImportRecord]
  ) async throws -> ImportSummary {
    try await transaction { connection in
      var summary = ImportSummary(records: records.count, users: 0, changed: 0)
      var distinct: [String] = []
      var seen = Set<UserID.Key>()
      for record in records where seen.insert(UserID.Key(record.user)).inserted { distinct.append(record.user) }
      for user in users where seen.insert(UserID.Key(user.user)).inserted { distinct.append(user.user) }
      summary.users = distinct.count
      for start in stride(from: 0, to: distinct.count, by: Self.importChunk) {
        let ids = Array(distinct[start..<min(start + Self.importChunk, distinct.count)])
        try await connection.query(
          """
          INSERT INTO users (catalog, user_id, revision)
          SELECT \(catalog), id, \(unescaped: ProgressSQL.firstRevision(.postgres)) FROM unnest(\(ids)::text[]) AS t(id)
          ON CONFLICT (catalog, user_id) DO NOTHING
          """, logger: logger)
      }
      var changedFrom: [UserID.Key: String] = [:]
      for user in users {
        let changed = try await connection.changes(
          ProgressSQL.importInfo, ProgressSQL.importInfoArguments(catalog: catalog, user), logger: logger)
        if changed > 0, user.changesCounting {
          changedFrom[UserID.Key(user.user)] = "0000-00-00"
        }
      }
      for start in stride(from: 0, to: records.count, by: Self.importChunk) {
        let slice = records[start..<min(start + Self.importChunk, records.count)]
        let ids = slice.map(\.user)
        let dates = slice.map(\.date.description)
        let texts = slice.map(\.record)
        // An empty value for a record with no encoded form (NULLIF makes it NULL).
        let encoded = slice.map { ByteBuffer(bytes: $0.encoded ?? Data()) }
        let rows = try await connection.query(
          """
          INSERT INTO days (catalog, user_id, date, record, encoded)
          SELECT \(catalog), u, d, r, NULLIF(e, ''::bytea)
          FROM unnest(\(ids)::text[], \(dates)::text[], \(texts)::text[], \(encoded)::bytea[]) AS t(u, d, r, e)
          \(unescaped: ProgressSQL.dayConflict(.postgres))
          RETURNING user_id, date
          """, logger: logger)
        for try await (user, date) in rows.decode((String, String).self) {
          summary.changed += 1
          if let earlier = changedFrom[UserID.Key(user)], earlier <= date { continue }
          changedFrom[UserID.Key(user)] = date
        }
      }
      if !changedFrom.isEmpty {
        let keys = Array(changedFrom.keys)
        let ids = keys.map(\.id)
        let dates = keys.map { changedFrom[$0]! }
        try await connection.query(
          """
          UPDATE users u SET revision = u.revision + 1,
            rebuild = u.rebuild OR EXISTS (SELECT 1 FROM states s
              WHERE s.catalog = u.catalog AND s.user_id = u.user_id AND s.date > t.d)
          FROM unnest(\(ids)::text[], \(dates)::text[]) AS t(id, d)
          WHERE u.catalog = \(catalog) AND u.user_id = t.id
          """, logger: logger)
      }
      return summary
    }
  }
}
