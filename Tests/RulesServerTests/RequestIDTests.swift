import Foundation
import StoreTestSupport
import Testing

@testable import RulesServer

/// `X-Request-Id` on every answer, in every log line of its request; no token in the log.
@Suite struct RequestIDTests {
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"

  @Test func everyAnswerCarriesARequestIDAndNoLogLineAToken() async throws {
    try await withTemporaryFolder { folder in
      let log = folder.appendingPathComponent("server.log")
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-s3cret-token-of-32-bytes-or-more",
        environment: ["RULES_JWT_SECRET": TestTokens.secret, "LOG_LEVEL": "debug"], log: log)
      let alice = try await TestTokens.hs256(TestTokens.claims("alice"))
      let expired = try await TestTokens.hs256(TestTokens.claims("alice", expiresIn: -600))
      let path = "/v1/catalogs/discipline/users/alice/progress"

      // The client's id, when sane, on answers of every kind.
      var given: [String] = []
      for (index, (token, status)) in [
        ("admin-s3cret-token-of-32-bytes-or-more", 404), (alice, 404), (expired, 401),
        ("admin-s3cret-token-of-32-bytes-or-morE", 401),
      ].enumerated() {
        let id = "test-\(index).a_b:C"
        let answer = try server.call(
          "GET", path, route: Self.progress, token: token, headers: ["X-Request-Id: \(id)"])
        #expect(answer.status == status)
        #expect(answer.headers["x-request-id"] == id)
        given.append(id)
      }
      let forbidden = try server.call(
        "GET", "/metrics", route: "/metrics", token: alice, headers: ["X-Request-Id: forbidden-1"])
      #expect(forbidden.status == 403)
      #expect(forbidden.headers["x-request-id"] == "forbidden-1")
      given.append("forbidden-1")
      let healthz = try server.call("GET", "/healthz", route: "/healthz", headers: ["X-Request-Id: healthz-1"])
      #expect(healthz.headers["x-request-id"] == "healthz-1")
      #expect(
        try server.call("GET", "/v1/nothing", route: "/v1/nothing", headers: ["X-Request-Id: missing-1"])
          .headers["x-request-id"] == "missing-1")

      // Otherwise a new one (a UUID), different each time.
      var fresh: Set<String> = []
      for header in [
        nil, "two words", String(repeating: "x", count: 65), "<script>", "a/b", "a=b", "",
      ] {
        let answer = try server.call(
          "GET", "/v1/catalogs", route: "/v1/catalogs", headers: header.map { ["X-Request-Id: \($0)"] } ?? [])
        let id = try #require(answer.headers["x-request-id"])
        #expect(UUID(uuidString: id) != nil && id == id.lowercased(), "\(id) for \(header ?? "none")")
        fresh.insert(id)
      }
      #expect(fresh.count == 7)

      #expect(server.process.stop() == 0)
      let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
      for secret in [
        "admin-s3cret-token-of-32-bytes-or-more", "admin-s3cret-token-of-32-bytes-or-morE", alice, expired,
        TestTokens.secret,
      ] {
        #expect(!lines.contains { $0.contains(secret) }, "the log has a token")
      }
      // No JWT's signature either (the part a log must never give away).
      for token in [alice, expired] {
        let signature = String(token.split(separator: ".")[2])
        #expect(!lines.contains { $0.contains(signature) })
      }
      // Each request's lines carry its id; only the server's own (start, stop) carry none.
      for id in given {
        let mine = lines.filter { $0.contains("hb.request.id=\(id) ") || $0.hasSuffix("hb.request.id=\(id)") }
        #expect(mine.count >= 1, "no log line for \(id)")
      }
      for line in lines where !line.contains("hb.request.id=") {
        #expect(!line.contains("hb.request.method"), "a request's line without its id: \(line)")
      }
      #expect(lines.contains { $0.contains("unauthorized") && $0.contains("reason=expired") })
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func theSanitizedID() {
    typealias Middleware = RequestIDMiddleware
    #expect(Middleware.sanitized("0af7651916cd43dd8448eb211c80319c") == "0af7651916cd43dd8448eb211c80319c")
    #expect(Middleware.sanitized("req-1.2_3:4") == "req-1.2_3:4")
    #expect(Middleware.sanitized(String(repeating: "a", count: 64)) != nil)
    for bad in [nil, "", String(repeating: "a", count: 65), "a b", "a\nb", "a\"b", "caf\u{E9}", "a=b"] {
      #expect(Middleware.sanitized(bad) == nil)
    }
  }
}
