import ArgumentParser
import NIOCore

/// `serve --rate-limit N/s --burst M --trusted-proxy IP`.
struct RateLimitOptions: ParsableArguments {
  @Option(
    name: .customLong("rate-limit"),
    help: ArgumentHelp(
      "Requests a client may make: N/s (or N/min, N/h), per user token and per client address; off by default.",
      valueName: "N/s"))
  var rateLimit: String?
  @Option(help: "Requests a client may make at once with --rate-limit (default: N, at least 1).") var burst: Int?
  @Option(
    name: .customLong("trusted-proxy"),
    help: ArgumentHelp(
      "The address of a proxy in front (repeatable): --rate-limit takes the client's address from its X-Forwarded-For.",
      valueName: "IP"))
  var trustedProxies: [String] = []

  func validate() throws {
    if let rateLimit, RateLimit.rate(rateLimit) == nil {
      throw ValidationError("--rate-limit: '\(rateLimit)' is not a rate; write N/s, e.g. 5/s (or N/min, N/h)")
    }
    if let burst {
      if burst < 1 { throw ValidationError("--burst must be 1 or more") }
      if rateLimit == nil { throw ValidationError("--burst needs --rate-limit") }
    }
    for proxy in trustedProxies where (try? SocketAddress(ipAddress: proxy, port: 0)) == nil {
      throw ValidationError("--trusted-proxy: '\(proxy)' is not an IP address")
    }
  }

  /// `--rate-limit` and `--burst`, or nil.
  var limit: RateLimit? {
    guard let rate = rateLimit.flatMap(RateLimit.rate) else { return nil }
    return RateLimit(rate: rate, burst: burst ?? max(1, Int(rate.rounded(.up))))
  }

  /// `--trusted-proxy` as `SocketAddress.ipAddress` writes them (`::1`, not `0:0:...:1`).
  var proxies: Set<String> { Set(trustedProxies.compactMap { try? SocketAddress(ipAddress: $0, port: 0).ipAddress }) }

  /// The limiter of the options, or nil when rates are not limited.
  func limiter() -> RateLimiter? {
    limit.map { RateLimiter($0, trustedProxies: proxies) }
  }

  /// The console's sign-in attempts per client address, limited whatever `--rate-limit` says
  /// (`RateLimiter.signIn`).
  func signInLimiter() -> RateLimiter { RateLimiter(RateLimiter.signIn, trustedProxies: proxies) }

  /// For the log at start.
  var description: String { limit.map { "\($0.rate)/s burst \($0.burst)" } ?? "off" }
}
