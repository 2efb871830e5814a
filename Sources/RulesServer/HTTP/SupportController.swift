import Foundation
import Hummingbird
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// `POST /v1/catalogs/{catalog}/users/{user}/freezes` and
/// `POST /v1/catalogs/{catalog}/users/{user}/streaks/{name}/restore` (admin only): support's
/// tools (`StreakSupport`). Each answers 201 with everything support has given the user, the
/// new entry last, and tells its event (`freeze.granted`, `streak.restored`). The same restore
/// again, or a grant with an `Idempotency-Key` given before, writes nothing and answers the
/// same. A user in a running experiment's variant is checked and counted under the variant's
/// catalog.
extension HTTPAPI {
  func postFreezes(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let user = try user(context)
    // A user in an experiment's variant is given support under the variant's catalog.
    let catalog = armed(try catalog(context), user: user).catalog
    var streak: String?
    var count: Int?
    var reason: String?
    for (key, value) in try await object(request) {
      // A whole number written with a fraction (`2.0`) is the integer, as JSON Schema reads it.
      var value = value
      if case .number(let number) = value, let whole = Int(exactly: number) { value = .int(whole) }
      switch (key, value) {
      case ("streak", .string(let text)): streak = text
      case ("count", .int(let number)):
        guard (1...FreezeGrant.maxCount).contains(number) else {
          throw APIError(.badRequest, "bad-value", "'count' must be from 1 to \(FreezeGrant.maxCount); found \(number)")
        }
        count = number
      case ("reason", .string(let text)): reason = try Self.reason(text)
      case ("streak", _), ("reason", _):
        throw APIError(.badRequest, "bad-value", "'\(key)' must be a string; found \(value.kindDescription)")
      case ("count", _):
        throw APIError(
          .badRequest, "bad-value",
          "'count' must be an integer from 1 to \(FreezeGrant.maxCount); found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field",
          "unknown field '\(key)'; the body holds 'streak', 'count' and 'reason'")
      }
    }
    guard let streak, let count, let reason else {
      let missing = [("streak", streak == nil), ("count", count == nil), ("reason", reason == nil)]
        .filter(\.1).map { "'\($0.0)'" }
      throw APIError(
        .badRequest, "missing-field",
        "the body needs \(missing.joined(separator: " and ")): the streak, how many freezes, and why")
    }
    let key = try Self.idempotencyKey(request)
    let store = store
    let change = try await written {
      try await Self.refusing {
        try await StreakSupport.grant(
          streak: streak, count: count, reason: reason, user: user, catalog: catalog, store: store, key: key)
      }
    }
    return Self.json(Self.supportAnswer(catalog: catalog.id, user: user, change.support), status: .created)
  }

  func postRestore(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let user = try user(context)
    let catalog = armed(try catalog(context), user: user).catalog
    let raw = context.parameters.get("name") ?? ""
    let streak = raw.removingPercentEncoding ?? raw
    var through: CalendarDay?
    var reason: String?
    for (key, value) in try await object(request) {
      switch (key, value) {
      case ("through", .string(let text)): through = try day(text)
      case ("reason", .string(let text)): reason = try Self.reason(text)
      case ("through", _):
        throw APIError(.badRequest, "bad-value", "'through' must be a date, YYYY-MM-DD; found \(value.kindDescription)")
      case ("reason", _):
        throw APIError(.badRequest, "bad-value", "'reason' must be a string; found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field", "unknown field '\(key)'; the body holds 'through' and 'reason'")
      }
    }
    guard let through, let reason else {
      let missing = [("through", through == nil), ("reason", reason == nil)].filter(\.1).map { "'\($0.0)'" }
      throw APIError(
        .badRequest, "missing-field",
        "the body needs \(missing.joined(separator: " and ")): the last day to restore (YYYY-MM-DD) and why")
    }
    let store = store
    let change = try await written {
      try await Self.refusing {
        try await StreakSupport.restore(
          streak: streak, through: through, reason: reason, user: user, catalog: catalog, store: store)
      }
    }
    return Self.json(Self.supportAnswer(catalog: catalog.id, user: user, change.support), status: .created)
  }

  static let idempotencyHeader = HTTPFields.Element.Name("Idempotency-Key")!

  /// A grant's `Idempotency-Key` (1 to 255 visible ASCII characters), nil without one, or 400
  /// `bad-value`: the same key again for the user is the grant it was given with, not another.
  static func idempotencyKey(_ request: Request) throws -> String? {
    guard let key = request.headers[idempotencyHeader] else { return nil }
    guard (1...255).contains(key.utf8.count), key.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw APIError(
        .badRequest, "bad-value", "the Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)")
    }
    return key
  }

  /// A reason (`StreakSupport.reason`), or 400 `bad-value`.
  static func reason(_ text: String) throws -> String {
    guard let reason = StreakSupport.reason(text) else {
      let empty = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
      throw APIError(
        .badRequest, "bad-value",
        "'reason' must say why, in 1 to \(StreakSupport.maxReason) characters; found \(empty ? "none" : "\(text.unicodeScalars.count)")"
      )
    }
    return reason
  }

  /// `work`, with a refusal answered as the request's error (not a failed write):
  /// 404 `unknown-user` or `unknown-streak`, 400 `future-date`, 409 `support-refused`.
  static func refusing<R: Sendable>(_ work: () async throws -> R) async throws -> R {
    do {
      return try await work()
    } catch let refusal as SupportRefusal {
      let error: APIError =
        switch refusal.kind {
        case .unknownUser: APIError(.notFound, "unknown-user", refusal.message)
        case .unknownStreak: APIError(.notFound, "unknown-streak", refusal.message)
        case .futureDate: APIError(.badRequest, "future-date", refusal.message)
        case .refused: APIError(.conflict, "support-refused", refusal.message)
        case .idempotencyConflict: APIError(.conflict, "idempotency-conflict", refusal.message)
        }
      throw EvaluationFailure(underlying: error)
    }
  }

  /// `{"catalog": C, "user": U, "freeze_grants": [...], "restores": [...]}`, each in the order given.
  static func supportAnswer(catalog: String, user: String, _ support: UserSupport) -> String {
    func time(_ millis: Int64) -> JSONValue {
      .string(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(millis) / 1000)))
    }
    return JSONValue.object([
      ("catalog", .string(catalog)), ("user", .string(user)),
      (
        "freeze_grants",
        .array(
          support.grants.map {
            .object([
              ("streak", .string($0.grant.streak)), ("count", .int($0.grant.count)),
              ("date", .string($0.grant.date.description)), ("reason", .string($0.grant.reason)), ("at", time($0.at)),
            ])
          })
      ),
      (
        "restores",
        .array(
          support.restores.map {
            .object([
              ("streak", .string($0.restore.streak)), ("from", .string($0.restore.from.description)),
              ("through", .string($0.restore.through.description)), ("reason", .string($0.restore.reason)),
              ("at", time($0.at)),
            ])
          })
      ),
    ]).serialized(indent: nil)
  }
}
