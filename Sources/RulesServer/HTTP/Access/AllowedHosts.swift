import Hummingbird

/// The `Host` names a server without a token answers to (issue #52: DNS rebinding). A page of
/// another site can make a browser resolve its own name to 127.0.0.1 and then read what a
/// server on loopback answers it, unless the server refuses a `Host` that is not its own: the
/// studio and `serve` without `RULES_API_TOKEN` answer only `localhost`, `127.0.0.1` and `[::1]`
/// (any port), and the names given with `--allowed-host`. A request without `Host` (no browser
/// sends one) is answered.
struct AllowedHosts: Sendable {
  static let loopback: Set<String> = ["localhost", "127.0.0.1", "::1"]

  let names: Set<String>

  init(extra: [String] = []) {
    names = Self.loopback.union(extra.map { Self.name(of: $0) ?? $0.lowercased() })
  }

  /// The host of a `Host` value, without its port and an IPv6 address's brackets, lowercased,
  /// without a final dot; nil when it is not one.
  static func name(of authority: String) -> String? {
    var host = Substring(authority.lowercased())
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return nil }
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
      return String(host[host.index(after: host.startIndex)..<close])
    }
    if let colon = host.lastIndex(of: ":") {
      guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
      host = host[..<colon]
    }
    if host.hasSuffix(".") { host = host.dropLast() }
    return host.isEmpty ? nil : String(host)
  }

  /// Whether a request with this `Host` (nil: none) is answered.
  func allows(_ authority: String?) -> Bool {
    guard let authority else { return true }
    guard let name = Self.name(of: authority) else { return false }
    return names.contains(name)
  }

  /// The answer to a request whose `Host` is not allowed: 421.
  func refusal(_ authority: String) -> APIError {
    APIError(
      .misdirectedRequest, "bad-host",
      "the Host '\(authority.prefix(80))' is not this server's: without RULES_API_TOKEN it answers only localhost, 127.0.0.1 and [::1] (and the names of --allowed-host)"
    )
  }
}

/// `AllowedHosts` as a middleware of `serve` without a token.
struct AllowedHostsMiddleware<Context: RequestContext>: RouterMiddleware {
  let hosts: AllowedHosts

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    if let authority = request.head.authority, !hosts.allows(authority) { throw hosts.refusal(authority) }
    return try await next(request, context)
  }
}
