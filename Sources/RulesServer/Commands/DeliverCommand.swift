import ArgumentParser
import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import RulesKit
import RulesStore
import Synchronization

/// Standard Webhooks' signature: `v1,BASE64` of the HMAC-SHA256, keyed by the secret, of
/// `{webhook-id}.{webhook-timestamp}.{body}`.
struct WebhookSigner: Sendable {
  let key: SymmetricKey

  /// `whsec_` and the key in base64 (as RULES_WEBHOOK_SECRET holds it).
  init(secret: String) throws(ValidationError) {
    guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))), !key.isEmpty
    else {
      throw ValidationError(
        "RULES_WEBHOOK_SECRET must be whsec_ followed by the key in base64 (e.g. whsec_\(Data((0..<24).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()))"
      )
    }
    self.key = SymmetricKey(data: key)
  }

  func signature(id: String, timestamp: Int, body: String) -> String {
    let code = HMAC<SHA256>.authenticationCode(for: Data("\(id).\(timestamp).\(body)".utf8), using: key)
    return "v1," + Data(code).base64EncodedString()
  }
}

struct DeliverCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "deliver",
    abstract: "POST the store's events to a webhook URL, signed, in order per user, retried until they are taken.",
    discussion: """
      A worker; several may run on one store (each user's next batch is claimed by one worker: \
      FOR UPDATE SKIP LOCKED on PostgreSQL, the write lock on SQLite). Each POST's body is \
      {"events": [...]}: one user's next events in id order (at most --batch). Headers: \
      webhook-id (the same at every retry of a batch), webhook-timestamp (Unix seconds) and \
      webhook-signature: v1,BASE64, the HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" \
      keyed by RULES_WEBHOOK_SECRET (whsec_ and the key in base64; the Standard Webhooks \
      convention). A 2xx answer delivers the batch; any other answer, a timeout or a refused \
      connection is tried again after an exponential backoff with jitter, and the user's later \
      events wait for it. The delivery cursor of each user is kept in the store: a worker killed \
      at any moment loses nothing (a batch it sent but did not record is sent again after \
      --lease: at least once; a receiver dedupes by webhook-id). Prints a JSON summary when it \
      stops; --metrics-port serves Prometheus metrics (delivered, failed, lag).
      """)

  @OptionGroup var store: StoreOption
  @Option(help: "The webhook URL (http or https).") var url: String
  @Option(help: "Events per POST, at most (default 100).") var batch = 100
  @Option(help: "Seconds a POST may take before it counts as failed (default 10).") var timeout: Double = 10
  @Option(help: "Users' batches in flight at once (default 8).") var concurrency = 8
  @Option(help: "Seconds before the first retry; each further retry waits twice as long (default 1).")
  var retryBase: Double = 1
  @Option(help: "The longest wait between retries, in seconds (default 300).") var maxBackoff: Double = 300
  @Option(help: "Seconds a claimed batch stays this worker's (default: 2 x --timeout + 10).") var lease: Double?
  @Option(help: "Milliseconds between looks at the store when nothing is due (default 500).") var interval = 500
  @Flag(help: "Stop when every event is delivered (default: run until stopped).") var untilIdle = false
  @Option(help: "Serve Prometheus metrics on 127.0.0.1:PORT/metrics.") var metricsPort: Int?

  func validate() throws {
    guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
      scheme == "http" || scheme == "https",
      parsed.host?.isEmpty == false
    else { throw ValidationError("--url must be an http:// or https:// URL with a host; found '\(url)'") }
    if !(1...1_000).contains(batch) { throw ValidationError("--batch must be from 1 to 1000") }
    if !(timeout > 0) { throw ValidationError("--timeout must be more than 0 seconds") }
    if concurrency < 1 { throw ValidationError("--concurrency must be at least 1") }
    if !(retryBase > 0) { throw ValidationError("--retry-base must be more than 0 seconds") }
    if !(maxBackoff >= retryBase) { throw ValidationError("--max-backoff must be at least --retry-base") }
    if let lease, !(lease > timeout) { throw ValidationError("--lease must be longer than --timeout") }
    if interval < 1 { throw ValidationError("--interval must be at least 1 millisecond") }
    if let metricsPort, !(0...65_535).contains(metricsPort) { throw ValidationError("--metrics-port: not a port") }
  }

  func run() async throws {
    let signer: WebhookSigner
    do {
      guard let secret = ProcessInfo.processInfo.environment["RULES_WEBHOOK_SECRET"] else {
        throw ValidationError("RULES_WEBHOOK_SECRET is not set: the webhooks' signing secret (whsec_ and a base64 key)")
      }
      signer = try WebhookSigner(secret: secret)
    } catch {
      printError("error: \(error.message)")
      throw ExitCode(64)
    }
    let registry = PrometheusCollectorRegistry()
    MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    let opened = try await store.open()
    guard let log = opened as? any EventStore else {
      printError("error: the store \(opened.description) keeps no events")
      throw ExitCode.failure
    }
    let worker = WebhookWorker(
      log: log, signer: signer, url: url, batch: batch, timeout: timeout, concurrency: concurrency,
      retryBase: retryBase, maxBackoff: maxBackoff, lease: lease ?? (2 * timeout + 10),
      interval: .milliseconds(interval), untilIdle: untilIdle)
    let failure: (any Error)?
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        if let metricsPort {
          group.addTask { try await Self.serveMetrics(registry: registry, port: metricsPort) }
        }
        group.addTask { try await worker.run() }
        // The worker ends (--until-idle) or fails: the metrics server stops with it.
        try await group.next()
        group.cancelAll()
      }
      failure = nil
    } catch {
      failure = error
    }
    try? await worker.client.shutdown()
    try? await opened.close()
    print(worker.summary)
    if let failure {
      printError("error: \(failure)")
      throw ExitCode.failure
    }
  }

  static func serveMetrics(registry: PrometheusCollectorRegistry, port: Int) async throws {
    let router = Router()
    router.get("/metrics") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      return Response(
        status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: registry.emitToString())))
    }
    var logger = Logger(label: "rules-server-deliver")
    logger.logLevel = .error
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
      onServerRunning: { channel in
        printError("metrics on http://127.0.0.1:\(channel.localAddress?.port ?? port)/metrics")
      }, logger: logger)
    try await app.run()
  }
}

extension Error {
  var message: String { (self as? ValidationError)?.message ?? "\(self)" }
}

/// The delivery loop: claim due batches, POST them, record the outcome.
final class WebhookWorker: Sendable {
  let log: any EventStore
  let signer: WebhookSigner
  let url: String
  let batch: Int
  let timeout: Double
  let concurrency: Int
  let retryBase: Double
  let maxBackoff: Double
  let lease: Double
  let interval: Duration
  let untilIdle: Bool
  let client = HTTPClient(eventLoopGroupProvider: .singleton)

  let deliveredEvents = Counter(label: "rules_webhook_delivered_events_total")
  let deliveredPosts = Counter(label: "rules_webhook_delivered_posts_total")
  let failedPosts = Counter(label: "rules_webhook_failed_posts_total")
  let pendingEvents = Gauge(label: "rules_webhook_pending_events")
  let lagSeconds = Gauge(label: "rules_webhook_lag_seconds")
  let counts = Mutex((delivered: 0, posts: 0, failed: 0))

  init(
    log: any EventStore, signer: WebhookSigner, url: String, batch: Int, timeout: Double, concurrency: Int,
    retryBase: Double, maxBackoff: Double, lease: Double, interval: Duration, untilIdle: Bool
  ) {
    self.log = log
    self.signer = signer
    self.url = url
    self.batch = batch
    self.timeout = timeout
    self.concurrency = concurrency
    self.retryBase = retryBase
    self.maxBackoff = maxBackoff
    self.lease = lease
    self.interval = interval
    self.untilIdle = untilIdle
  }

  var summary: String {
    let counts = counts.withLock { $0 }
    return #"{"delivered":\#(counts.delivered),"posts":\#(counts.posts),"failed":\#(counts.failed)}"#
  }

  func run() async throws {
    var lastBacklog = ContinuousClock.now - .seconds(60)
    while !Task.isCancelled {
      let now = Self.now
      let claims: [DeliveryClaim]
      do {
        claims = try await log.claimDeliveries(
          users: concurrency, batch: batch, now: now, lease: Int64((lease * 1000).rounded()))
        if ContinuousClock.now - lastBacklog > .seconds(5) || (claims.isEmpty && untilIdle) {
          lastBacklog = ContinuousClock.now
          let backlog = try await log.backlog()
          pendingEvents.record(backlog.events)
          lagSeconds.record(backlog.oldest.map { Double(max(0, now - $0)) / 1000 } ?? 0)
          if claims.isEmpty, untilIdle, backlog.users == 0 { return }
        }
      } catch {
        // A store that does not answer (a database restarting): the worker waits for it.
        printError("error: \(error) (trying again in 1 s)")
        try await Task.sleep(for: .seconds(1))
        continue
      }
      if claims.isEmpty {
        try await Task.sleep(for: interval)
        continue
      }
      await withTaskGroup(of: Void.self) { group in
        for claim in claims { group.addTask { await self.send(claim) } }
      }
    }
  }

  static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

  /// POSTs one claimed batch and records whether it was taken.
  func send(_ claim: DeliveryClaim) async {
    let body = #"{"events":["# + claim.events.map(\.json).joined(separator: ",") + "]}"
    let id = claim.messageID
    let timestamp = Int(Date().timeIntervalSince1970)
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "content-type", value: "application/json")
    request.headers.add(name: "webhook-id", value: id)
    request.headers.add(name: "webhook-timestamp", value: "\(timestamp)")
    request.headers.add(name: "webhook-signature", value: signer.signature(id: id, timestamp: timestamp, body: body))
    request.body = .bytes(ByteBuffer(string: body))
    var problem: String?
    do {
      let response = try await client.execute(request, timeout: .milliseconds(Int64((timeout * 1000).rounded())))
      _ = try? await response.body.collect(upTo: 64 * 1024)
      if !(200..<300).contains(response.status.code) { problem = "the receiver answered \(response.status.code)" }
    } catch {
      problem = "\(error)"
    }
    do {
      if let problem {
        // 1, 2, 4... times --retry-base, at most --max-backoff, less up to half at random.
        let exponent = min(30, claim.attempts)
        let wait = min(maxBackoff, retryBase * pow(2, Double(exponent))) * Double.random(in: 0.5...1)
        try await log.failed(claim, retryAt: Self.now + Int64(wait * 1000), error: String(problem.prefix(500)))
        failedPosts.increment()
        counts.withLock { $0.failed += 1 }
      } else {
        try await log.delivered(claim)
        deliveredEvents.increment(by: claim.events.count)
        deliveredPosts.increment()
        counts.withLock {
          $0.delivered += claim.events.count
          $0.posts += 1
        }
      }
    } catch {
      // The store did not take the outcome: the claim runs out and the batch is sent again.
      printError("error: \(error)")
    }
  }
}
