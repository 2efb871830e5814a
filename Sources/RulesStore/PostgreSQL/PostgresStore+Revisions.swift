import Foundation
import Logging
import PostgresNIO

extension PostgresStore {
  static func revisions(
    _ runner: some PostgresRunner, _ query: SQLQuery<RevisionSQL.Columns>, _ arguments: SQLArguments, logger: Logger
  ) async throws -> [CatalogRevisionRecord] {
    var found: [CatalogRevisionRecord] = []
    try await runner.forEach(query, arguments, logger: logger) { row in
      found.append(
        CatalogRevisionRecord(
          catalog: try row[.catalog], number: try row[.number], hash: try row[.hash], version: try row[.version],
          export: try row[.export], loadedAt: try row[.loadedAt], loadedBy: try row[.loadedBy],
          requestID: try row[.requestID], diff: try row[.diff]))
    }
    return found
  }

  @discardableResult
  package func recordRevision(_ revision: NewRevision, at loadedAt: String) async throws -> CatalogRevisionRecord? {
    try await transaction { connection in
      // One recorder at a time (servers starting together number their revisions in turn).
      try await connection.query("SELECT pg_advisory_xact_lock(7271040)", logger: logger)
      let latest = try await Self.revisions(connection, RevisionSQL.latest, [revision.catalog], logger: logger).first
      if latest?.hash == revision.hash { return nil }
      let record = CatalogRevisionRecord(
        catalog: revision.catalog, number: (latest?.number ?? 0) + 1, hash: revision.hash, version: revision.version,
        export: revision.export, loadedAt: loadedAt, loadedBy: revision.loadedBy, requestID: revision.requestID,
        diff: latest?.export.map(revision.diff))
      try await connection.execute(RevisionSQL.insert, RevisionSQL.arguments(record), logger: logger)
      return record
    }
  }

  package func revisions(catalog: String) async throws -> [CatalogRevisionRecord] {
    try await Self.revisions(client, RevisionSQL.list, [catalog], logger: logger)
  }

  package func revision(catalog: String, hash: String) async throws -> CatalogRevisionRecord? {
    try await Self.revisions(client, RevisionSQL.byHash, [catalog, hash], logger: logger).first
  }
}
