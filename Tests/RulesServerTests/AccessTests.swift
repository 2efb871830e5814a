import Foundation
import JWTKit
import StoreTestSupport
import Testing

/// User tokens (JWT) and the admin scope, over real HTTP: a user's token opens its user's
/// routes and nothing else, every bad token is the same 401, the admin token every route.
@Suite struct AccessTests {
  static let user = "/v1/catalogs/{catalog}/users/{user}"
  static let day = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let unauthorized = "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN or a valid JWT)"

  /// Every route a user's token may call, for `user`, and the rest of the API.
  static func userCalls(_ user: String, catalog: String = "discipline") -> [(String, String, String, String?)] {
    [
      ("PUT", "/v1/catalogs/\(catalog)/users/\(user)", Self.user, #"{"start": "2026-01-01"}"#),
      ("PUT", "/v1/catalogs/\(catalog)/users/\(user)/days/2026-01-02", day, #"{"planned": true, "completed": true}"#),
      ("GET", "/v1/catalogs/\(catalog)/users/\(user)/progress?date=2026-01-02", progress, nil),
    ]
  }

  static let otherRoutes: [(String, String)] = [
    ("/v1/catalogs", "/v1/catalogs"), ("/v1/catalogs/discipline", "/v1/catalogs/{catalog}"), ("/metrics", "/metrics"),
  ]

  @Test(arguments: Backend.all)
  func aUserTokenOpensItsUserOnly(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        backend, in: folder, token: "admin-s3cret-of-at-least-32-bytes",
        environment: ["RULES_JWT_SECRET": TestTokens.secret])
      let alice = try await TestTokens.hs256(TestTokens.claims("alice"))
      // Bob has a record, put by the admin token.
      for (method, path, route, body) in Self.userCalls("bob") {
        #expect(try server.call(method, path, route: route, body: body).status == 200)
      }
      // Alice reads and writes her own progress.
      for (method, path, route, body) in Self.userCalls("alice") {
        let answer = try server.call(method, path, route: route, body: body, token: alice)
        #expect(answer.status == 200, "\(method) \(path): \(answer.body)")
      }
      // Her id percent-encoded is still her.
      #expect(
        try server.call("GET", "/v1/catalogs/discipline/users/al%69ce/progress", route: Self.progress, token: alice)
          .status == 200)
      // Bob's routes, and every route that is not a user's, are forbidden to her.
      for (method, path, route, body) in Self.userCalls("bob") + Self.userCalls("alice%2Fbob") {
        expectError(try server.call(method, path, route: route, body: body, token: alice), 403, "forbidden")
      }
      for (path, route) in Self.otherRoutes {
        expectError(try server.call("GET", path, route: route, token: alice), 403, "forbidden")
      }
      let reload = try server.call(
        "POST", "/v1/admin/catalogs/reload", route: "/v1/admin/catalogs/reload", token: alice)
      expectError(reload, 403, "forbidden")
      // A valid token without the scope (RFC 6750): not a 401 that would send the app to log in again.
      #expect(reload.headers["www-authenticate"] == #"Bearer error="insufficient_scope""#)
      // The admin routes under her own path too.
      expectError(
        try server.call(
          "POST", "/v1/catalogs/discipline/users/alice/rebuild", route: Self.user + "/rebuild", token: alice), 403,
        "forbidden")
      expectError(
        try server.call("DELETE", "/v1/catalogs/discipline/users/alice", route: Self.user, token: alice), 403,
        "forbidden")
      // What bob has is unchanged by her attempts.
      let bob = try server.call(
        "GET", "/v1/catalogs/discipline/users/bob/progress?date=2026-01-02", route: Self.progress)
      #expect(((bob.json as? [String: Any])?["streaks"] as? [String: Any])?["training"] != nil, "\(bob.body)")

      // A catalogs claim: the other catalogs are forbidden.
      let onlyRizq = try await TestTokens.hs256(TestTokens.claims("alice", catalogs: ["rizq"]))
      expectError(
        try server.call(
          "GET", "/v1/catalogs/discipline/users/alice/progress", route: Self.progress, token: onlyRizq), 403,
        "forbidden")
      expectError(
        try server.call("GET", "/v1/catalogs/rizq/users/alice/progress", route: Self.progress, token: onlyRizq), 404,
        "unknown-user")

      // The admin scope: the admin token, or a JWT with "scope": "admin".
      let admin = try await TestTokens.hs256(TestTokens.claims("ops", scope: "read admin"))
      for token in ["admin-s3cret-of-at-least-32-bytes", admin] {
        for (path, route) in Self.otherRoutes {
          #expect(try server.call("GET", path, route: route, token: token).status == 200)
        }
        #expect(
          try server.call("GET", "/v1/catalogs/discipline/users/bob/progress", route: Self.progress, token: token)
            .status == 200)
      }
      #expect(try server.call("GET", "/healthz", route: "/healthz", useToken: false).status == 200)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func everyBadTokenIsTheSame401() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        .sqlite, in: folder, token: "admin-s3cret-of-at-least-32-bytes",
        environment: ["RULES_JWT_SECRET": TestTokens.secret])
      let bad: [(String, String?)] = [
        ("expired beyond the leeway", try await TestTokens.hs256(TestTokens.claims("alice", expiresIn: -90))),
        ("not valid for 90 s", try await TestTokens.hs256(TestTokens.claims("alice", notBeforeIn: 90))),
        ("no exp", try await TestTokens.hs256(TestTokens.claims("alice", expiresIn: nil))),
        (
          "another secret",
          try await TestTokens.hs256(TestTokens.claims("alice"), secret: "another-secret-of-more-than-32-bytes-000")
        ),
        ("alg none", try TestTokens.unsigned(TestTokens.claims("alice"))),
        ("no sub", try await TestTokens.hs256(TestTokens.claims(nil))),
        ("an empty sub", try await TestTokens.hs256(TestTokens.claims(""))),
        ("malformed", "eyJhbGciOiJIUzI1NiJ9.not-base64!.x"), ("not a JWT", "alice"),
        ("the admin token's prefix", "admin-s3cre"), ("no token", nil),
      ]
      var bodies: Set<String> = []
      for (reason, token) in bad {
        for (method, path, route, body) in Self.userCalls("alice") {
          let answer = try server.call(method, path, route: route, body: body, token: token, useToken: token != nil)
          expectError(answer, 401, "unauthorized", Self.unauthorized)
          #expect(answer.headers["www-authenticate"] == "Bearer", "\(reason)")
          bodies.insert(answer.body)
        }
      }
      for (path, route) in Self.otherRoutes {
        for (_, token) in bad {
          let answer = try server.call("GET", path, route: route, token: token, useToken: token != nil)
          expectError(answer, 401, "unauthorized", Self.unauthorized)
          bodies.insert(answer.body)
        }
      }
      #expect(bodies.count == 1, "no answer tells one bad token from another")
      // Within the 60 s of clock skew: accepted.
      for token in [
        try await TestTokens.hs256(TestTokens.claims("alice", expiresIn: -30)),
        try await TestTokens.hs256(TestTokens.claims("alice", notBeforeIn: 30)),
      ] {
        let (method, path, route, body) = Self.userCalls("alice")[0]
        #expect(try server.call(method, path, route: route, body: body, token: token).status == 200)
      }
      // The scheme in any case (RFC 9110).
      let alice = try await TestTokens.hs256(TestTokens.claims("alice"))
      #expect(
        try server.call(
          "GET", "/v1/catalogs/discipline/users/alice/progress", route: Self.progress, useToken: false,
          headers: ["Authorization: bearer \(alice)"]
        ).status == 404)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func es256WithAPEMPublicKey() async throws {
    try await withTemporaryFolder { folder in
      let key = ES256PrivateKey()
      let pem = folder.appendingPathComponent("login-backend.pem")
      try Data(key.publicKey.pemRepresentation.utf8).write(to: pem)
      // No RULES_API_TOKEN: the admin scope is a JWT's only.
      let server = try await ServerSession(.sqlite, in: folder, environment: ["RULES_JWT_PUBLIC_KEY": pem.path])
      let alice = try await TestTokens.es256(TestTokens.claims("alice"), key: key)
      for (method, path, route, body) in Self.userCalls("alice") {
        #expect(try server.call(method, path, route: route, body: body, token: alice).status == 200)
      }
      expectError(
        try server.call("GET", "/v1/catalogs/discipline/users/bob/progress", route: Self.progress, token: alice), 403,
        "forbidden")
      let admin = try await TestTokens.es256(TestTokens.claims(nil, scope: "admin"), key: key)
      #expect(try server.call("GET", "/metrics", route: "/metrics", token: admin).status == 200)
      // Without RULES_API_TOKEN, an admin JWT opens the admin routes.
      let rebuilt = try server.call(
        "POST", "/v1/catalogs/discipline/users/alice/rebuild", route: Self.user + "/rebuild", token: admin)
      #expect(rebuilt.status == 200, "\(rebuilt.body)")
      #expect(
        try server.call("DELETE", "/v1/catalogs/discipline/users/alice", route: Self.user, token: admin).status == 200)
      // Another key's token, and an HS256 token keyed with the public key (algorithm confusion).
      let stranger = try await TestTokens.es256(TestTokens.claims("alice"), key: ES256PrivateKey())
      let confused = try await TestTokens.hs256(TestTokens.claims("alice"), secret: key.publicKey.pemRepresentation)
      for token in [stranger, confused] {
        expectError(
          try server.call("GET", "/v1/catalogs/discipline/users/alice/progress", route: Self.progress, token: token),
          401, "unauthorized")
      }
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func rs256WithAPEMPublicKey() async throws {
    try await withTemporaryFolder { folder in
      // The login backend's RSA key, made as an operator would make it.
      let privatePEM = folder.appendingPathComponent("login-private.pem")
      let publicPEM = folder.appendingPathComponent("login.pem")
      try runOpenSSL(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privatePEM.path])
      try runOpenSSL(["pkey", "-in", privatePEM.path, "-pubout", "-out", publicPEM.path])
      let server = try await ServerSession(
        .sqlite, in: folder, environment: ["RULES_JWT_PUBLIC_KEY": publicPEM.path])
      let keys = JWTKeyCollection()
      await keys.add(
        rsa: try Insecure.RSA.PrivateKey(pem: String(contentsOf: privatePEM, encoding: .utf8)),
        digestAlgorithm: .sha256)
      let alice = try await keys.sign(TestTokens.claims("alice"))
      for (method, path, route, body) in Self.userCalls("alice") {
        #expect(try server.call(method, path, route: route, body: body, token: alice).status == 200)
      }
      expectError(
        try server.call("GET", "/v1/catalogs/discipline/users/bob/progress", route: Self.progress, token: alice), 403,
        "forbidden")
      let other = try await TestTokens.hs256(
        TestTokens.claims("alice"), secret: try String(contentsOf: publicPEM, encoding: .utf8))
      expectError(
        try server.call("GET", "/v1/catalogs/discipline/users/alice/progress", route: Self.progress, token: other), 401,
        "unauthorized")
      try server.checkAgainstOpenAPI()
    }
  }

  func runOpenSSL(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl"] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw StoreTestFailure("openssl \(arguments.joined(separator: " ")) failed") }
  }

  @Test func anAudienceWhenConfigured() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        .sqlite, in: folder,
        environment: ["RULES_JWT_SECRET": TestTokens.secret, "RULES_JWT_AUDIENCE": "rules-server"])
      let (method, path, route, body) = Self.userCalls("alice")[0]
      let right = try await TestTokens.hs256(TestTokens.claims("alice", audience: "rules-server"))
      #expect(try server.call(method, path, route: route, body: body, token: right).status == 200)
      for token in [
        try await TestTokens.hs256(TestTokens.claims("alice", audience: "another-service")),
        try await TestTokens.hs256(TestTokens.claims("alice")),
      ] {
        expectError(try server.call(method, path, route: route, body: body, token: token), 401, "unauthorized")
      }
    }
  }

  @Test func aBadKeyConfigurationIsRefusedAtStart() throws {
    try Binary.requireBuilt()
    let folder = FileManager.default.temporaryDirectory
    let notAKey = folder.appendingPathComponent("not-a-key-\(UUID().uuidString).pem")
    try Data("-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n".utf8).write(to: notAKey)
    defer { try? FileManager.default.removeItem(at: notAKey) }
    let cases: [([String: String], String)] = [
      (["RULES_JWT_SECRET": "short"], "error: RULES_JWT_SECRET must be at least 32 bytes long (HS256)\n"),
      (
        ["RULES_JWT_SECRET": TestTokens.secret, "RULES_JWT_PUBLIC_KEY": notAKey.path],
        "error: set RULES_JWT_SECRET or RULES_JWT_PUBLIC_KEY, not both\n"
      ),
      (
        ["RULES_JWT_PUBLIC_KEY": "/nonexistent/key.pem"],
        "error: RULES_JWT_PUBLIC_KEY: cannot read /nonexistent/key.pem\n"
      ),
      (
        ["RULES_JWT_PUBLIC_KEY": notAKey.path],
        "error: RULES_JWT_PUBLIC_KEY: \(notAKey.path) is not a PEM public key of P-256 (ES256) or RSA of 2048 bits or more (RS256)\n"
      ),
    ]
    for (environment, message) in cases {
      let result = try Binary.run(
        "rules-server", ["serve", "--store", "sqlite:/nonexistent/x.db"], environment: environment)
      #expect(result.status == 64)
      #expect(result.stderr == message)
    }
  }
}
