import Hummingbird
import Logging
import Metrics

/// Who may call what, and how often: every route but the probes (/healthz, /readyz). A
/// method or path the API does not have is answered 405 or 404 before any token is asked for.
///
/// The request's token is checked first (`Authenticator`), then its rate (`RateLimiter`,
/// with `--rate-limit`): a user token's bucket is its `sub`'s, a request without a valid
/// token (or to a server without tokens) its client address's (behind a `--trusted-proxy`,
/// the address the proxy names in X-Forwarded-For); the admin token is not
/// limited. Then the route: a user token opens only its user's routes (`Principal.may`).
/// A refused token is 401 `unauthorized` with no detail (the reason goes to the log), a
/// route the token does not open 403 `forbidden`, a drained bucket 429 `rate-limited`.
struct AccessMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  let authenticator: Authenticator
  let limiter: RateLimiter?
  let limited = Counter(label: "rules_rate_limited_total")

  static let exempt: Set<String> = ["/healthz", "/readyz"]

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
    if Self.exempt.contains(request.uri.path) || !HTTPAPI.allowedMethods(request.uri.path).contains(request.method) {
      return try await next(request, context)
    }
    let outcome = await authenticator.authenticate(request.headers[.authorization])

    var limitHeaders = HTTPFields()
    if let limiter {
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
      if principal.may(request.method, endpoint: context.endpointPath, parameters: context.parameters) {
        refused = nil
      } else {
        context.logger.info("forbidden", metadata: ["route": "\(context.endpointPath ?? request.uri.path)"])
        refused = APIError(.forbidden, "forbidden", "this token does not open \(request.method) \(request.uri.path)")
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
