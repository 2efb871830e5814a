import Foundation
import Logging
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

extension ServedCatalogs {
  /// Records each of `catalogs` as a revision of the store, unless it is its catalog's newest
  /// revision already (a restart, a reload that changed nothing): at a server's start and after
  /// each reload, restore and promotion. A store that fails is logged; the catalogs stay served.
  func recordRevisions(_ catalogs: [StoreCatalog], loadedBy: String, requestID: String?, logger: Logger) async {
    guard let store else { return }
    let now = ISO8601DateFormatter().string(from: Date())
    for catalog in catalogs {
      do {
        try await store.recordRevision(Self.newRevision(catalog, loadedBy: loadedBy, requestID: requestID), at: now)
      } catch {
        logger.error(
          "the catalog's revision could not be recorded",
          metadata: [
            "catalog": "\(catalog.id)", "revision": "\(catalog.revision)", "error": "\(HTTPAPI.logged(error))",
          ])
      }
    }
  }

  /// The revision `catalog` makes, its diff `rules diff --format json` writes (without users).
  static func newRevision(_ catalog: StoreCatalog, loadedBy: String, requestID: String?) -> NewRevision {
    let export = catalog.export
    return NewRevision(
      catalog: catalog.id, hash: catalog.revision, version: catalog.version, export: export, loadedBy: loadedBy,
      requestID: requestID,
      diff: { before in
        let old = (try? JSONReader.parse(before.utf8)) ?? .object([])
        let new = (try? JSONReader.parse(export.utf8)) ?? .object([])
        return DiffReport(diff: CatalogDiff(old: old, new: new), impact: nil).json.serialized(indent: nil)
      })
  }

  /// A revision as `GET /v1/admin/catalogs/{c}/revisions` lists it; `served`: the one served now.
  static func json(_ revision: CatalogRevisionRecord, served: Bool) -> JSONValue {
    .object([
      ("number", .int(revision.number)), ("hash", .string(revision.hash)), ("version", .int(revision.version)),
      ("loaded_at", .string(revision.loadedAt)), ("loaded_by", .string(revision.loadedBy)),
      ("request_id", revision.requestID.map(JSONValue.string) ?? .null),
      ("served", .bool(served)),
      ("diff", revision.diff.flatMap { try? JSONReader.parse($0.utf8) } ?? .null),
    ])
  }
}
