import Foundation
import Hummingbird
import Logging
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// The admin routes of catalog revisions: every revision of a catalog the store has served,
/// and an earlier one served again (docs/store.md, "Catalog revisions").
struct RevisionsController: Sendable {
  let api: HTTPAPI

  /// `GET /v1/admin/catalogs/{catalog}/revisions`: the catalog's revisions, oldest first, each
  /// with the diff against the one before; the one served now says so.
  func list(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let revisions = try await api.stored { try await api.store.revisions(catalog: catalog.id) }
    return HTTPAPI.json(
      JSONValue.object([
        ("catalog", .string(catalog.id)), ("served", .string(catalog.revision)),
        (
          "revisions",
          .array(revisions.map { ServedCatalogs.json($0, served: $0.hash == catalog.revision) })
        ),
      ]).serialized(indent: nil))
  }

  /// `POST /v1/admin/catalogs/{catalog}/revisions/{hash}/restore`: the revision served again,
  /// through the same checks as a reload (a catalog that cannot read what the store holds is
  /// refused, and the one served stays); recorded as a new revision (`restore`). The answer is
  /// the reload's, for the one catalog.
  func restore(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let hash = context.parameters.get("hash") ?? ""
    guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
      throw APIError(
        .badRequest, "bad-revision",
        "'\(hash)' is not a revision; a revision is the 64 lowercase hex digits of its hash (GET /v1/admin/catalogs/\(catalog.id)/revisions lists them)"
      )
    }
    guard let revision = try await api.stored({ try await api.store.revision(catalog: catalog.id, hash: hash) }),
      let export = revision.export
    else {
      throw APIError(
        .notFound, "unknown-revision",
        "the catalog '\(catalog.id)' has no revision \(hash); GET /v1/admin/catalogs/\(catalog.id)/revisions lists them"
      )
    }
    let restored: StoreCatalog
    do {
      restored = StoreCatalog(try Engine(exportedCatalog: Data(export.utf8)).catalog)
    } catch {
      throw APIError(
        .unprocessableContent, "catalog-invalid",
        "the revision \(hash) of '\(catalog.id)' cannot be served by this build: \(error)")
    }
    do throws(ServedCatalogs.Refusal) {
      let reloaded = try await api.served.reload(
        logger: api.logger, restoring: restored, loadedBy: "restore", requestID: Self.requestID(context))
      api.logger.notice(
        "catalog revision restored", metadata: ["catalog": "\(catalog.id)", "revision": "\(hash)"])
      return HTTPAPI.json(ServedCatalogs.json(reloaded))
    } catch let refusal {
      if refusal.storeFailed {
        throw APIError(
          .serviceUnavailable, "store-unavailable",
          "the revision was not restored; the catalog served is unchanged: the store could not be read to check it; try again later"
        )
      }
      throw APIError(
        .unprocessableContent, "catalog-invalid",
        "the revision was not restored; the catalog served is unchanged: " + refusal.problems.joined(separator: "\n"))
    }
  }

  /// The request's X-Request-Id (`RequestIDMiddleware`).
  static func requestID(_ context: APIRequestContext) -> String? {
    if case .string(let id) = context.logger[metadataKey: "hb.request.id"] { return id }
    return nil
  }
}
