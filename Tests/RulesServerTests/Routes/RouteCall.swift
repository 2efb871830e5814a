import HTTPTypes

/// One request of the route tests: a method, a concrete path (with its query), who sends it
/// and its body.
struct RouteCall: Sendable, CustomStringConvertible {
  /// Who sends a request, and to which server.
  enum Caller: Sendable, Equatable, CustomStringConvertible {
    /// No `Authorization` header, to the server with tokens.
    case anonymous
    /// A token the server does not know (`Bearer wrong`).
    case wrongToken
    /// The admin token (`RULES_API_TOKEN`).
    case admin
    /// A user's JWT (`sub`), of every catalog or only of `catalogs`.
    case user(String, catalogs: [String]? = nil)
    /// No `Authorization` header, to a server without tokens (the loopback default).
    case openServer
    /// No `Authorization` header, to a server with tokens whose rate limit is one request an
    /// hour after a burst of one.
    case limited

    var description: String {
      switch self {
      case .anonymous: "no token"
      case .wrongToken: "a wrong token"
      case .admin: "the admin token"
      case .user(let user, let catalogs): "\(user)'s token" + (catalogs.map { " of \($0)" } ?? "")
      case .openServer: "a server without tokens"
      case .limited: "no token, at one request an hour"
      }
    }
  }

  var method: HTTPRequest.Method
  var path: String
  var caller: Caller = .admin
  var body: String?
  /// More request headers (`Accept-Language`, a big `Content-Length`).
  var headers: [String: String] = [:]

  init(
    _ method: HTTPRequest.Method, _ path: String, as caller: Caller = .admin, body: String? = nil,
    headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.caller = caller
    self.body = body
    self.headers = headers
  }

  /// The path without its query, as the API's messages name it.
  var pathOnly: String { String(path.prefix { $0 != "?" }) }

  var description: String { "\(method) \(path) (\(caller))" }

  /// The same request from `caller`.
  func from(_ caller: Caller) -> RouteCall {
    var call = self
    call.caller = caller
    return call
  }
}
