import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdCore
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
      without it, the server listens on loopback only. SIGTERM or SIGINT stops it gracefully \
      (requests in flight finish). Logs go to standard error (LOG_LEVEL=debug for more).
      """)

  @OptionGroup var store: StoreOption
  @Option(help: "The folder of the catalogs to serve.") var catalogs = "catalogs"
  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
  @OptionGroup(title: "Limits") var limits: ServerLimits

  static let loopback: Set<String> = ["127.0.0.1", "::1", "localhost", "[::1]"]

  func run() async throws {
    let token = ProcessInfo.processInfo.environment["RULES_API_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
    if token == nil, !Self.loopback.contains(host) {
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
      store: opened, catalogs: loaded, token: token, storeTimeout: ServerLimits.duration(limits.storeTimeout),
      logger: logger)
    let readTimeout = TimeAmount.milliseconds(Int64((limits.readTimeout * 1000).rounded()))
    // An IPv6 address is bound bare and written in brackets in a URL.
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let shown = bare.contains(":") ? "[\(bare)]" : bare
    let app = Application(
      router: api.router { registry.emitToString() },
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [ParserErrorBodyHandler(), ReadDeadlineHandler(timeout: readTimeout)],
          idleTimeout: .milliseconds(Int64((limits.idleTimeout * 1000).rounded())))),
      configuration: .init(
        address: .hostname(bare, port: port), serverName: "rules-server",
        availableConnectionsDelegate: MaximumAvailableConnections(limits.connectionCap, logger: logger)),
      onServerRunning: { channel in
        let bound = channel.localAddress?.port ?? port
        logger.info(
          "listening",
          metadata: [
            "host": "\(shown)", "port": "\(bound)", "store": "\(opened.description)",
            "max_connections": "\(limits.connectionCap)",
          ])
        // For scripts and tests that ask for port 0.
        FileHandle.standardOutput.write(Data("rules-server listening on http://\(shown):\(bound)\n".utf8))
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
