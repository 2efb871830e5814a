import ArgumentParser
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import Metrics
import NIOCore
import Prometheus
import RulesBackend
import RulesKit
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
      gracefully (requests in flight finish). With RULES_CREDENTIAL_KEY (a PEM file: an EC \
      P-256 or Ed25519 private key) and --issuer-url, unlocked badges are issued as Open Badges \
      3.0 credentials (GET .../badges/{badge}/credential; the key at /.well-known/jwks.json). \
      Logs go to standard error (LOG_LEVEL=debug for more); every answer, and every log line \
      of a request, carries its X-Request-Id.
      """)

  @OptionGroup var store: StoreOption
  @Option(help: "The folder of the catalogs to serve.") var catalogs = "catalogs"
  @Option(help: "The address to listen on.") var host = "127.0.0.1"
  @Option(help: "The port to listen on (0: any free port, printed when listening).") var port = 8080
  @OptionGroup(title: "Limits") var limits: ServerLimits
  @OptionGroup(title: "Rate limits") var rates: RateLimitOptions
  @Option(
    help:
      "Seconds between looks at the store's running experiments, so `experiment start|stop|promote` reach a running server (0: only at a reload)."
  ) var experimentPoll: Double = 2
  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "A Host name a server without RULES_API_TOKEN answers besides localhost, 127.0.0.1 and [::1] (repeatable; others get 421).",
      valueName: "NAME"))
  var allowedHosts: [String] = []

  @Option(
    help:
      "The URL that issues badge credentials (their `iss`), with RULES_CREDENTIAL_KEY (a PEM file: an EC P-256 or Ed25519 private key)."
  ) var issuerURL: String?

  static let loopback: Set<String> = ["127.0.0.1", "::1", "localhost", "[::1]"]

  func validate() throws {
    guard experimentPoll >= 0, experimentPoll <= 86_400 else {
      throw ValidationError("--experiment-poll must be a number of seconds from 0 to 86400")
    }
  }

  func run() async throws {
    let authenticator: Authenticator
    do {
      authenticator = try await Authenticator.fromEnvironment(ProcessInfo.processInfo.environment)
    } catch {
      printError("error: \(error)")
      throw ExitCode(64)
    }
    let credentials: CredentialIssuer?
    do {
      credentials = try await CredentialIssuer.fromEnvironment(
        ProcessInfo.processInfo.environment, issuerURL: issuerURL)
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

    let (loaded, problems, duplicates) = StoreCatalog.loadAll(in: catalogs)
    for problem in problems { logger.warning("\(problem)") }
    // Two files of one id: which one is meant is the operator's to say.
    if !duplicates.isEmpty {
      for duplicate in duplicates { printError(duplicate) }
      printError("error: \(catalogs) declares a catalog id twice; the server does not start")
      throw ExitCode.failure
    }
    let opened = try await store.open(for: .server)
    // Every catalog of the folder is served, whatever the store holds for it: a stored value it
    // cannot take as it is (an experiment's variant widened the input) is read as its nearest
    // value, and the log says how many (as a reload's answer does).
    for catalog in loaded {
      do {
        let reading = try await opened.reading(catalog, states: false)
        for note in reading.notes(catalog: catalog.id) { logger.warning("\(note)") }
      } catch {
        logger.error(
          "the store could not be read to check a catalog; it is served unchecked",
          metadata: ["catalog": "\(catalog.id)", "error": "\(HTTPAPI.logged(error))"])
      }
    }
    if loaded.isEmpty {
      try? await opened.close()
      printError("error: no catalog in \(catalogs)")
      throw ExitCode.failure
    }
    // The standings of states saved before schema version 4 or under another catalog version
    // (a failure is logged: the first leaderboard or stats request tries again).
    do { try await opened.fillStandings(catalogs: loaded) } catch {
      logger.error("the standings could not be filled", metadata: ["error": "\(HTTPAPI.logged(error))"])
    }
    let served = ServedCatalogs(folder: catalogs, catalogs: loaded, store: opened)
    // The catalogs served, as revisions of the store (unless each is its newest already).
    await served.recordRevisions(loaded, loadedBy: "start", requestID: nil, logger: logger)
    await served.experiments.refresh(from: opened, logger: logger)
    // What `rules-server experiment` (or another server) changes in the store, without a reload.
    let watch = Task { [experimentPoll] in
      guard experimentPoll > 0 else { return }
      await ExperimentWatch(served: served, store: opened, logger: logger).run(
        every: .milliseconds(Int64((experimentPoll * 1000).rounded())))
    }
    defer { watch.cancel() }
    // SIGHUP reads the catalogs again (a broken one is refused; the old ones keep serving).
    signal(SIGHUP, SIG_IGN)
    let hangUp = DispatchSource.makeSignalSource(signal: SIGHUP)
    hangUp.setEventHandler { Task { _ = try? await served.reload(logger: logger) } }
    hangUp.resume()
    defer { hangUp.cancel() }
    // The periods of declared leaderboards that have ended everywhere, told once each
    // (`leaderboard.closed`): at start, then every 5 minutes (the batch tells them too).
    let closings = Task {
      while !Task.isCancelled {
        let set = served.set
        for id in set.order {
          guard let catalog = set.byID[id] else { continue }
          do { try await opened.closeLeaderboards(catalog) } catch {
            logger.error(
              "leaderboards could not be closed", metadata: ["catalog": "\(id)", "error": "\(HTTPAPI.logged(error))"])
          }
        }
        try? await Task.sleep(for: .seconds(300))
      }
    }
    defer { closings.cancel() }
    let api = HTTPAPI(
      store: opened, catalogs: served, authenticator: authenticator, limiter: rates.limiter(),
      signInLimiter: rates.signInLimiter(),
      // Without a token, only loopback names (and --allowed-host): a page of another site that
      // points its own name at 127.0.0.1 (DNS rebinding) is refused.
      allowedHosts: authenticator.isConfigured ? nil : AllowedHosts(extra: allowedHosts),
      storeTimeout: ServerLimits.duration(limits.storeTimeout),
      requestTimeout: ServerLimits.duration(limits.requestTimeout), logger: logger, credentials: credentials)
    let readTimeout = TimeAmount.milliseconds(Int64((limits.readTimeout * 1000).rounded()))
    // An IPv6 address is bound bare and written in brackets in a URL.
    let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    let shown = bare.contains(":") ? "[\(bare)]" : bare
    let app = Application(
      responder: api.responder(api.routes { registry.emitToString() }),
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [
            ParserErrorBodyHandler(), ReadDeadlineHandler(timeout: readTimeout), NoSniffHandler(),
          ],
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
            "admin_token": "\(authenticator.adminDigest != nil)", "jwt": "\(authenticator.algorithm ?? "off")",
            "rate_limit": "\(rates.description)",
          ])
        // For scripts and tests that ask for port 0.
        FileHandle.standardOutput.write(Data("rules-server listening on http://\(shown):\(bound)\n".utf8))
      },
      logger: logger)
    do {
      try await app.runService(gracefulShutdownSignals: [.sigterm, .sigint])
    } catch {
      try? await opened.close()
      printError("error: \(StoreError.text(error))")
      throw ExitCode.failure
    }
    try? await opened.close()
    logger.info("stopped")
  }
}
