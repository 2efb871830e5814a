import Foundation
import Hummingbird
import Logging
import RulesBackend
import RulesStore
import StoreTestSupport
import Synchronization
import Testing

/// A webhook receiver on loopback that answers each POST as `decide` says, by the ids of the
/// events it holds, and keeps every POST with its answer.
final class ScriptedReceiver: Sendable {
  struct Post: Sendable {
    var id: String
    var events: [Int]
    var status: Int
  }

  final class Log: Sendable {
    let posts = Mutex<[Post]>([])
  }

  let log = Log()
  let port: Int
  let task: Task<Void, any Error>

  init(_ decide: @escaping @Sendable (_ events: [Int], _ earlier: [Post]) async -> Int) async throws {
    let (ports, continuation) = AsyncStream<Int>.makeStream()
    let router = Router()
    let log = log
    router.post("/hook") { request, _ -> Response in
      let body = try await request.body.collect(upTo: 1 << 22)
      let object = try JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
      let events = (object?["events"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
      let earlier = log.posts.withLock { $0 }
      let status = await decide(events, earlier)
      let id = request.headers[HTTPFields.Element.Name("webhook-id")!] ?? ""
      log.posts.withLock { $0.append(Post(id: id, events: events, status: status)) }
      return Response(status: .init(code: status))
    }
    var logger = Logger(label: "scripted-receiver")
    logger.logLevel = .critical
    let app = Application(
      router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
    task = Task { try await app.runService(gracefulShutdownSignals: []) }
    var iterator = ports.makeAsyncIterator()
    port = await iterator.next() ?? 0
  }

  var url: String { "http://127.0.0.1:\(port)/hook" }

  /// The events of the POSTs answered 2xx, in the order they were taken.
  var taken: [Int] { log.posts.withLock { $0.filter { (200..<300).contains($0.status) }.flatMap(\.events) } }

  func stop() async {
    task.cancel()
    _ = try? await task.value
  }
}

/// Issue #34, item 5: `rules-server deliver` refuses a short key, stops at 410 Gone, halves
/// batches on 413, and says what it delivered when it is stopped.
@Suite(.serialized) struct DeliverRefusalTests {
  static let environment = ["RULES_WEBHOOK_SECRET": WebhookTests.secret]

  /// A store with the events of rizq's example users (a batch as of 2026-05-09), and their ids.
  static func storeWithEvents(in folder: URL) async throws -> (store: String, events: [StoredEvent]) {
    let store = "sqlite:" + folder.appendingPathComponent("store.sqlite").path
    let imported = try Binary.run("rules-server", ["import", "rizq", "examples/rizq.yaml", "--store", store])
    #expect(imported.status == 0, "\(imported.stderr)")
    let batch = try Binary.run("rules-server", ["batch", "rizq", "--store", store, "--date", "2026-05-09"])
    #expect(batch.status == 0, "\(batch.stderr)")
    let opened = try await StoreAddress.open(store)
    let events = try await opened.events(EventQuery(after: 0, limit: 1_000))
    try await opened.close()
    return (store, events)
  }

  /// Runs `deliver` until it exits, killing it after `seconds` (a deliver that never stops).
  static func deliver(_ arguments: [String], seconds: Double = 60) async throws -> (Binary.Result, killed: Bool) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deliver-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("out")
    let err = folder.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = try Binary.start(
      "rules-server", ["deliver"] + arguments, environment: environment,
      stdout: try FileHandle(forWritingTo: out), stderr: try FileHandle(forWritingTo: err))
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
    let killed = process.isRunning
    if killed { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let result = Binary.Result(
      status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    return (result, killed)
  }

  /// Quick retries; a POST's timeout long enough that a loaded machine's slow answer is not
  /// taken for a lost one and posted again (with 5 s, a 410 receiver was seen posted 3 times).
  static let fast = ["--retry-base", "0.02", "--max-backoff", "0.05", "--interval", "20", "--timeout", "30"]

  @Test func aKeyUnder16BytesIsRefusedAtStart() async throws {
    try Binary.requireBuilt()
    for (bytes, refused) in [(8, true), (15, true), (16, false), (24, false)] {
      let secret = "whsec_" + Data((0..<bytes).map { UInt8($0 + 1) }).base64EncodedString()
      let result = try Binary.run(
        "rules-server",
        [
          "deliver", "--store", "sqlite:/tmp/rules-deliver-key-\(UUID().uuidString).sqlite", "--url",
          "http://127.0.0.1:9/x", "--until-idle",
        ], environment: ["RULES_WEBHOOK_SECRET": secret])
      if refused {
        #expect(result.status == 64, "\(bytes) bytes: \(result.stderr)")
        #expect(
          result.stderr.hasPrefix(
            "error: RULES_WEBHOOK_SECRET's key is \(bytes) bytes; Standard Webhooks keys are 24 to 64 bytes, and one under 16 is refused (e.g. whsec_"
          ), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
      } else {
        #expect(result.status == 0, "\(bytes) bytes: \(result.stderr)")
        #expect(result.stdout == #"{"delivered":0,"posts":0,"failed":0}"# + "\n")
      }
    }
  }

  @Test func aReceiverThatIsGoneStopsDeliveryWithAnError() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let (store, events) = try await Self.storeWithEvents(in: folder)
      #expect(!events.isEmpty)
      let receiver = try await ScriptedReceiver { _, _ in 410 }
      let (result, killed) = try await Self.deliver(
        ["--store", store, "--url", receiver.url, "--concurrency", "1"] + Self.fast, seconds: 20)
      await receiver.stop()
      #expect(!killed, "deliver went on after 410 Gone")
      #expect(result.status == 1)
      #expect(result.stdout == #"{"delivered":0,"posts":0,"failed":1}"# + "\n")
      #expect(
        result.stderr
          == "error: the receiver answered 410 Gone: it takes no more webhooks (\(receiver.url)); delivery stopped, the undelivered events stay in the store\n"
      )
      #expect(receiver.log.posts.withLock { $0.count } == 1)
      // Nothing was marked delivered: the events wait for a receiver.
      let opened = try await StoreAddress.open(store)
      let backlog = try await opened.backlog()
      try await opened.close()
      #expect(backlog.events == events.count)
    }
  }

  @Test func aReceiverThatFindsBatchesTooLargeGetsHalvesDownToOneEvent() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let (store, events) = try await Self.storeWithEvents(in: folder)
      let perUser = Dictionary(grouping: events, by: \.user)
      #expect(perUser.values.contains { $0.count >= 6 }, "a user with a batch to halve")
      // At most 2 events a POST; the first event of the log goes only alone, and is refused
      // twice alone (a batch retried as it was after a 413 of one event), then taken.
      let first = Int(events[0].id)
      let receiver = try await ScriptedReceiver { ids, earlier in
        if ids.count > 2 || (ids.contains(first) && ids.count > 1) { return 413 }
        if ids == [first], earlier.filter({ $0.events == [first] }).count < 2 { return 413 }
        return 200
      }
      let (result, killed) = try await Self.deliver(
        ["--store", store, "--url", receiver.url, "--batch", "8", "--until-idle"] + Self.fast, seconds: 60)
      await receiver.stop()
      #expect(!killed)
      #expect(result.status == 0, "\(result.stderr)")
      let posts = receiver.log.posts.withLock { $0 }
      let taken = receiver.taken
      // Every event once, each user's in id order, in POSTs of at most 2.
      #expect(taken.sorted() == events.map { Int($0.id) })
      #expect(Set(taken).count == taken.count)
      for (user, own) in perUser {
        let order = taken.filter { id in own.contains { Int($0.id) == id } }
        #expect(order == own.map { Int($0.id) }, "\(user)")
      }
      #expect(posts.filter { (200..<300).contains($0.status) }.allSatisfy { $0.events.count <= 2 })
      // Halving: a batch of 8 (or the user's fewer) refused, then its halves.
      #expect(posts.contains { $0.status == 413 && $0.events.count > 2 })
      #expect(posts.filter { $0.events == [first] }.map(\.status) == [413, 413, 200])
      let (ok, refused) = (posts.filter { $0.status == 200 }.count, posts.filter { $0.status == 413 }.count)
      #expect(result.stdout == #"{"delivered":\#(events.count),"posts":\#(ok),"failed":\#(refused)}"# + "\n")
    }
  }

  @Test func sigtermPrintsWhatWasDelivered() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let (store, events) = try await Self.storeWithEvents(in: folder)
      #expect(events.count >= 4)
      // Takes a POST every 300 ms: deliver is stopped midway.
      let receiver = try await ScriptedReceiver { _, _ in
        try? await Task.sleep(for: .milliseconds(300))
        return 204
      }
      let out = folder.appendingPathComponent("out")
      _ = FileManager.default.createFile(atPath: out.path, contents: nil)
      let process = try Binary.start(
        "rules-server",
        ["deliver", "--store", store, "--url", receiver.url, "--batch", "1", "--concurrency", "1"] + Self.fast,
        environment: Self.environment, stdout: try FileHandle(forWritingTo: out))
      let deadline = Date().addingTimeInterval(30)
      while receiver.taken.count < 2, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
      kill(process.processIdentifier, SIGTERM)
      let stopped = Date().addingTimeInterval(10)
      while process.isRunning, Date() < stopped { try await Task.sleep(for: .milliseconds(20)) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      await receiver.stop()
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 0)
      let taken = receiver.taken.count
      #expect(taken >= 2 && taken < events.count, "\(taken) of \(events.count)")
      let summary = String(decoding: try Data(contentsOf: out), as: UTF8.self)
      #expect(summary == #"{"delivered":\#(taken),"posts":\#(taken),"failed":0}"# + "\n")
      // What the summary counts is what the store says was delivered.
      let opened = try await StoreAddress.open(store)
      let backlog = try await opened.backlog()
      try await opened.close()
      #expect(backlog.events == events.count - taken)
    }
  }
}
