import Hummingbird

/// The routes of the API, one entry each (`Route`), and everything derived from them: the
/// router, the methods of a path (405 and its `Allow`) and the route a request matched (the
/// access check and the rate limiter). A handler not in the table is not served.
struct RouteTable: Sendable {
  let routes: [Route]
  /// The routes by the router's endpoint path (what `RequestContext.endpointPath` holds once a
  /// route matched) and method.
  private let byEndpoint: [String: [HTTPRequest.Method: Route]]

  init(_ routes: [Route]) {
    var byEndpoint: [String: [HTTPRequest.Method: Route]] = [:]
    for route in routes {
      let endpoint = route.routerPath.description
      precondition(byEndpoint[endpoint]?[route.method] == nil, "\(route.method) \(route.path) is in the table twice")
      byEndpoint[endpoint, default: [:]][route.method] = route
    }
    self.routes = routes
    self.byEndpoint = byEndpoint
  }

  /// The route the router matched (`endpoint`: the request context's `endpointPath`) for
  /// `method`; nil when no route has the path and method.
  func route(endpoint: String?, method: HTTPRequest.Method) -> Route? {
    endpoint.flatMap { byEndpoint[$0]?[method] }
  }

  /// The routes of the (canonical) `path`, whatever their method, in the table's order.
  func routes(of path: String) -> [Route] {
    let segments = path.split(separator: "/")
    return routes.filter { route in
      let pattern = route.path.split(separator: "/")
      return pattern.count == segments.count
        && zip(pattern, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
    }
  }

  /// The methods the (canonical) `path` has routes for, in the table's order; empty for a path
  /// no route has.
  func allowedMethods(_ path: String) -> [HTTPRequest.Method] { routes(of: path).map(\.method) }

  /// Whether `path` has routes and all of them are public: another method on it is 405 for
  /// anyone, as the path's own answer is anyone's.
  func isPublic(_ path: String) -> Bool {
    let found = routes(of: path)
    return !found.isEmpty && found.allSatisfy { $0.access == .public }
  }

  /// The router of the table's routes behind `middlewares` (outermost first).
  func router(middlewares: [any MiddlewareProtocol<Request, Response, APIRequestContext>]) -> Router<APIRequestContext>
  {
    let router = Router(context: APIRequestContext.self)
    for middleware in middlewares { router.add(middleware: middleware) }
    for route in routes {
      let handler = route.handler
      router.on(route.routerPath, method: route.method) { request, context -> Response in
        // Every route's path parameters pass the same checks before its handler reads them.
        try HTTPAPI.checkPathParameters(context)
        return try await handler(request, context)
      }
    }
    return router
  }
}
