import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// `PUT` and `DELETE /v1/catalogs/{catalog}/users/{user}/pauses/{from}` (the user's own token
/// or admin): a pause of the user's `pausable` streaks from `from` through the body's `to`,
/// held to the catalog's `pauses` (its cap, and how far back a pause may start: today by
/// default). Both answer the user's pauses as they are now.
extension HTTPAPI {
  func putPause(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    let from = try day(context.parameters.get("from") ?? "")
    var to: CalendarDay?
    for (key, value) in try await object(request) {
      switch (key, value) {
      case ("to", .string(let text)): to = try day(text)
      case ("to", _):
        throw APIError(.badRequest, "bad-value", "'to' must be a date, YYYY-MM-DD; found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field", "unknown field '\(key)'; the body holds 'to', the last paused day")
      }
    }
    guard let to else {
      throw APIError(.badRequest, "missing-field", "the body needs 'to', the last paused day (YYYY-MM-DD)")
    }
    guard from <= to else {
      throw APIError(
        .badRequest, "bad-value", "'to' (\(to)) is before the pause's first day (\(from)); 'to' is the last paused day")
    }
    let pause = Pause(from: from, to: to)
    let pauses = try await written {
      try await store.changePauses(catalog: catalog.id, user: user) { loaded in
        // A refusal is the request's, not the store's: it does not make the server unready.
        try Self.evaluating {
          let existing = loaded?.pauses ?? []
          // The same pause again changes nothing (a PUT is idempotent): no write, no new revision.
          if existing.contains(pause) { return nil }
          let others = existing.filter { $0.from != from }
          if others.count >= PauseList.maxPerUser {
            throw APIError(
              .conflict, "pause-refused",
              "the user holds \(others.count) pauses, the most a user may hold (\(PauseList.maxPerUser)); delete one first"
            )
          }
          let today = FutureDays.system.today(for: loaded, in: catalog)
          if let problem = catalog.engine.pauseProblem(pause, existing: others, today: today) {
            throw APIError(.conflict, "pause-refused", problem)
          }
          let replaced = existing.first { $0.from == from }
          return ((others + [pause]).sorted(), min(from, replaced?.from ?? from))
        }
      }
    }
    return Self.json(Self.pausesAnswer(catalog: catalog.id, user: user, pauses))
  }

  func deletePause(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    let from = try day(context.parameters.get("from") ?? "")
    let pauses = try await written {
      try await store.changePauses(catalog: catalog.id, user: user) { loaded in
        try Self.evaluating {
          let existing = loaded?.pauses ?? []
          guard existing.contains(where: { $0.from == from }) else {
            throw APIError(
              .notFound, "unknown-pause",
              "the user '\(user)' has no pause from \(from) in the catalog '\(catalog.id)'")
          }
          return (existing.filter { $0.from != from }, from)
        }
      }
    }
    return Self.json(Self.pausesAnswer(catalog: catalog.id, user: user, pauses))
  }

  /// `{"catalog": C, "user": U, "pauses": [{"from": D, "to": D}, ...]}`, in date order.
  static func pausesAnswer(catalog: String, user: String, _ pauses: [Pause]) -> String {
    JSONValue.object([
      ("catalog", .string(catalog)), ("user", .string(user)),
      (
        "pauses",
        .array(pauses.map { .object([("from", .string($0.from.description)), ("to", .string($0.to.description))]) })
      ),
    ]).serialized(indent: nil)
  }
}
