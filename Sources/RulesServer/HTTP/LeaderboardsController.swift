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
    let names = Standings.names(catalog) + catalog.validated.catalog.leaderboards.map(\.id)
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
    let query = try HTTPAPI.query(
      request, codes: ["limit": "bad-limit", "around": "bad-around", "period": "bad-period"])
    let limit = try Self.limit(query.get("limit").map { String($0) })
    let around = try Self.around(query.get("around").map { String($0) })
    let period = try Self.period(query.get("period").map { String($0) }, of: name, in: catalog)
    let store = try await standings(catalog)
    var board = try await api.stored {
      try await store.leaderboard(
        catalog: catalog.id, name: period.map { Standings.board(name, $0.id) } ?? name, limit: limit, around: around,
        in: period == nil ? .allTime : .period)
    }
    if let period, around == nil, board == nil {
      board = Leaderboard(catalog: catalog.id, name: name, entries: [])
    }
    board?.name = name
    if let period {
      board?.period = (period.id, period.start, CalendarDay(number: period.end.number - 1))
    }
    guard let board else {
      throw APIError(
        .notFound, "unknown-user",
        "'around': the leaderboard '\(name)' of '\(catalog.id)' has no user '\(around ?? "")' (not evaluated yet)")
    }
    return HTTPAPI.json(api.armedLeaderboard(board))
  }

  /// The period of a declared leaderboard that `?period=` names, or by default the one holding
  /// today's date in UTC (after the catalog's `day_starts_at`); nil for an all-time leaderboard,
  /// which takes no period (400 `bad-period`). A period not of the leaderboard's kind, or
  /// outside the years the engine handles: 400 `bad-period` with the form expected.
  static func period(_ text: String?, of name: String, in catalog: StoreCatalog, now: Date = Date()) throws -> Period? {
    let validated = catalog.validated.catalog
    guard let declared = validated.leaderboards.first(where: { $0.id == name }) else {
      if let text {
        throw APIError(
          .badRequest, "bad-period",
          "'period': the leaderboard '\(name)' is all-time and takes no period; found '\(text.prefix(40))'")
      }
      return nil
    }
    let kind = Period.Kind(rawValue: declared.period.rawValue) ?? .all
    let weekStart = validated.weekStarts
    guard let text else {
      let today = CalendarDay(now, in: TimeZone(identifier: "UTC")!, dayStartsAt: validated.dayStartsAt)
      return Period.containing(today, kind: kind, weekStart: weekStart)
    }
    guard let period = Period(id: text, kind: kind, weekStart: weekStart) else {
      let form: String =
        switch kind {
        case .day: "a date, YYYY-MM-DD (2026-05-09)"
        case .week: "a week, YYYY-Www (2026-W22)"
        case .month: "a month, YYYY-MM (2026-05)"
        case .hijriMonth: "a Hijri month, YYYY-MM (1447-09)"
        case .all: "'all'"
        }
      let starts =
        kind == .all
        ? "never starts again"
        : "starts again each \(declared.period.rawValue.replacingOccurrences(of: "_", with: " "))"
      throw APIError(
        .badRequest, "bad-period",
        "'period': the leaderboard '\(name)' \(starts); its period is \(form) within the years the engine handles; found '\(text.prefix(40))'"
      )
    }
    return period
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
