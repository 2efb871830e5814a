import HTTPTypes
import Testing

@testable import RulesServer

/// The tests of one route of the table (`HTTPAPI.routes`): its good answers, and every bad
/// input it has with its exact answer. `RouteCases.all` lists one for each route, and
/// `RouteSuiteTests` runs each on both stores and holds the list to the table.
struct RouteCase: Sendable, CustomTestStringConvertible {
  let method: HTTPRequest.Method
  /// The path as the table (and docs/openapi.yaml) spells it.
  let path: String
  /// Who may call it, as the contract says (the table must say the same).
  let access: RouteAccess
  /// Its rate-limit class, as the contract says.
  let rateLimit: RateLimitClass
  /// A request the route answers 200 with the admin token: the refusals of the route's access
  /// (no token, another user's, a user's on an admin route, another method) are made from it.
  let sample: RouteCall
  /// The good answers, checked with `#expect`.
  let answers: @Sendable (RouteHarness) async throws -> Void
  /// The route's own bad inputs (after `answers`), each with its exact answer; none may
  /// change what is stored.
  let refusals: @Sendable (RouteHarness) async throws -> [Refusal]
  /// Catalogs served beside the shipped ones (file name: YAML), for a route the shipped ones
  /// do not show.
  let catalogs: [String: String]

  init(
    _ method: HTTPRequest.Method, _ path: String, _ access: RouteAccess, rateLimit: RateLimitClass? = nil,
    catalogs: [String: String] = [:], sample: RouteCall,
    answers: @escaping @Sendable (RouteHarness) async throws -> Void,
    refusals: @escaping @Sendable (RouteHarness) async throws -> [Refusal] = { _ in [] }
  ) {
    self.catalogs = catalogs
    self.method = method
    self.path = path
    self.access = access
    self.rateLimit = rateLimit ?? (access == .public ? .exempt : .caller)
    self.sample = sample
    self.answers = answers
    self.refusals = refusals
  }

  /// `METHOD /path`, as the table's routes are compared.
  var key: String { "\(method.rawValue) \(path)" }

  var testDescription: String { key }

  static let unauthorized = "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN or a valid JWT)"
  static let bearer = ["WWW-Authenticate": "Bearer"]
  static let insufficientScope = ["WWW-Authenticate": #"Bearer error="insufficient_scope""#]

  /// The refusals the route's access makes of `sample`: a missing or wrong token (401), a
  /// user's token where it does not open the route (403), an admin route on a server without
  /// tokens (403), and a method the path does not have (405 with `Allow`: `allowed`).
  func accessRefusals(allowed: [HTTPRequest.Method]) -> [Refusal] {
    var refusals: [Refusal] = []
    let notOpened = "this token does not open \(method) \(sample.pathOnly)"
    if access != .public {
      refusals += [
        Refusal("no token", sample.from(.anonymous), 401, "unauthorized", Self.unauthorized, headers: Self.bearer),
        Refusal(
          "a wrong token", sample.from(.wrongToken), 401, "unauthorized", Self.unauthorized, headers: Self.bearer),
      ]
    }
    switch access {
    case .public: break
    case .admin, .adminOrOpen:
      refusals.append(
        Refusal(
          "a user's token on a route that is not a user's", sample.from(.user("alice")), 403, "forbidden", notOpened,
          headers: Self.insufficientScope))
    case .ownUser:
      refusals.append(
        Refusal(
          "another user's token", sample.from(.user("bob")), 403, "forbidden", notOpened,
          headers: Self.insufficientScope))
    case .catalogUser: break
    }
    if access == .ownUser || access == .catalogUser {
      refusals.append(
        Refusal(
          "a user's token of another catalog", sample.from(.user("alice", catalogs: ["rizq"])), 403, "forbidden",
          notOpened, headers: Self.insufficientScope))
    }
    if access == .admin {
      refusals.append(
        Refusal(
          "an admin route on a server without tokens", sample.from(.openServer), 403, "forbidden",
          "this route needs the admin token; the server has no RULES_API_TOKEN set", headers: Self.insufficientScope))
    }
    var other = sample
    other.method = .patch
    other.body = nil
    let methods = allowed.map(\.rawValue).joined(separator: ", ")
    refusals.append(
      Refusal(
        "a method the path does not have", other, 405, "method-not-allowed",
        "PATCH is not allowed on \(sample.pathOnly); it allows \(methods)", headers: ["Allow": methods]))
    return refusals
  }
}
