import GRDB

extension SQLiteStore {
  package func revision(catalog: String, user: String) async throws -> Int64? {
    try await queue.read { db in try db.value(ProgressSQL.revision, [catalog, user]) }
  }

  /// One statement on `pointReads`, in SQLite's autocommit: a read of the WAL's last commit,
  /// as `revision`'s read-only transaction is. Two callers at once take turns (each holds the
  /// connection for one read, never across a suspension). A busy answer (the WAL being
  /// recovered after a crash) is `.mustWait`, not a wait on this thread.
  package func revisionAtOnce(catalog: String, user: String) throws -> ReadAtOnce<Int64?> {
    do {
      return .value(try pointReads.inDatabase { db in try db.value(ProgressSQL.revision, [catalog, user]) })
    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED {
      return .mustWait
    }
  }
}
