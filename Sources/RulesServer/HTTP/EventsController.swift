import Foundation
import Hummingbird
import RulesBackend
import RulesStore

/// `GET /v1/events?after=ID&limit=N[&catalog=C&user=U&kind=K]` (admin): the event log after a
/// cursor, in id order: `{"events": [...], "next": ID}`; ask again with `after=next`.
extension HTTPAPI {
  func events(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let query = try Self.eventQuery(request)
    let events = try await stored { try await store.events(query) }
    let next = events.last?.id ?? query.after
    return Self.json(#"{"events":["# + events.map(eventJSON).joined(separator: ",") + #"],"next":\#(next)}"#)
  }

  static let maxEventsLimit = 1_000

  /// The query's parameters, or 400 `bad-parameter` naming the one that is wrong.
  static func eventQuery(_ request: Request) throws -> EventQuery {
    let parameters = try Self.query(
      request,
      codes: Dictionary(
        uniqueKeysWithValues: ["after", "limit", "catalog", "user", "kind"].map { ($0, "bad-parameter") }))
    func bad(_ message: String) -> APIError { APIError(.badRequest, "bad-parameter", message) }
    var query = EventQuery()
    if let text = parameters.get("after") {
      guard let after = Int64(text), after >= 0 else {
        throw bad("'after' must be an event id (a whole number from 0); found '\(text)'")
      }
      query.after = after
    }
    if let text = parameters.get("limit") {
      guard let limit = Int(text), (1...maxEventsLimit).contains(limit) else {
        throw bad("'limit' must be a whole number from 1 to \(maxEventsLimit); found '\(text)'")
      }
      query.limit = limit
    }
    if let text = parameters.get("catalog") {
      guard !text.isEmpty else { throw bad("'catalog' must be a catalog id; found nothing") }
      guard text.utf8.count <= 256 else {
        throw bad("'catalog' must be a catalog id of at most 256 bytes; found \(text.utf8.count)")
      }
      query.catalog = String(text)
    }
    if let text = parameters.get("user") {
      let user = String(text)
      if let problem = UserID.problem(user) { throw bad("'user': \(problem)") }
      query.user = user
    }
    if let text = parameters.get("kind") {
      guard EventDerivation.kinds.contains(String(text)) else {
        throw bad("'kind' must be one of \(EventDerivation.kinds.joined(separator: ", ")); found '\(text)'")
      }
      query.kind = String(text)
    }
    return query
  }
}
