import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoreTestSupport
import Synchronization
import Testing

@testable import RulesServer

/// `serve --request-timeout` (issue #52, 3): a request not answered by then is answered 503
/// `timeout`, and its work is cancelled: a sleep, a busy loop that checks, and a store call that
/// hangs each stop; a request in time is answered as usual. Then the binary: the console's
/// candidate page over a store of 3,000 users outlasts a half-second limit.
@Suite struct RequestTimeoutTests {
  /// What the slow routes saw: how each of their works ended.
  final class Ends: Sendable {
    private let ends = Mutex<[String]>([])
    func add(_ end: String) { ends.withLock { $0.append(end) } }
    var all: [String] { ends.withLock { $0.sorted() } }
  }

  static let timeout =
    #"{"error":{"code":"timeout","message":"the request was not answered within 0.3 s (the server's --request-timeout); its work was stopped: try again later"}}"#
    + "\n"

  @Test func aSlowRouteIsAnswered503TimeoutAndItsWorkIsCancelled() async throws {
    let ends = Ends()
    let router = Router()
    router.add(middleware: RequestTimeoutMiddleware(limit: .milliseconds(300)) { _ in nil })
    router.get("/fast") { _, _ in "fast" }
    router.get("/sleep") { _, _ -> String in
      do {
        try await Task.sleep(for: .seconds(600))
      } catch {
        ends.add("sleep: \(type(of: error))")
        throw error
      }
      return "slept"
    }
    router.get("/busy") { _, _ -> String in
      var rounds = 0
      while true {
        do {
          try Task.checkCancellation()
        } catch {
          ends.add("busy: \(type(of: error))")
          throw error
        }
        rounds += 1
        await Task.yield()
      }
    }
    // A store call that hangs (the gate opens after the test): the request lets go of it.
    let gate = Gate()
    router.get("/store") { _, _ -> String in
      do {
        return try await Deadline.run(within: .seconds(600), onTimeout: { DeadlineTests.TimedOut() }) {
          await gate.wait()
          return "stored"
        }
      } catch {
        ends.add("store: \(type(of: error))")
        throw error
      }
    }
    let app = Application(router: router)
    try await app.test(.router) { client in
      let fast = try await client.execute(uri: "/fast", method: .get)
      #expect(fast.status == .ok && String(buffer: fast.body) == "fast")
      for path in ["/sleep", "/busy", "/store"] {
        let answer = try await client.execute(uri: path, method: .get)
        #expect(answer.status == .serviceUnavailable, "\(path)")
        #expect(String(buffer: answer.body) == Self.timeout, "\(path)")
        #expect(answer.headers[.contentType] == "application/json; charset=utf-8")
      }
    }
    gate.open()
    #expect(ends.all == ["busy: CancellationError", "sleep: CancellationError", "store: CancellationError"])
  }

  @Test func theConsolesCandidatePageIsAnsweredByTheTimeout() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await Backend.sqlite.freshAddress(in: folder)
      var lines: [String] = []
      for user in 1...3_000 {
        for day in 1...20 {
          let date = String(format: "2026-01-%02d", day)
          lines.append(#"{"user": "u\#(user)", "date": "\#(date)", "planned": true, "completed": \#(day % 7 != 0)}"#)
        }
      }
      let days = folder.appendingPathComponent("days.jsonl")
      try lines.joined(separator: "\n").write(to: days, atomically: true, encoding: .utf8)
      let imported = try Binary.run("rules-server", ["import", "discipline", days.path, "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      let server = try ServerProcess(
        store: store, token: "admin-token-of-at-least-32-bytes", extra: ["--request-timeout", "0.5"])
      let candidate = try String(
        contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8
      )
      .replacingOccurrences(of: "\nversion: 1\n", with: "\nversion: 2\n")
      let form =
        "catalog=discipline&text="
        + candidate.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let answer = try server.request(
        "POST", "/console/candidate", headers: ["Content-Type: application/x-www-form-urlencoded"],
        options: ["--data-binary", form])
      #expect(answer.status == 503, "\(answer.body.prefix(500))")
      #expect(answer.headers["content-type"]?.hasPrefix("text/html") == true)
      #expect(answer.body.contains("This page took too long"), "\(answer.body.prefix(500))")
      #expect(
        answer.body.contains(
          "the request was not answered within 0.5 s (the server&#39;s --request-timeout); its work was stopped: try again later"
        ), "\(answer.body.prefix(2000))")
      // The server goes on answering.
      #expect(try server.request("GET", "/healthz").status == 200)
      #expect(server.stop() == 0)
    }
  }
}
