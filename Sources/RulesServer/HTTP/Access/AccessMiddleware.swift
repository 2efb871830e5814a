import Hummingbird
import Logging
import Metrics

/// Who may call what, and how often, decided from the route the router matched (`RouteTable`),
/// never from the path as written: the path is canonical before the router reads it
/// (`CanonicalPath`), and the route's declared access is the only list there is.
///
/// A public route (the probes) passes, and so does another method on a path whose routes are
/// all public (405). Every other request, a path or method the API does not have included (it
/// is answered 404 or 405 after this), has its token checked first
/// (`Authenticator`), then its rate (`RateLimiter`, with `--rate-limit`): a user token's bucket
/// is its `sub`'s, a request without a valid token (or to a server without tokens) its client
/// address's (behind a `--trusted-proxy`, the address the proxy names in X-Forwarded-For); the
/// admin token is not limited. Then the route's access (`Principal.may`). A refused token is
/// 401 `unauthorized` with no detail (the reason goes to the log), a route the token does not
/// open 403 `forbidden`, a drained bucket 429 `rate-limited`.
struct AccessMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  let authenticator: Authenticator
  let limiter: RateLimiter?
  let table: RouteTable
  /// The console's routes admit a browser by its session cookie (`ConsoleGate`).
  let console: ConsoleGate
  let limited = Counter(label: "rules_rate_limited_total")

  static let rateLimitPolicy = HTTPFields.Element.Name("RateLimit-Policy")!
  static let rateLimit = HTTPFields.Element.Name("RateLimit")!
  static let retryAfter = HTTPFields.Element.Name("Retry-After")!
  static let forwardedFor = HTTPFields.Element.Name("X-Forwarded-For")!

  var unauthorized: APIError {
    APIError(
      .unauthorized, "unauthorized",
      authenticator.keys == nil
        ? "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN)"
        : "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN or a valid JWT)")
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    // nil: no route has this path and method; it is answered 404 or 405 once the caller is known.
    let route = table.route(endpoint: context.endpointPath, method: request.method)
    // A public route, or another method on a path whose routes are all public (405 for anyone).
    if route?.access == .public || (route == nil && table.isPublic(request.uri.path)) {
      return try await next(request, context)
    }
    var outcome = await authenticator.authenticate(request.headers[.authorization])
    // A console page without a bearer token: the session's cookie, and a form's CSRF token.
    var request = request
    if route?.isConsole ?? ConsoleGate.isConsole(request.uri.path), request.headers[.authorization] == nil {
      switch await console.admit(request) {
      case .admitted(let admitted):
        request = admitted
        outcome = .success(.admin)
      case .refused(let response): return response
      }
    }

    var limitHeaders = HTTPFields()
    if let limiter, route?.rateLimit ?? .caller == .caller {
      let key: String?
      switch outcome {
      case .success(.admin): key = nil
      case .success(.user(let user, _)): key = "user:" + user
      case .success(.open), .failure:
        let forwarded = request.headers[values: Self.forwardedFor]
        key = RateLimiter.addressKey(limiter.client(peer: context.remoteAddress, forwardedFor: forwarded))
      }
      if let key {
        let policy = key.hasPrefix("user:") ? "user" : "address"
        limitHeaders[Self.rateLimitPolicy] = "\"\(policy)\";q=\(limiter.limit.burst);w=\(limiter.limit.window)"
        switch await limiter.take(key) {
        case .allowed(let remaining, let reset):
          limitHeaders[Self.rateLimit] = "\"\(policy)\";r=\(remaining);t=\(reset)"
        case .limited(let wait):
          limited.increment()
          context.logger.debug("rate limited", metadata: ["policy": "\(policy)", "retry_after": "\(wait)"])
          var response = try APIError(
            .tooManyRequests, "rate-limited", "too many requests; try again in \(wait) s"
          ).response(from: request, context: context)
          response.headers.append(contentsOf: limitHeaders)
          response.headers[Self.rateLimit] = "\"\(policy)\";r=0;t=\(wait)"
          response.headers[Self.retryAfter] = "\(wait)"
          return response
        }
      }
    }

    let refused: APIError?
    switch outcome {
    case .failure(let refusal):
      context.logger.info("unauthorized", metadata: ["reason": "\(refusal.rawValue)"])
      refused = unauthorized
    case .success(let principal):
      if let route, !principal.may(route.access, parameters: context.parameters) {
        context.logger.info("forbidden", metadata: ["route": "\(route.method) \(route.path)"])
        refused =
          principal == .open
          ? APIError(.forbidden, "forbidden", "this route needs the admin token; the server has no RULES_API_TOKEN set")
          : APIError(.forbidden, "forbidden", "this token does not open \(request.method) \(request.uri.path)")
      } else {
        refused = nil
      }
    }
    if let refused {
      if limitHeaders.isEmpty { throw refused }
      var response = try refused.response(from: request, context: context)
      response.headers.append(contentsOf: limitHeaders)
      return response
    }

    if limitHeaders.isEmpty { return try await next(request, context) }
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as APIError {
      response = try error.response(from: request, context: context)
    }
    response.headers.append(contentsOf: limitHeaders)
    return response
  }
}
