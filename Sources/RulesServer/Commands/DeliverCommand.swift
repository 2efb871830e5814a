import ArgumentParser
import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import Prometheus
import RulesBackend
import RulesKit
import RulesStore
import Synchronization

/// Standard Webhooks' signature: `v1,BASE64` of the HMAC-SHA256, keyed by the secret, of
/// `{webhook-id}.{webhook-timestamp}.{body}`.
struct WebhookSigner: Sendable {
  let key: SymmetricKey

  /// The shortest key taken: Standard Webhooks keys are 24 to 64 bytes; one under 16 is too
  /// easily guessed to sign anything.
  static let minimumKeyBytes = 16

  /// `whsec_` and the key in base64 (as RULES_WEBHOOK_SECRET holds it), of at least 16 bytes.
  init(secret: String) throws(ValidationError) {
    guard secret.hasPrefix("whsec_"), let key = Data(base64Encoded: String(secret.dropFirst(6))), !key.isEmpty
    else {
      throw ValidationError(
        "RULES_WEBHOOK_SECRET must be whsec_ followed by the key in base64 (e.g. whsec_\(Self.example))")
    }
    guard key.count >= Self.minimumKeyBytes else {
      throw ValidationError(
        "RULES_WEBHOOK_SECRET's key is \(key.count) bytes; Standard Webhooks keys are 24 to 64 bytes, and one under \(Self.minimumKeyBytes) is refused (e.g. whsec_\(Self.example))"
      )
    }
    self.key = SymmetricKey(data: key)
  }

  /// A new random key of 24 bytes in base64, for the messages.
  static var example: String { Data((0..<24).map { _ in UInt8.random(in: 0...255) }).base64EncodedString() }

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
    let worker = WebhookWorker(
      log: opened, signer: signer, url: url, batch: batch, timeout: timeout, concurrency: concurrency,
      retryBase: retryBase, maxBackoff: maxBackoff, lease: lease ?? (2 * timeout + 10),
      interval: .milliseconds(interval), untilIdle: untilIdle)
    let work = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        if let metricsPort {
          group.addTask { try await Self.serveMetrics(registry: registry, port: metricsPort) }
        }
        group.addTask { try await worker.run() }
        // The worker ends (--until-idle, a signal) or fails: the metrics server stops with it.
        try await group.next()
        group.cancelAll()
      }
    }
    // SIGTERM or SIGINT: no new batch is claimed, the POSTs in flight finish and are recorded,
    // and the summary says what was delivered. A second signal stops at once.
    let signals = [SIGTERM, SIGINT].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number)
      source.setEventHandler {
        if worker.stop() { work.cancel() }
      }
      source.resume()
      return source
    }
    defer { for source in signals { source.cancel() } }
    let failure: (any Error)?
    do {
      try await work.value
      failure = nil
    } catch {
      failure = worker.stopping ? nil : error
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
  let log: any StoreBackend
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
  /// A signal asked the worker to stop (`stop`).
  let stopRequests = Mutex(0)
  /// The receiver answered 410 Gone: the worker stops with this error.
  let gone = Mutex<String?>(nil)

  init(
    log: any StoreBackend, signer: WebhookSigner, url: String, batch: Int, timeout: Double, concurrency: Int,
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

  /// Asks the worker to stop after the POSTs in flight; true when it was asked before (stop now).
  func stop() -> Bool {
    stopRequests.withLock {
      $0 += 1
      return $0 > 1
    }
  }

  var stopping: Bool { stopRequests.withLock { $0 > 0 } }

  var summary: String {
    let counts = counts.withLock { $0 }
    return #"{"delivered":\#(counts.delivered),"posts":\#(counts.posts),"failed":\#(counts.failed)}"#
  }

  func run() async throws {
    var lastBacklog = ContinuousClock.now - .seconds(60)
    while !Task.isCancelled, !stopping {
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
        printError("error: \(StoreError.text(error)) (trying again in 1 s)")
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
      if let gone = gone.withLock({ $0 }) { throw DeliveryStopped(message: gone) }
    }
  }

  struct DeliveryStopped: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  static var now: Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

  /// What a POST came to.
  enum Answer {
    case taken
    /// 413: the batch is too large for the receiver.
    case tooLarge
    /// 410: the receiver takes no more webhooks.
    case gone
    case failed(String)
  }

  /// POSTs `events` as one message, signed (`webhook-id`: `msg_FIRST_LAST`).
  func post(_ events: ArraySlice<StoredEvent>) async -> Answer {
    let body = #"{"events":["# + events.map(\.json).joined(separator: ",") + "]}"
    let id = "msg_\(events.first?.id ?? 0)_\(events.last?.id ?? 0)"
    let timestamp = Int(Date().timeIntervalSince1970)
    var request = HTTPClientRequest(url: url)
    request.method = .POST
    request.headers.add(name: "content-type", value: "application/json")
    request.headers.add(name: "webhook-id", value: id)
    request.headers.add(name: "webhook-timestamp", value: "\(timestamp)")
    request.headers.add(name: "webhook-signature", value: signer.signature(id: id, timestamp: timestamp, body: body))
    request.body = .bytes(ByteBuffer(string: body))
    let answer: Answer
    do {
      let response = try await client.execute(request, timeout: .milliseconds(Int64((timeout * 1000).rounded())))
      _ = try? await response.body.collect(upTo: 64 * 1024)
      switch response.status.code {
      case 200..<300: answer = .taken
      case 410: answer = .gone
      case 413: answer = .tooLarge
      default: answer = .failed("the receiver answered \(response.status.code)")
      }
    } catch {
      answer = .failed("\(error)")
    }
    if case .taken = answer {
      deliveredPosts.increment()
      counts.withLock { $0.posts += 1 }
    } else {
      failedPosts.increment()
      counts.withLock { $0.failed += 1 }
    }
    return answer
  }

  /// POSTs `events` in order: a batch the receiver finds too large (413) is sent as two
  /// halves, each halved again, down to one event. Answers how many of the first events were
  /// taken, and the problem that stopped the rest (nil: all taken).
  func deliver(_ events: ArraySlice<StoredEvent>) async -> (taken: Int, problem: Answer?) {
    switch await post(events) {
    case .taken: return (events.count, nil)
    case .tooLarge where events.count > 1:
      let half = events.count / 2
      let first = await deliver(events.prefix(half))
      if first.problem != nil { return first }
      let second = await deliver(events.dropFirst(half))
      return (half + second.taken, second.problem)
    case .tooLarge: return (0, .failed("the receiver answered 413 to a single event (\(events.first?.id ?? 0))"))
    case let problem: return (0, problem)
    }
  }

  /// POSTs one claimed batch and records how much of it was taken: all of it moves the
  /// user's cursor past it; part of it (a 413 halved) moves the cursor past that part and the
  /// rest is tried again later, as it is; 410 Gone records the failure and stops the worker.
  func send(_ claim: DeliveryClaim) async {
    let (taken, problem) = await deliver(claim.events[...])
    do {
      if taken > 0 {
        var part = claim
        part.events = Array(claim.events.prefix(taken))
        try await log.delivered(part)
        deliveredEvents.increment(by: taken)
        counts.withLock { $0.delivered += taken }
      }
      guard let problem else { return }
      let message: String
      switch problem {
      case .gone:
        message = "the receiver answered 410 Gone: it takes no more webhooks"
        gone.withLock { $0 = "\(message) (\(url)); delivery stopped, the undelivered events stay in the store" }
      case .failed(let text): message = text
      case .taken, .tooLarge: message = "the receiver answered 413"
      }
      // 1, 2, 4... times --retry-base, at most --max-backoff, less up to half at random.
      let exponent = min(30, taken > 0 ? 0 : claim.attempts)
      let wait = min(maxBackoff, retryBase * pow(2, Double(exponent))) * Double.random(in: 0.5...1)
      try await log.failed(claim, retryAt: Self.now + Int64(wait * 1000), error: String(message.prefix(500)))
    } catch {
      // The store did not take the outcome: the claim runs out and the batch is sent again.
      printError("error: \(StoreError.text(error))")
    }
  }
}
