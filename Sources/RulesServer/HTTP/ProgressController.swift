import Foundation
import Hummingbird
import Metrics
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// `GET /v1/catalogs/{catalog}/users/{user}/progress`: the user's evaluation as of a date (their
/// today without one), read without a lock, saving nothing; answered from `ProgressCache` when
/// the user's revision, the catalog served and the user's today are those it was made with.
struct ProgressController: Sendable {
  let api: HTTPAPI
  let cache: ProgressCache
  let hits = Counter(label: "rules_progress_cache_total", dimensions: [("result", "hit")])
  let misses = Counter(label: "rules_progress_cache_total", dimensions: [("result", "miss")])

  init(api: HTTPAPI, cache: ProgressCache = ProgressCache(capacity: ProgressCache.capacity())) {
    self.api = api
    self.cache = cache
  }

  /// What a read made: the answer, and the user it was made from.
  struct Made: Sendable {
    var check: UserCheck
    var user: LoadedUser
    var today: CalendarDay
  }

  func progress(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try api.catalog(context)
    let user = try api.user(context)
    // A user in a running experiment's variant is read under the variant's catalog.
    let armed = api.armed(control, user: user)
    let catalog = armed.catalog
    let asked = try HTTPAPI.query(request, codes: HTTPAPI.evaluationCodes).get("date").map { try api.day(String($0)) }
    let locale = try HTTPAPI.locale(request, catalog: catalog)
    // The arm is part of the key: an experiment started or stopped changes the answer (its
    // `experiment` key) without a write of the user's.
    let arm = armed.experiment.map { "/\($0.name)/\(armed.arm?.rawValue ?? "")" } ?? ""
    let key = ProgressCache.Key(catalog: catalog.id + arm, user: UserID.Key(user), date: asked, locale: locale)
    let store = api.store
    if cache.capacity > 0, let revision = try await revision(store, catalog: catalog.id, user: user),
      let body = cache.answer(key, catalog: catalog, revision: revision)
    {
      hits.increment()
      return Self.json(body)
    }
    // Read only, taking no lock: what the user has as of the date; the batch and PUT save states.
    let cache = cache
    let made: Made? = try await api.stored {
      try await store.evaluateReading(catalog: catalog.id, user: user) { loaded in
        guard let loaded, loaded.state != nil || !loaded.days.isEmpty else { return nil }
        let today = cache.today(loaded, in: catalog)
        let check = try UserEvaluation.read(loaded, catalog: catalog, on: asked ?? today, locale: locale)
        return Made(check: check, user: loaded, today: today)
      }
    }
    guard let made else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    api.evaluations.increment()
    misses.increment()
    let body = ByteBuffer(string: armed.json(made.check) + "\n")
    cache.keep(body, key, catalog: catalog, user: made.user, today: made.today)
    return Self.json(body)
  }

  /// The user's revision: read on this thread when the store can (SQLite), else awaited under
  /// the store calls' deadline.
  func revision(_ store: any StoreBackend, catalog: String, user: String) async throws -> Int64? {
    if case .value(let revision) = try store.revisionAtOnce(catalog: catalog, user: user) { return revision }
    return try await api.stored { try await store.revision(catalog: catalog, user: user) }
  }

  static func json(_ body: ByteBuffer) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
  }
}
