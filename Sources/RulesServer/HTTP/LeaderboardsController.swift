import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import Synchronization

/// `GET /v1/catalogs/{catalog}/leaderboards/{name}` and `GET /v1/catalogs/{catalog}/stats`:
/// read from the store's standings (docs/store.md), each user as of their last evaluation.
/// A user's JWT of the catalog reads its leaderboards (an app shows them); stats need the
/// admin token (a user token: 403), as they count the whole user base (`Principal`).
struct LeaderboardsController: Sendable {
  static let defaultLimit = 10
  static let maxLimit = 100

  let api: HTTPAPI
  /// The catalogs (id and version) whose standings are known filled (`fillStandings`).
  let filled = Filled()

  final class Filled: Sendable {
    let keys = Mutex<Set<String>>([])
  }

  /// The store's standings, filled for this version of the catalog first (once per process
  /// and version; the server fills them at start, this catches a reloaded catalog).
  func standings(_ catalog: StoreCatalog) async throws -> any StoreBackend {
    let store = api.store
    let key = "\(catalog.id)#\(catalog.version)"
    if !filled.keys.withLock({ $0.contains(key) }) {
      _ = try await api.stored { try await store.fillStandings(catalog: catalog) }
      filled.keys.withLock { _ = $0.insert(key) }
    }
    return store
  }

  /// The leaderboard the path names (`{name}`, percent-decoded), one of the catalog's; else 404
  /// `unknown-leaderboard` listing them. The API's route and the console's page both ask here.
  static func leaderboardName(_ context: APIRequestContext, in catalog: StoreCatalog) throws -> String {
    let raw = context.parameters.get("name") ?? ""
    let name = raw.removingPercentEncoding ?? raw
    let names = Standings.names(catalog)
    guard names.contains(name) else {
      throw APIError(
        .notFound, "unknown-leaderboard",
        "the catalog '\(catalog.id)' has no leaderboard '\(name)'; its leaderboards are "
          + names.joined(separator: ", "))
    }
    return name
  }

  func leaderboard(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let name = try Self.leaderboardName(context, in: catalog)
    let query = try HTTPAPI.query(request, codes: ["limit": "bad-limit", "around": "bad-around"])
    let limit = try Self.limit(query.get("limit").map { String($0) })
    let around = try Self.around(query.get("around").map { String($0) })
    let store = try await standings(catalog)
    let board = try await api.stored {
      try await store.leaderboard(catalog: catalog.id, name: name, limit: limit, around: around)
    }
    guard let board else {
      throw APIError(
        .notFound, "unknown-user",
        "'around': the leaderboard '\(name)' of '\(catalog.id)' has no user '\(around ?? "")' (not evaluated yet)")
    }
    return HTTPAPI.json(api.armedLeaderboard(board))
  }

  static func limit(_ text: String?) throws -> Int {
    guard let text else { return defaultLimit }
    guard let value = Int(text), (1...maxLimit).contains(value) else {
      throw APIError(
        .badRequest, "bad-limit", "'limit' must be an integer from 1 to \(maxLimit); found '\(text.prefix(40))'")
    }
    return value
  }

  static func around(_ text: String?) throws -> String? {
    guard let text else { return nil }
    if let problem = UserID.problem(text) { throw APIError(.badRequest, "bad-around", "'around': \(problem)") }
    return text
  }

  func stats(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let date = try HTTPAPI.query(request, codes: ["date": "bad-date"]).get("date").map { text in
      if let problem = CalendarDay.problem(with: String(text)) {
        throw APIError(.badRequest, "bad-date", "'date': \(problem)")
      }
      return CalendarDay.parsed(String(text))!
    }
    let store = try await standings(catalog)
    let streaks = catalog.validated.catalog.streaks.map(\.name)
    let stats = try await api.stored { try await store.stats(catalog: catalog.id, date: date, streaks: streaks) }
    return HTTPAPI.json(stats.json)
  }
}
