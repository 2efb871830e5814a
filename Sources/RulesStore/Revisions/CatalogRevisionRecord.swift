/// One revision of a catalog that a server served, as `catalog_revisions` keeps it: a row each
/// time the catalog served changed (at a server's start, a reload, a restore, an experiment's
/// promotion), numbered from 1 per catalog.
package struct CatalogRevisionRecord: Sendable, Equatable {
  package var catalog: String
  /// 1 for the first revision of the catalog, then one more each.
  package var number: Int
  /// The hex SHA-256 of the exported catalog (`StoreCatalog.revision`).
  package var hash: String
  package var version: Int
  /// The catalog as `rules export` writes it (nil when a listing left it out).
  package var export: String?
  /// When it was served (ISO 8601, UTC).
  package var loadedAt: String
  /// `start`, `reload`, `restore` or `promote`.
  package var loadedBy: String
  /// The X-Request-Id of the admin call that served it (nil for a start or a SIGHUP).
  package var requestID: String?
  /// `rules diff --format json` of the revision before against this one (nil for the first).
  package var diff: String?

  package init(
    catalog: String, number: Int, hash: String, version: Int, export: String?, loadedAt: String, loadedBy: String,
    requestID: String?, diff: String?
  ) {
    self.catalog = catalog
    self.number = number
    self.hash = hash
    self.version = version
    self.export = export
    self.loadedAt = loadedAt
    self.loadedBy = loadedBy
    self.requestID = requestID
    self.diff = diff
  }
}

/// The statements of `catalog_revisions`, written once for both databases.
enum RevisionSQL {
  enum Columns: Int, SQLColumns {
    case catalog, number, hash, version, loadedAt, loadedBy, requestID, diff, export

    var expression: String {
      ["catalog", "number", "hash", "version", "loaded_at", "loaded_by", "request_id", "diff", "export"][rawValue]
    }
  }

  /// The revisions of a catalog, oldest first, without their exports. Arguments: catalog.
  static let list = SQLQuery<Columns> { _, _ in
    """
    SELECT catalog, number, hash, version, loaded_at, loaded_by, request_id, diff, NULL AS export
    FROM catalog_revisions WHERE catalog = ? ORDER BY number
    """
  }

  /// The newest revision of a catalog with a hash. Arguments: catalog, hash.
  static let byHash = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM catalog_revisions WHERE catalog = ? AND hash = ? ORDER BY number DESC LIMIT 1"
  }

  /// The newest revision of a catalog. Arguments: catalog.
  static let latest = SQLQuery<Columns> { _, columns in
    "SELECT \(columns) FROM catalog_revisions WHERE catalog = ? ORDER BY number DESC LIMIT 1"
  }

  /// Arguments: catalog, number, hash, version, export, loaded at, loaded by, request id, diff.
  static let insert = SQLStatement { _ in
    """
    INSERT INTO catalog_revisions (catalog, number, hash, version, export, loaded_at, loaded_by, request_id, diff)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
    """
  }
}

extension RevisionSQL {
  static func arguments(_ record: CatalogRevisionRecord) -> SQLArguments {
    [
      record.catalog, record.number, record.hash, record.version, record.export, record.loadedAt, record.loadedBy,
      record.requestID, record.diff,
    ]
  }
}

/// A revision to record: served now, unless it is the catalog's newest revision already.
package struct NewRevision: Sendable {
  package var catalog: String
  package var hash: String
  package var version: Int
  package var export: String
  package var loadedBy: String
  package var requestID: String?
  /// The diff of the newest revision's export (the one before) against this one.
  package var diff: @Sendable (String) -> String

  package init(
    catalog: String, hash: String, version: Int, export: String, loadedBy: String, requestID: String?,
    diff: @escaping @Sendable (String) -> String
  ) {
    self.catalog = catalog
    self.hash = hash
    self.version = version
    self.export = export
    self.loadedBy = loadedBy
    self.requestID = requestID
    self.diff = diff
  }
}
