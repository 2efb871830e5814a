import Foundation
import StoreTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue #34, item 2: a request answered before its body was read (401, 404, 413) closes its
/// connection, however slowly the client trickles the body it declared; clients without a
/// token cannot hold every connection and lock out /healthz.
@Suite struct SlowClientTests {
  static func head(_ method: String, _ path: String, length: Int, token: String? = nil) -> String {
    var text =
      "\(method) \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
    if let token { text += "Authorization: Bearer \(token)\r\n" }
    return text + "\r\n{"
  }

  @Test func earlyAnswersCloseTricklingClientsAndHealthzAnswersMeanwhile() async throws {
    try await withTemporaryFolder { folder in
      // As many connections as there are slow clients: any one held locks out everyone else.
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-secret-of-at-least-32-bytes",
        extra: ["--read-timeout", "2", "--idle-timeout", "60", "--max-connections", "3"])
      let port = server.process.base.port!
      let clients: [(request: String, status: String)] = [
        // No token, a declared 60 KB body: 401.
        (Self.head("PUT", "/v1/catalogs/discipline/users/a/days/2026-01-01", length: 60_000), "401"),
        // A route that does not exist, with the admin token (without one it is 401): 404.
        (Self.head("POST", "/v1/nothing", length: 60_000, token: "admin-secret-of-at-least-32-bytes"), "404"),
        // The admin token, a body declared over 64 KiB: 413.
        (
          Self.head(
            "PUT", "/v1/catalogs/discipline/users/a/days/2026-01-01", length: 100_000,
            token: "admin-secret-of-at-least-32-bytes"),
          "413"
        ),
      ]
      let connections = try clients.map { client in
        let connection = try RawConnection(port: port)
        connection.send(client.request)
        return connection
      }
      // /healthz, asked while they trickle: answered once the slow clients' connections are closed.
      let health = Process()
      health.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      health.arguments = [
        "curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "9",
        server.process.base.absoluteString + "/healthz",
      ]
      let healthOutput = Pipe()
      health.standardOutput = healthOutput
      try health.run()

      let began = Date()
      var received = Array(repeating: "", count: clients.count)
      var ended: [Double?] = Array(repeating: nil, count: clients.count)
      var refused: [Double?] = Array(repeating: nil, count: clients.count)
      while refused.contains(where: { $0 == nil }), Date().timeIntervalSince(began) < 12 {
        for (index, connection) in connections.enumerated() where refused[index] == nil {
          if !connection.send(" ") { refused[index] = Date().timeIntervalSince(began) }
          let (text, closed) = connection.receive(for: 0.01)
          received[index] += text
          if closed, ended[index] == nil { ended[index] = Date().timeIntervalSince(began) }
        }
        usleep(200_000)  // blocking: an await could wait for a thread on a loaded machine
      }
      for (index, client) in clients.enumerated() {
        let answer = received[index]
        #expect(answer.hasPrefix("HTTP/1.1 \(client.status) "), "\(client.status): \(answer.prefix(300))")
        #expect(answer.lowercased().contains("\r\nconnection: close\r\n"), "\(client.status): \(answer.prefix(300))")
        #expect(answer.hasSuffix("}\n"), "the whole answer arrives before the end: \(answer.suffix(100))")
        // The answer is followed by the end at once; the connection is gone within the read timeout (2 s).
        #expect((ended[index] ?? 99) < 1.5, "\(client.status): the end came after \(ended[index] ?? 99) s")
        #expect((refused[index] ?? 99) < 5, "\(client.status): still open after \(refused[index] ?? 99) s")
      }
      health.waitUntilExit()
      let code = String(decoding: healthOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      #expect(code == "200", "/healthz while slow clients trickled: \(code)")
      try ServerHardeningTests.expectHealthy(server)
    }
  }

  @Test func aClientThatSendsTheWholeBodyGetsTheEarlyAnswerAndAKeptConnectionOtherwise() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-secret-of-at-least-32-bytes", extra: ["--read-timeout", "2"])
      // curl sends a body over 64 KiB and reads the 413 (the rest of the body is read, not reset).
      expectError(
        try server.call(
          "PUT", "/v1/catalogs/discipline/users/a/days/2026-01-01", route: ServerHardeningTests.day,
          body: #"{"planned": ""# + String(repeating: "a", count: 200_000) + #""}"#),
        413, "too-large", "the body is over 64 KiB")
      // A request read whole keeps its connection: two requests on one.
      let connection = try RawConnection(port: server.process.base.port!)
      let body = #"{"planned": true}"#
      let request =
        "PUT /v1/catalogs/discipline/users/a/days/2026-01-01 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer admin-secret-of-at-least-32-bytes\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
      connection.send(request + request)
      let (text, closed) = connection.receive(for: 3)
      #expect(text.components(separatedBy: "HTTP/1.1 200 ").count == 3, "\(text.prefix(400))")
      #expect(!text.lowercased().contains("connection: close"))
      #expect(!closed)
      try server.checkAgainstOpenAPI()
    }
  }
}
