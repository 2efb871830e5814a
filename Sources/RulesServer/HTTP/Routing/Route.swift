import Hummingbird

/// One route of the HTTP API: the only way a handler is served. The router, the 405 answers
/// and their `Allow`, the access check, the rate limiter and the test that holds
/// docs/openapi.yaml to the API all read the table of these (`HTTPAPI.routes`), so a route
/// cannot be served without saying who may call it.
struct Route: Sendable {
  typealias Handler = @Sendable (Request, APIRequestContext) async throws -> Response

  let method: HTTPRequest.Method
  /// The path as docs/openapi.yaml spells it: `/v1/catalogs/{catalog}/users/{user}`.
  let path: String
  /// Who may call it.
  let access: RouteAccess
  /// Which bucket of the rate limiter a call takes from.
  let rateLimit: RateLimitClass
  let handler: Handler

  init(
    _ method: HTTPRequest.Method, _ path: String, _ access: RouteAccess,
    rateLimit: RateLimitClass? = nil, _ handler: @escaping Handler
  ) {
    self.method = method
    self.path = path
    self.access = access
    self.rateLimit = rateLimit ?? (access == .public ? .exempt : .caller)
    self.handler = handler
  }

  /// The path as Hummingbird's router takes it (it reads `{name}` as a parameter too); its
  /// description is the request context's `endpointPath` once the route has matched.
  var routerPath: RouterPath { RouterPath(path) }
}

/// Who may call a route (docs/store.md, "What a token opens").
enum RouteAccess: Sendable, Equatable {
  /// Anyone, without a token: the probes.
  case `public`
  /// The admin token (`RULES_API_TOKEN`, or a JWT with the admin scope); a server without
  /// tokens (loopback only) serves it to anyone. What sees the whole user base but changes
  /// nothing: metrics, the catalogs, stats.
  case adminOrOpen
  /// The admin token only: a server without tokens answers 403 (it changes or deletes what
  /// users stored, or reads every user's events).
  case admin
  /// The admin token, or a user's JWT whose `sub` is the path's `{user}` (compared by bytes)
  /// in a catalog of its `catalogs` claim.
  case ownUser
  /// The admin token, or a user's JWT that opens the path's `{catalog}`: what an app shows
  /// every user of a catalog (the leaderboards).
  case catalogUser
}

/// The rate limiter's treatment of a route's calls.
enum RateLimitClass: Sendable, Equatable {
  /// Never limited: the probes, which a load balancer calls often.
  case exempt
  /// From the caller's bucket: a user token's `sub`, else the client's address; the admin
  /// token is not limited.
  case caller
}
