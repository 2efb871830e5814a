import Crypto
import Foundation
import Hummingbird
import Logging
import RulesBackend
import RulesEngine
import RulesStore
import StoreTestSupport
import Synchronization
import Testing

/// A webhook receiver on loopback that fails, times out and answers slowly at random: each
/// POST it answers 2xx is taken (kept by its webhook-id); every POST's signature is checked.
final class FlakyReceiver: Sendable {
  struct Message: Sendable {
    var id: String
    var body: String
  }

  let key: Data
  /// Every POST taken (answered 2xx), in arrival order.
  let taken = Mutex<[Message]>([])
  let posts = Mutex(0)
  let badSignatures = Mutex<[String]>([])
  let random = Mutex<UInt64>(0)
  let port: Int
  let task: Task<Void, any Error>

  init(key: Data, seed: UInt64, slow: Duration, timeoutSleep: Duration) async throws {
    self.key = key
    random.withLock { $0 = seed }
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let router = Router()
    let receiver = Box<FlakyReceiver>()
    router.post("/hook") { request, _ -> Response in
      try await receiver.value!.receive(request, slow: slow, timeoutSleep: timeoutSleep)
    }
    var logger = Logger(label: "flaky-receiver")
    // Stopped by cancelling its task, which the server logs as errors.
    logger.logLevel = .critical
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
    task = Task { try await app.runService(gracefulShutdownSignals: []) }
    var iterator = ports.makeAsyncIterator()
    port = await iterator.next() ?? 0
    receiver.value = self
  }

  final class Box<T: AnyObject>: @unchecked Sendable {
    var value: T?
  }

  var url: String { "http://127.0.0.1:\(port)/hook" }

  func next(_ bound: UInt64) -> UInt64 {
    random.withLock {
      $0 = $0 &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return ($0 >> 33) % bound
    }
  }

  func receive(_ request: Request, slow: Duration, timeoutSleep: Duration) async throws -> Response {
    let body = String(decoding: try await request.body.collect(upTo: 1 << 22).readableBytesView, as: UTF8.self)
    let id = request.headers[HTTPFields.Element.Name("webhook-id")!] ?? ""
    let timestamp = request.headers[HTTPFields.Element.Name("webhook-timestamp")!] ?? ""
    let signature = request.headers[HTTPFields.Element.Name("webhook-signature")!] ?? ""
    let code = HMAC<SHA256>.authenticationCode(
      for: Data("\(id).\(timestamp).\(body)".utf8), using: SymmetricKey(data: key))
    let expected = "v1," + Data(code).base64EncodedString()
    let now = Int(Date().timeIntervalSince1970)
    if signature != expected || abs((Int(timestamp) ?? 0) - now) > 300 {
      badSignatures.withLock { $0.append(id) }
      return Response(status: .unauthorized)
    }
    posts.withLock { $0 += 1 }
    switch next(10) {
    case 0, 1: return Response(status: .internalServerError)
    case 2: return Response(status: .serviceUnavailable)
    case 3:
      // Taken, but answered after the sender gave up: it sends the same message again.
      taken.withLock { $0.append(Message(id: id, body: body)) }
      try await Task.sleep(for: timeoutSleep)
      return Response(status: .ok)
    case 4, 5:
      try await Task.sleep(for: slow)
      taken.withLock { $0.append(Message(id: id, body: body)) }
      return Response(status: .noContent)
    default:
      taken.withLock { $0.append(Message(id: id, body: body)) }
      return Response(status: .ok)
    }
  }

  func stop() async {
    task.cancel()
    _ = try? await task.value
  }
}

/// `rules-server deliver` against the flaky receiver, killed with SIGKILL on the way.
@Suite(.serialized) struct WebhookTests {
  static let key = Data((0..<32).map { UInt8($0 * 7 % 256) })
  static var secret: String { "whsec_" + key.base64EncodedString() }

  @Test("deliver refuses a missing or malformed secret and bad options with exit 64")
  func badDeliverSetups() throws {
    try Binary.requireBuilt()
    let store = "sqlite:/tmp/rules-deliver-never-\(UUID().uuidString).sqlite"
    let missing = try Binary.run("rules-server", ["deliver", "--store", store, "--url", "http://127.0.0.1:9/x"])
    #expect(missing.status == 64)
    #expect(missing.stderr.contains("RULES_WEBHOOK_SECRET is not set"))
    let malformed = try Binary.run(
      "rules-server", ["deliver", "--store", store, "--url", "http://127.0.0.1:9/x"],
      environment: ["RULES_WEBHOOK_SECRET": "secret"])
    #expect(malformed.status == 64)
    #expect(malformed.stderr.contains("RULES_WEBHOOK_SECRET must be whsec_"))
    let url = try Binary.run(
      "rules-server", ["deliver", "--store", store, "--url", "ftp://x"],
      environment: ["RULES_WEBHOOK_SECRET": Self.secret])
    #expect(url.status == 64)
    #expect(url.stderr.contains("--url must be an http:// or https:// URL"))
  }

  @Test("deliver's --metrics-port serves delivered, failed and lag in Prometheus' text")
  func deliverMetrics() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = "sqlite:" + folder.appendingPathComponent("store.sqlite").path
      let imported = try Binary.run("rules-server", ["import", "rizq", "examples/rizq.yaml", "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      let batch = try Binary.run("rules-server", ["batch", "rizq", "--store", store, "--date", "2026-05-09"])
      #expect(batch.status == 0, "\(batch.stderr)")
      let opened = try await StoreAddress.open(store)
      let total = try await eventLines(opened).count
      try await opened.close()
      let receiver = try await FlakyReceiver(key: Self.key, seed: 5, slow: .milliseconds(10), timeoutSleep: .zero)
      let log = folder.appendingPathComponent("deliver.log")
      _ = FileManager.default.createFile(atPath: log.path, contents: nil)
      let worker = try Binary.start(
        "rules-server",
        [
          "deliver", "--store", store, "--url", receiver.url, "--batch", "1", "--retry-base", "0.01", "--max-backoff",
          "0.02", "--interval", "20", "--metrics-port", "0",
        ], environment: ["RULES_WEBHOOK_SECRET": Self.secret], stderr: try FileHandle(forWritingTo: log))
      defer { kill(worker.processIdentifier, SIGKILL) }
      var metrics = ""
      let deadline = Date().addingTimeInterval(60)
      while Date() < deadline {
        try await Task.sleep(for: .milliseconds(100))
        let text = try String(contentsOf: log, encoding: .utf8)
        guard let range = text.range(of: "http://127.0.0.1:"), let end = text[range.upperBound...].firstIndex(of: "\n")
        else { continue }
        // curl: Foundation on Linux reads no http URL without FoundationNetworking.
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        curl.arguments = ["curl", "-s", "--max-time", "5", String(text[range.lowerBound..<end])]
        let pipe = Pipe()
        curl.standardOutput = pipe
        try curl.run()
        metrics = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        curl.waitUntilExit()
        if metrics.contains("rules_webhook_delivered_events_total \(total)") { break }
      }
      await receiver.stop()
      #expect(metrics.contains("rules_webhook_delivered_events_total \(total)"), "\(metrics)")
      #expect(metrics.contains("rules_webhook_delivered_posts_total \(total)"))
      #expect(metrics.contains("rules_webhook_failed_posts_total"))
      #expect(metrics.contains("rules_webhook_lag_seconds"))
      #expect(metrics.contains("rules_webhook_pending_events"))
    }
  }

  @Test(
    "every event arrives once after dedupe by webhook-id, in order per user, signed; through failures, timeouts and a kill -9 of the worker",
    arguments: Backend.all)
  func everyEventArrives(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      _ = try EventsEndToEndTests.importGenerated("rizq", count: 25, store: store, folder: folder, seed: 3)
      _ = try EventsEndToEndTests.importGenerated("salahstreak", count: 15, store: store, folder: folder, seed: 4)
      for (catalog, date) in [("rizq", "2026-03-10"), ("salahstreak", "2026-03-15"), ("rizq", "2026-03-20")] {
        let batch = try Binary.run("rules-server", ["batch", catalog, "--store", store, "--date", date])
        #expect(batch.status == 0, "\(batch.stderr)")
      }
      let receiver = try await FlakyReceiver(
        key: Self.key, seed: 11, slow: .milliseconds(200), timeoutSleep: .milliseconds(1_500))
      let environment = ["RULES_WEBHOOK_SECRET": Self.secret]
      let options = [
        "deliver", "--store", store, "--url", receiver.url, "--batch", "4", "--timeout", "1", "--retry-base", "0.05",
        "--max-backoff", "0.4", "--lease", "2", "--interval", "50",
      ]
      let worker = try Binary.start("rules-server", options, environment: environment)
      // More events while it runs: the last days of every user.
      let more = try Binary.start("rules-server", ["batch", "rizq", "--store", store, "--date", "2026-03-31"])
      try await waitForExit(more)
      #expect(more.terminationStatus == 0)
      // Killed once it has delivered some.
      let deadline = Date().addingTimeInterval(60)
      while receiver.taken.withLock({ $0.count }) < 20, Date() < deadline {
        try await Task.sleep(for: .milliseconds(20))
      }
      kill(worker.processIdentifier, SIGKILL)
      worker.waitUntilExit()
      #expect(worker.terminationReason == .uncaughtSignal)
      // Two workers finish the work.
      let finishers = try (0..<2).map { _ in
        try Binary.start("rules-server", options + ["--until-idle"], environment: environment)
      }
      for finisher in finishers {
        try await waitForExit(finisher)
        #expect(finisher.terminationStatus == 0)
      }
      await receiver.stop()

      #expect(receiver.badSignatures.withLock { $0 }.isEmpty, "every signature is valid")
      let taken = receiver.taken.withLock { $0 }
      var bodies: [String: String] = [:]
      var order: [Int64] = []
      var users: [Int64: String] = [:]
      for message in taken {
        if let seen = bodies[message.id] {
          #expect(seen == message.body, "a webhook-id is always the same body")
          continue
        }
        bodies[message.id] = message.body
        let object = try #require(try JSONSerialization.jsonObject(with: Data(message.body.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(!events.isEmpty && events.count <= 4)
        for event in events {
          let id = Int64(try #require(event["id"] as? Int))
          order.append(id)
          users[id] = "\(event["catalog"]!)/\(event["user"]!)"
        }
      }
      let opened = try await StoreAddress.open(store)
      var all: [StoredEvent] = []
      var after: Int64 = 0
      while true {
        let page = try await opened.events(EventQuery(after: after, limit: 1_000))
        guard let last = page.last else { break }
        all += page
        after = last.id
      }
      let backlog = try await opened.backlog()
      try await opened.close()
      #expect(all.count > 100, "enough events to say something (\(all.count))")
      #expect(Set(order).count == order.count, "no event in two messages")
      #expect(Set(order) == Set(all.map(\.id)), "every event arrived")
      #expect(backlog.users == 0 && backlog.events == 0)
      // In order per user: each user's events arrive in id order.
      var lastOfUser: [String: Int64] = [:]
      for id in order {
        let user = users[id]!
        #expect((lastOfUser[user] ?? 0) < id, "\(user): \(id) after \(lastOfUser[user] ?? 0)")
        lastOfUser[user] = id
      }
      #expect(receiver.posts.withLock { $0 } > taken.count, "the receiver refused some")
    }
  }
}
