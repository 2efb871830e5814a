import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesServer

/// The small findings of the fourth hardening round (issue #52, 6), each by its exact answer:
/// the admin token's length, sign-in throttled by default, a console session that ends with
/// its JWT and at sign-out on every server, the `Host` a server without a token answers (and
/// the studio), and `X-Content-Type-Options: nosniff` on every answer. (Experiment names, user
/// ids, the pause cap and support's idempotency are the route cases' refusals and answers.)
@Suite struct HardeningRound4Tests {
  @Test func anAdminTokenUnder32BytesStopsTheServerAtStart() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await Backend.sqlite.freshAddress(in: folder)
      for token in ["a", String(repeating: "x", count: 31)] {
        let refused = try Binary.run(
          "rules-server", ["serve", "--store", store, "--port", "0"], environment: ["RULES_API_TOKEN": token])
        #expect(refused.status == 64)
        #expect(
          refused.stderr
            == "error: RULES_API_TOKEN must be at least 32 bytes long (it is \(token.utf8.count)); make one with `openssl rand -hex 24`\n"
        )
      }
    }
  }

  @Test func signInIsThrottledWithoutARateLimit() async throws {
    // Without --rate-limit, the sign-in bucket is there: 10 attempts, then 10 a minute.
    #expect(RateLimiter.signIn == RateLimit(rate: 10.0 / 60, burst: 10))
    try await withStore(.sqlite) { store, _ in
      #expect(try await InProcessAPI(store: store).api.signInLimiter.limit == RateLimiter.signIn)
      #expect(try RateLimitOptions.parse([]).signInLimiter().limit == RateLimiter.signIn)
      // Its behaviour, with a bucket that does not refill during the test.
      let api = try await InProcessAPI(store: store, signInLimiter: RateLimiter(RateLimit(rate: 1.0 / 3600, burst: 3)))
      try await api.test { client in
        for attempt in 1...3 {
          let wrong = try await ConsoleTests.send(client, .post, "/console/signin", body: "token=guess-\(attempt)")
          #expect(wrong.status == .unauthorized, "attempt \(attempt)")
        }
        // The 4th, even with the right token: refused, no cookie, told when to try again.
        let throttled = try await ConsoleTests.send(
          client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)")
        #expect(throttled.status == .tooManyRequests)
        #expect(throttled.headers[.setCookie] == nil)
        let wait = try #require(throttled.headers[.retryAfter].flatMap { Int($0) })
        #expect((3590...3600).contains(wait), "\(wait)")
        #expect(throttled.text.contains("Too many attempts from this address; try again in \(wait) s."))
      }
    }
  }

  /// The `Max-Age` of a `Set-Cookie`.
  static func maxAge(_ cookie: String?) -> Int? {
    cookie?.split(separator: ";").lazy.map { $0.trimmingCharacters(in: .whitespaces) }
      .first { $0.hasPrefix("Max-Age=") }.flatMap { Int($0.dropFirst("Max-Age=".count)) }
  }

  @Test(arguments: Backend.all)
  func aSessionEndsAtSignOutOnEveryServerOfTheStore(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let first = try await InProcessAPI(store: store)
      let second = try await InProcessAPI(store: store)
      let cookie = try await first.test { client in try await ConsoleTests.signIn(client) }
      // Both servers (one token: one key) admit it...
      for api in [first, second] {
        try await api.test { client in
          let page = try await ConsoleTests.send(client, .get, "/console", cookie: cookie)
          #expect(page.status == .ok)
        }
      }
      // ...until it signs out on one: the browser's cookie cleared, and a copy of it refused on both.
      let csrf = first.api.consoleSessions.csrf(session: first.api.consoleSessions.session(cookie)!)
      try await first.test { client in
        let out = try await ConsoleTests.send(client, .post, "/console/signout", cookie: cookie, body: "csrf=\(csrf)")
        #expect(out.status == .seeOther)
        #expect(out.headers[.location] == "/console/signin")
        #expect(Self.maxAge(out.headers[.setCookie]) == 0)
      }
      for api in [first, second] {
        try await api.test { client in
          let page = try await ConsoleTests.send(client, .get, "/console", cookie: cookie)
          #expect(page.status == .seeOther && page.headers[.location] == "/console/signin")
          let form = try await ConsoleTests.send(client, .post, "/console/reload", cookie: cookie, body: "csrf=\(csrf)")
          #expect(form.status == .forbidden && form.text.contains("Sign in first"))
        }
      }
      // A new session is not the old one.
      try await second.test { client in
        let again = try await ConsoleTests.signIn(client)
        let page = try await ConsoleTests.send(client, .get, "/console", cookie: again)
        #expect(page.status == .ok)
      }
    }
  }

  @Test func aSessionOpenedWithAnAdminJWTEndsWhenTheJWTExpires() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let sessions = api.api.consoleSessions
      try await api.test { client in
        let jwt = try await TestTokens.hs256(TestTokens.claims(nil, expiresIn: 90, scope: "admin"))
        let signed = try await ConsoleTests.send(client, .post, "/console/signin", body: "token=\(jwt)")
        #expect(signed.status == .seeOther)
        let maxAge = try #require(Self.maxAge(signed.headers[.setCookie]))
        #expect((1...90).contains(maxAge), "\(maxAge)")
        // The admin token's session lasts the 8 hours.
        let token = try await ConsoleTests.send(
          client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)")
        #expect(Self.maxAge(token.headers[.setCookie]) == ConsoleSessions.lifetime)
      }
      // Past the JWT's expiry the cookie is refused (its expiry is the JWT's, signed).
      let ending = Date().addingTimeInterval(90)
      let cookie = sessions.newSession(ending: ending)
      #expect(sessions.session(cookie, now: ending.addingTimeInterval(-1)) != nil)
      #expect(sessions.session(cookie, now: ending.addingTimeInterval(1)) == nil)
    }
  }

  static let badHost =
    #"{"error":{"code":"bad-host","message":"the Host 'rebound.example' is not this server's: without RULES_API_TOKEN it answers only localhost, 127.0.0.1 and [::1] (and the names of --allowed-host)"}}"#
    + "\n"

  @Test func aServerWithoutATokenAnswersOnlyLoopbackHostNames() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await Backend.sqlite.freshAddress(in: folder)
      let open = try ServerProcess(store: store, extra: ["--allowed-host", "rules.internal"])
      let port = open.base.port ?? 0
      for host in ["rebound.example", "rebound.example:\(port)", "127.0.0.1.rebound.example"] {
        let refused = try open.request("GET", "/v1/catalogs", headers: ["Host: \(host)"])
        #expect(refused.status == 421, "\(host)")
        #expect(refused.body == Self.badHost.replacingOccurrences(of: "rebound.example", with: host), "\(host)")
        #expect(refused.headers["x-content-type-options"] == "nosniff")
      }
      for host in [nil, "localhost:\(port)", "127.0.0.1", "[::1]:\(port)", "LOCALHOST.", "rules.internal:\(port)"] {
        let answered = try open.request("GET", "/healthz", headers: host.map { ["Host: \($0)"] } ?? [])
        #expect(answered.status == 200, "\(host ?? "none")")
      }
      #expect(open.stop() == 0)
      // With a token, any Host is answered (the token is the check).
      let closed = try ServerProcess(store: store, token: "admin-token-of-at-least-32-bytes")
      #expect(try closed.request("GET", "/v1/catalogs", headers: ["Host: rebound.example"]).status == 200)
      #expect(closed.stop() == 0)
    }
  }

  @Test func theStudioAnswersOnlyLoopbackHostNamesAndNoFrame() throws {
    try Binary.requireBuilt()
    let output = Pipe()
    let studio = try Binary.start("rules-server", ["studio", "--port", "0"], stdout: output)
    defer {
      studio.terminate()
      studio.waitUntilExit()
    }
    var line = Data()
    while !line.contains(0x0A) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line += chunk
    }
    let text = String(decoding: line, as: UTF8.self)
    let base = try #require(
      text.range(of: "http://").map { String(text[$0.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines) })
    func get(_ host: String?) throws -> (status: Int, headers: [String: String], body: String) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["curl", "-s", "-D", "-", base] + (host.map { ["-H", "Host: \($0)"] } ?? [])
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let answer = String(decoding: data, as: UTF8.self)
      let split = answer.range(of: "\r\n\r\n")!
      let head = answer[..<split.lowerBound].split(separator: "\r\n")
      var headers: [String: String] = [:]
      for field in head.dropFirst() {
        if let colon = field.firstIndex(of: ":") {
          headers[field[..<colon].lowercased()] = field[field.index(after: colon)...].trimmingCharacters(
            in: .whitespaces)
        }
      }
      let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
      return (status, headers, String(answer[split.upperBound...]))
    }
    let page = try get(nil)
    #expect(page.status == 200)
    #expect(page.headers["content-security-policy"]?.hasSuffix("; frame-ancestors 'none'") == true)
    #expect(page.headers["x-frame-options"] == "DENY")
    #expect(page.headers["x-content-type-options"] == "nosniff")
    let refused = try get("rebound.example")
    #expect(refused.status == 421)
    #expect(refused.body.contains("the Host &#39;rebound.example&#39; is not this server&#39;s"), "\(refused.body)")
  }

  /// The pause cap holds for an import as for a PUT (the PUT's answers are the route cases'):
  /// a line with 101 pauses is an error of its line, and nothing is imported.
  @Test func anImportLineWithMoreThan100PausesIsAnErrorOfItsLine() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let first = CalendarDay.parsed("2026-01-01")!
      let pauses = (0..<101).map { #"{"from": "\#(first + 2 * $0)", "to": "\#(first + 2 * $0)"}"# }
      let lines = [
        #"{"user": "a", "date": "2025-12-01", "pauses": [\#(pauses.dropLast().joined(separator: ", "))]}"#,
        #"{"user": "b", "date": "2025-12-01", "pauses": [\#(pauses.joined(separator: ", "))]}"#,
      ]
      let file = folder.appendingPathComponent("days.jsonl")
      try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["import", "discipline", file.path, "--store", store])
      #expect(result.status == 1)
      #expect(
        result.stderr.split(separator: "\n").first
          == "\(file.path):2: error: 'pauses': 101 pauses; a user may hold at most 100", "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: store), "nothing was imported")
    }
  }

  @Test func everyAnswerSaysNoSniff() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder, token: "admin-token-of-at-least-32-bytes")
      let answers = [
        try server.process.request("GET", "/healthz"),
        try server.process.request("GET", "/v1/catalogs"),
        try server.process.request("GET", "/v1/catalogs", useToken: false),
        try server.process.request("GET", "/v1/nothing"),
        try server.process.request("DELETE", "/v1/catalogs"),
        try server.process.request("GET", "/console"),
        try server.process.request("GET", "/metrics"),
      ]
      #expect(answers.map(\.status) == [200, 200, 401, 404, 405, 200, 200])
      for answer in answers { #expect(answer.headers["x-content-type-options"] == "nosniff", "\(answer.status)") }
      // A request that is not HTTP, answered before the router.
      let raw = try RawConnection(port: server.process.base.port!)
      #expect(raw.send("GET /v1/catalogs HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"))
      let reply = raw.receive(for: 5).text
      #expect(reply.hasPrefix("HTTP/1.1 400"), "\(reply)")
      #expect(reply.lowercased().contains("x-content-type-options: nosniff"), "\(reply)")
    }
  }
}
