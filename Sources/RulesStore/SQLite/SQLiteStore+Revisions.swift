import Foundation
import GRDB

extension SQLiteStore {
  static func revision(_ row: Row) -> CatalogRevisionRecord {
    typealias Column = RevisionSQL.Columns
    return CatalogRevisionRecord(
      catalog: row[Column.catalog], number: row[Column.number], hash: row[Column.hash], version: row[Column.version],
      export: row[Column.export], loadedAt: row[Column.loadedAt], loadedBy: row[Column.loadedBy],
      requestID: row[Column.requestID], diff: row[Column.diff])
  }

  @discardableResult
  package func recordRevision(_ revision: NewRevision, at loadedAt: String) async throws -> CatalogRevisionRecord? {
    try await queue.writeWithoutTransaction { db in
      var recorded: CatalogRevisionRecord?
      try db.inTransaction(.immediate) {
        let latest = try Row.fetchOne(db.statement(RevisionSQL.latest, [revision.catalog])).map(Self.revision)
        if latest?.hash == revision.hash { return .commit }
        let record = CatalogRevisionRecord(
          catalog: revision.catalog, number: (latest?.number ?? 0) + 1, hash: revision.hash,
          version: revision.version, export: revision.export, loadedAt: loadedAt, loadedBy: revision.loadedBy,
          requestID: revision.requestID, diff: latest?.export.map(revision.diff))
        try db.execute(RevisionSQL.insert, RevisionSQL.arguments(record))
        recorded = record
        return .commit
      }
      return recorded
    }
  }

  package func revisions(catalog: String) async throws -> [CatalogRevisionRecord] {
    try await queue.read { db in try Row.fetchAll(db.statement(RevisionSQL.list, [catalog])).map(Self.revision) }
  }

  package func revision(catalog: String, hash: String) async throws -> CatalogRevisionRecord? {
    try await queue.read { db in
      try Row.fetchOne(db.statement(RevisionSQL.byHash, [catalog, hash])).map(Self.revision)
    }
  }
}
