import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import RulesStore
import ServiceLifecycle

struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the HTTP API (docs/openapi.yaml) over a store.",
    discussion: """
      With RULES_API_TOKEN set, every route but /healthz needs Authorization: Bearer TOKEN; \
      without it, the server listens on loopback only. With RULES_JWT_SECRET (HS256) or \
      RULES_JWT_PUBLIC_KEY (a PEM file: ES256 or RS256), a JSON Web Token opens its sub's \
      routes only (and only the catalogs of its catalogs claim; "scope": "admin" opens every \
      route); RULES_JWT_AUDIENCE makes its aud claim required. SIGTERM or SIGINT stops it \
      gracefully (requests in flight finish). Logs go to standard error (LOG_LEVEL=debug for \
      more); every answer, and every log line of a request, carries its X-Request-Id.
      """)

  @OptionGroup var store: StoreOption
  @Option(help: "The folder of the catalogs to serve.") var catalogs = "catalogs"
  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
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

  static let loopback: Set<String> = ["127.0.0.1", "::1", "localhost", "[::1]"]

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

  /// `--trusted-proxy` as `SocketAddress.ipAddress` writes them (`::1`, not `0:0:...:1`).
  var proxies: Set<String> {
    Set(trustedProxies.compactMap { try? SocketAddress(ipAddress: $0, port: 0).ipAddress })
  }

  /// `--rate-limit` and `--burst`, or nil.
  var limit: RateLimit? {
    guard let rate = rateLimit.flatMap(RateLimit.rate) else { return nil }
    return RateLimit(rate: rate, burst: burst ?? max(1, Int(rate.rounded(.up))))
  }

  func run() async throws {
    let authenticator: Authenticator
    do {
      authenticator = try await Authenticator.fromEnvironment(ProcessInfo.processInfo.environment)
    } catch {
      printError("error: \(error)")
      throw ExitCode(64)
    }
    if !authenticator.isConfigured, !Self.loopback.contains(host) {
      printError(
        "error: refusing to listen on \(host) without RULES_API_TOKEN; set it (clients send Authorization: Bearer TOKEN) or listen on 127.0.0.1"
      )
      throw ExitCode(64)
    }
    let level = ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = level
      return handler
    }
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    let logger = Logger(label: "rules-server")

    let (loaded, problems) = StoreCatalog.loadAll(in: catalogs)
    for problem in problems { logger.warning("\(problem)") }
    if loaded.isEmpty {
      printError("error: no catalog in \(catalogs)")
      throw ExitCode.failure
    }
    let opened = try await store.open()
    let api = HTTPAPI(
      store: opened, catalogs: loaded, authenticator: authenticator,
      limiter: limit.map { RateLimiter($0, trustedProxies: proxies) },
      logger: logger)
    let app = Application(
      router: api.router { registry.emitToString() },
      configuration: .init(address: .hostname(host, port: port), serverName: "rules-server"),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        logger.info(
          "listening",
          metadata: [
            "host": "\(host)", "port": "\(bound)", "store": "\(opened.description)",
            "admin_token": "\(authenticator.adminDigest != nil)", "jwt": "\(authenticator.algorithm ?? "off")",
            "rate_limit": "\(limit.map { "\($0.rate)/s burst \($0.burst)" } ?? "off")",
          ])
        // For scripts and tests that ask for port 0.
        FileHandle.standardOutput.write(Data("rules-server listening on http://\(host):\(bound)\n".utf8))
      },
      logger: logger)
    do {
      try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    } catch {
      try? await opened.close()
      printError("error: \(error)")
      throw ExitCode.failure
    }
    try? await opened.close()
    logger.info("stopped")
  }
}
