import Foundation
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

/// Issue #23: what an attacker or an unlucky operator did to the server, each by the exact
/// answer it now gets, the server still alive and answering /healthz after.
@Suite struct ServerHardeningTests {
  static let day = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let notALocale =
    "is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"

  /// /healthz answers, and within `limit` seconds.
  static func expectHealthy(
    _ server: ServerSession, within limit: Double = 3, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let began = Date()
    let answer = try server.call("GET", "/healthz", route: "/healthz")
    #expect(answer.status == 200, sourceLocation: sourceLocation)
    #expect(Date().timeIntervalSince(began) < limit, sourceLocation: sourceLocation)
    #expect(server.process.process.isRunning, sourceLocation: sourceLocation)
  }

  @Test func aLocaleThatIsNotATagIs400AndOneWithExtensionsIsServed() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      let path = "/v1/catalogs/rizq/users/fatima"
      #expect(
        try server.call("PUT", path + "/days/2026-03-19", route: Self.day, body: #"{"duas_completed": 3}"#).status
          == 200)
      for (query, shown) in [("%C3%A9", "é"), ("%E2%82%AC", "€"), ("%E4%B8%AD", "中"), ("", ""), ("en%20US", "en US")] {
        expectError(
          try server.call("GET", path + "/progress?date=2026-03-19&locale=" + query, route: Self.progress), 400,
          "bad-locale", "'\(shown)' \(Self.notALocale)")
      }
      expectError(
        try server.call("GET", path + "/progress?date=2026-03-19&locale=%FF", route: Self.progress), 400, "bad-locale")
      for tag in ["ar-u-nu-arab", "th-TH-u-nu-thai", "hi-u-nu-deva"] {
        let answer = try server.call("GET", path + "/progress?date=2026-03-19&locale=" + tag, route: Self.progress)
        #expect(answer.status == 200, "\(tag): \(answer.body)")
      }
      let accepted = try server.call(
        "GET", path + "/progress?date=2026-03-19", route: Self.progress,
        headers: ["Accept-Language: é, 中;q=0.9, ar;q=0.5"])
      #expect(accepted.status == 200)
      try Self.expectHealthy(server)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func aUserWhoseFirstDaysAreIn1900IsNotPoisonedAndAdminsCanRebuildOrDeleteUsers(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder, token: "admin-secret-of-at-least-32-bytes")
      let user = "/v1/catalogs/discipline/users/old"
      let body = #"{"planned": true, "completed": true}"#
      for date in ["1900-01-01", "1900-01-02", "1900-01-03"] {
        let answer = try server.call("PUT", "\(user)/days/\(date)", route: Self.day, body: body)
        #expect(answer.status == 200, "\(date): \(answer.body)")
      }
      let progress = try server.call("GET", "\(user)/progress?date=1900-01-03", route: Self.progress)
      #expect(progress.status == 200, "\(progress.body)")
      let streak = ((progress.json as? [String: Any])?["streaks"] as? [String: Any])?["training"] as? [String: Any]
      #expect(streak?["current"] as? Int == 3)

      let rebuilt = try server.call("POST", "\(user)/rebuild", route: "/v1/catalogs/{catalog}/users/{user}/rebuild")
      #expect(rebuilt.status == 200, "\(rebuilt.body)")
      #expect(rebuilt.body == progress.body)
      let deleted = try server.call("DELETE", user, route: "/v1/catalogs/{catalog}/users/{user}")
      #expect(deleted.status == 200)
      #expect(deleted.body == #"{"catalog":"discipline","user":"old","deleted":true}"# + "\n")
      expectError(
        try server.call("GET", "\(user)/progress?date=1900-01-03", route: Self.progress), 404, "unknown-user",
        "the catalog 'discipline' has no record of the user 'old'")
      expectError(
        try server.call("DELETE", user, route: "/v1/catalogs/{catalog}/users/{user}"), 404, "unknown-user",
        "the catalog 'discipline' has no record of the user 'old'")
      expectError(
        try server.call("DELETE", user, route: "/v1/catalogs/{catalog}/users/{user}", useToken: false), 401,
        "unauthorized")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func adminRoutesAreRefusedOnAServerWithoutAToken() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      let message = "this route needs the admin token; the server has no RULES_API_TOKEN set"
      expectError(
        try server.call("DELETE", "/v1/catalogs/discipline/users/a", route: "/v1/catalogs/{catalog}/users/{user}"),
        403, "forbidden", message)
      expectError(
        try server.call(
          "POST", "/v1/catalogs/discipline/users/a/rebuild", route: "/v1/catalogs/{catalog}/users/{user}/rebuild"),
        403, "forbidden", message)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func badPercentEncodingWrongMethodsAndHugeObjectsGetExactAnswers() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      for id in ["a%FFb", "%C3%28"] {
        expectError(
          try server.call(
            "PUT", "/v1/catalogs/discipline/users/\(id)/days/2026-01-01", route: Self.day, body: #"{"planned": true}"#),
          400, "bad-user",
          "the user id in the path is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"
        )
      }
      let wrong = try server.call("DELETE", "/v1/catalogs", route: "/v1/catalogs")
      expectError(wrong, 405, "method-not-allowed", "DELETE is not allowed on /v1/catalogs; it allows GET")
      #expect(wrong.headers["allow"] == "GET")
      let post = try server.call("POST", "/v1/catalogs/rizq/users/a", route: "/v1/catalogs/{catalog}/users/{user}")
      expectError(
        post, 405, "method-not-allowed", "POST is not allowed on /v1/catalogs/rizq/users/a; it allows PUT, DELETE")
      expectError(try server.call("GET", "/v2/nothing", route: "/v2/nothing"), 404, "not-found")
      // One body of 6,500 keys (under 64 KiB): answered at once, not after seconds of CPU.
      let keys = (0..<6_500).map { "\"k\($0)\":0" }.joined(separator: ",")
      let began = Date()
      let huge = try server.call(
        "PUT", "/v1/catalogs/discipline/users/a/days/2026-01-01", route: Self.day, body: "{\(keys)}")
      #expect(huge.status == 400)
      #expect(Date().timeIntervalSince(began) < 3)
      try Self.expectHealthy(server)
    }
  }

  @Test func requestsThatAreNotHTTPGetAJSON400() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      let port = server.process.base.port!
      let requests = [
        "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
        "GET /heal\u{0}thz HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200_000) + "\r\n\r\n",
        "NOT HTTP AT ALL\r\n\r\n",
      ]
      for request in requests {
        let connection = try RawConnection(port: port)
        connection.send(request)
        let (text, _) = connection.receive(for: 5)
        #expect(text.hasPrefix("HTTP/1.1 400"), "\(text.prefix(200))")
        #expect(text.lowercased().contains("content-type: application/json; charset=utf-8"), "\(text.prefix(300))")
        #expect(
          text.hasSuffix(
            #"{"error":{"code":"bad-request","message":"the request is not valid HTTP/1.1 (a malformed or oversized head, or a bad Content-Length)"}}"#
              + "\n"), "\(text.prefix(300))")
      }
      try Self.expectHealthy(server)
    }
  }

  @Test func slowHeadsTrickledBodiesAndIdleConnectionsAreClosed() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(
        .sqlite, in: folder, extra: ["--idle-timeout", "1", "--read-timeout", "1", "--max-connections", "16"])
      let port = server.process.base.port!
      // A head that never ends.
      let slowHead = try RawConnection(port: port)
      slowHead.send("GET /healthz HTTP/1.1\r\nHo")
      // A body trickled a byte at a time.
      let trickle = try RawConnection(port: port)
      trickle.send(
        "PUT /v1/catalogs/discipline/users/a/days/2026-01-01 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{"
      )
      // A connection that says nothing.
      let idle = try RawConnection(port: port)
      let began = Date()
      var trickleOpen = true
      while trickleOpen, Date().timeIntervalSince(began) < 12 {
        trickleOpen = trickle.send(" ")
        usleep(200_000)  // blocking: an await could wait for a thread on a loaded machine
        if trickle.receive(for: 0.01).closed { trickleOpen = false }
      }
      // Closed after the read timeout of 1 s (a generous bound for a loaded machine; it was 90 s).
      #expect(!trickleOpen, "a trickled body still held its connection after 12 s")
      #expect(Date().timeIntervalSince(began) < 10)
      #expect(slowHead.receive(for: 4).closed)
      #expect(idle.receive(for: 4).closed)
      // More idle connections than the cap: they are closed by the idle timeout, and the
      // server answers again.
      let many = try (0..<40).map { _ in try RawConnection(port: port) }
      usleep(2_500_000)
      try Self.expectHealthy(server, within: 10)
      _ = many
    }
  }

  @Test func aStoreThatHangsAnswers503WithinTheStoreTimeout() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder, extra: ["--store-timeout", "1"])
      let put = "/v1/catalogs/discipline/users/a/days/2026-01-01"
      #expect(try server.call("PUT", put, route: Self.day, body: #"{"planned": true}"#).status == 200)
      // Another program holds the store's write lock for 6 s.
      let file = String(server.store.dropFirst("sqlite:".count))
      let holder = Process()
      holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      holder.arguments = [
        "python3", "-c",
        "import sqlite3, sys, time; c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute('BEGIN EXCLUSIVE'); print('held', flush=True); time.sleep(6); c.execute('COMMIT')",
        file,
      ]
      let pipe = Pipe()
      holder.standardOutput = pipe
      try holder.run()
      _ = pipe.fileHandleForReading.availableData  // "held"
      let began = Date()
      let answer = try server.call("PUT", put, route: Self.day, body: #"{"planned": false}"#)
      expectError(answer, 503, "store-unavailable", "the store cannot answer now; try again later")
      #expect(Date().timeIntervalSince(began) < 4)
      try Self.expectHealthy(server)
      holder.waitUntilExit()
      // The lock released, the store answers again.
      #expect(try server.call("PUT", put, route: Self.day, body: #"{"planned": true}"#).status == 200)
      #expect(try server.call("GET", "/readyz", route: "/readyz").body == #"{"status":"ready"}"# + "\n")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func aPostgreSQLStoreThatCannotBeReachedIsToldAtOnceWithoutItsPassword() throws {
    try Binary.requireBuilt()
    let began = Date()
    let refused = try Binary.run("rules-server", ["serve", "--store", "postgres://nobody:secretpw@127.0.0.1:1/db"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix("error: cannot connect to the PostgreSQL store postgres://nobody@127.0.0.1:1/db: "))
    #expect(refused.stderr.contains("onnection refused"), "\(refused.stderr)")
    #expect(!refused.stderr.contains("secretpw"))
    #expect(Date().timeIntervalSince(began) < 20)
    let malformed = try Binary.run("rules-server", ["serve", "--store", "postgres://:secretpw@127.0.0.1:1/db"])
    #expect(malformed.status == 1)
    #expect(
      malformed.stderr == "error: the store 'postgres://:***@127.0.0.1:1/db' is not postgres://USER@HOST:PORT/DB\n")
  }

  @Test func anIPv6HostIsWrittenInBracketsInTheURLItPrints() throws {
    try Binary.requireBuilt()
    for host in ["[::1]", "::1"] {
      let process = try ServerProcess(
        store: "sqlite:" + NSTemporaryDirectory() + "v6-\(UUID().uuidString).sqlite", extra: ["--host", host])
      #expect(process.base.absoluteString.hasPrefix("http://[::1]:"), "\(process.base)")
      #expect(try process.request("GET", "/healthz").status == 200)
    }
  }

  @Test func aWrongPostgreSQLRoleIsNamed() throws {
    guard let url = TestPostgres.url, var components = URLComponents(string: url) else { return }
    try Binary.requireBuilt()
    components.user = "no_such_role"
    components.password = nil
    let result = try Binary.run("rules-server", ["serve", "--store", components.string!])
    #expect(result.status == 1)
    #expect(result.stderr.contains(#"role "no_such_role" does not exist"#), "\(result.stderr)")
  }
}

/// A TCP proxy on loopback in front of the test PostgreSQL (python3), to take the database away
/// from a running server and give it back, as an outage would.
final class DatabaseProxy {
  static let script = """
    import asyncio, sys
    async def pipe(reader, writer):
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except Exception:
            pass
        finally:
            writer.close()
    async def handle(client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection(sys.argv[2], int(sys.argv[3]))
        except Exception:
            client_writer.close()
            return
        await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer))
    async def main():
        server = await asyncio.start_server(handle, "127.0.0.1", int(sys.argv[1]), reuse_address=True)
        print("ready", flush=True)
        await server.serve_forever()
    asyncio.run(main())
    """
  let port: Int
  let target: (host: String, port: Int)
  private var process: Process?

  init(port: Int, target: (host: String, port: Int)) {
    self.port = port
    self.target = target
  }

  func start() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.script, "\(port)", target.host, "\(target.port)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    _ = pipe.fileHandleForReading.availableData  // "ready"
    self.process = process
  }

  /// Kills the proxy and every connection through it (SIGKILL: a child of the test runner may
  /// inherit SIGTERM ignored).
  func stop() {
    if let process, process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    process = nil
  }

  deinit { stop() }

  /// A free port on loopback.
  static func freePort() throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1]); s.close()",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let port = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      throw StoreTestFailure("no free port: \(output)")
    }
    return port
  }
}

extension ServerHardeningTests {
  @Test func aLostPostgreSQLIsTold503WithinSecondsAndUsedAgainWhenItReturns() async throws {
    guard Backend.all.contains(.postgres) else { return }
    try Binary.requireBuilt()
    let database = try await TestPostgres.freshDatabase()
    guard var components = URLComponents(string: database), let host = components.host, let port = components.port
    else { throw StoreTestFailure("not a URL: \(database)") }
    let proxy = DatabaseProxy(port: try DatabaseProxy.freePort(), target: (host, port))
    try proxy.start()
    components.port = proxy.port
    let process = try ServerProcess(store: components.string!, extra: ["--store-timeout", "2"])
    let put = "/v1/catalogs/discipline/users/a/days/2026-01-01"
    #expect(try process.request("PUT", put, body: #"{"planned": true}"#).status == 200)
    #expect(try process.request("GET", "/readyz").status == 200)

    proxy.stop()
    var began = Date()
    let lost = try process.request("PUT", put, body: #"{"planned": false}"#)
    expectError(lost, 503, "store-unavailable", "the store cannot answer now; try again later")
    #expect(Date().timeIntervalSince(began) < 6)
    #expect(try process.request("GET", "/readyz").status == 503)
    #expect(try process.request("GET", "/healthz").status == 200)

    try proxy.start()
    began = Date()
    var answered = false
    while !answered, Date().timeIntervalSince(began) < 30 {
      answered = try process.request("PUT", put, body: #"{"planned": true}"#).status == 200
      if !answered { usleep(500_000) }
    }
    #expect(answered, "the store was not used again within 30 s of its return")
    #expect(try process.request("GET", "/readyz").status == 200)
  }
}
