import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing
import YAMLReader

/// `rules-server serve` over real HTTP: routes, bodies, status codes and error JSON, the token
/// guard, limits, graceful shutdown, and every answer held to docs/openapi.yaml. Run on both
/// stores (`Backend.all`).
@Suite struct ServerTests {
  static let day = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"

  @Test(arguments: Backend.all)
  func routesBodiesAndEveryBadInput(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      var answer = try server.call("GET", "/healthz", route: "/healthz")
      #expect(answer.status == 200)
      #expect(answer.body == #"{"status":"ok"}"# + "\n")
      answer = try server.call("GET", "/v1/catalogs", route: "/v1/catalogs")
      #expect(answer.status == 200)
      let list = try #require(answer.json as? [[String: Any]])
      #expect(list.map { $0["catalog"] as? String } == ShippedCatalogs.names)
      #expect(list[3]["name"] as? String == "RIZQ")
      answer = try server.call("GET", "/v1/catalogs/rizq", route: "/v1/catalogs/{catalog}")
      #expect(answer.status == 200)
      #expect((answer.json as? [String: Any])?["catalog"] as? String == "rizq")

      answer = try server.call(
        "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
        body: #"{"start": "2026-01-01", "timezone": "Europe/Berlin"}"#)
      #expect(answer.status == 200, "\(answer.body)")
      #expect(
        answer.body
          == #"{"catalog":"discipline","user":"alice","start":"2026-01-01","timezone":"Europe/Berlin","timezone_changes":[],"calendar":null,"day_starts_at":null}"#
          + "\n")

      // A user with no record yet.
      expectError(
        try server.call("GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-01", route: Self.progress),
        404, "unknown-user", "the catalog 'discipline' has no record of the user 'alice'")

      var news: [String] = []
      for number in 1...7 {
        answer = try server.call(
          "PUT", "/v1/catalogs/discipline/users/alice/days/2026-01-0\(number)", route: Self.day,
          body: #"{"planned": true, "completed": true}"#)
        #expect(answer.status == 200, "\(answer.body)")
        let badges = (answer.json as? [String: Any])?["badges"] as? [String: Any]
        news += badges?["new"] as? [String] ?? []
      }
      #expect(!news.isEmpty)
      // The same request twice: the same answer, with new empty.
      let again = try server.call(
        "PUT", "/v1/catalogs/discipline/users/alice/days/2026-01-07", route: Self.day,
        body: #"{"planned": true, "completed": true}"#)
      #expect(((again.json as? [String: Any])?["badges"] as? [String: Any])?["new"] as? [String] == [])
      #expect(
        (again.json as? [String: Any])?["streaks"] as? NSDictionary == (answer.json as? [String: Any])?["streaks"]
          as? NSDictionary)

      let before = try server.call(
        "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-07", route: Self.progress)
      #expect(before.status == 200)

      // Every bad input by its exact answer; none changes what is stored.
      let path = "/v1/catalogs/discipline/users/alice/days/2026-01-05"
      expectError(
        try server.call("PUT", path, route: Self.day, body: #"{"planned": true, "complete": true}"#), 400,
        "unknown-input", "unknown input 'complete'; did you mean 'completed'?")
      expectError(
        try server.call("PUT", path, route: Self.day, body: #"{"planned": "yes"}"#), 400, "bad-value",
        "planned must be true or false; found a string ('yes')")
      expectError(
        try server.call("PUT", path, route: Self.day, body: #"{"planned": true,"#), 400, "bad-json",
        "the body is not valid JSON: expected a key in quotes (at byte 18)")
      expectError(
        try server.call("PUT", path, route: Self.day, body: #"[true]"#), 400, "bad-json",
        "the body must be a JSON object; found an array")
      expectError(
        try server.call("PUT", "/v1/catalogs/discipline/users/alice/days/2026-02-30", route: Self.day, body: "{}"),
        400, "bad-date", "2026-02-30 is not a day of the calendar")
      expectError(
        try server.call("PUT", "/v1/catalogs/discipline/users/alice/days/yesterday", route: Self.day, body: "{}"),
        400, "bad-date", "'yesterday' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31")
      let long = String(repeating: "x", count: 257)
      expectError(
        try server.call("PUT", "/v1/catalogs/discipline/users/\(long)/days/2026-01-05", route: Self.day, body: "{}"),
        400, "bad-user", "the user id is 257 bytes long; at most 256 are allowed")
      expectError(
        try server.call("PUT", "/v1/catalogs/nope/users/alice/days/2026-01-05", route: Self.day, body: "{}"), 404,
        "unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them")
      expectError(
        try server.call(
          "PUT", path, route: Self.day,
          body: #"{"planned": ""# + String(repeating: "a", count: 70_000) + #""}"#), 413, "too-large",
        "the body is over 64 KiB")
      expectError(
        try server.call(
          "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
          body: #"{"timezone": "Mars/Olympus"}"#), 400, "bad-value")
      expectError(
        try server.call(
          "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
          body: #"{"begin": "2026-01-01"}"#), 400, "unknown-field")
      for (body, message) in [
        (
          #"{"timezone_changes": [{"at": "2026-03-10", "timezone": "Pacific/Auckland"}]}"#,
          "'timezone_changes': 'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '2026-03-10'"
        ),
        (
          #"{"timezone_changes": [{"at": "2026-03-10T09:30:00Z", "timezone": "Mars/Olympus"}]}"#,
          "'timezone_changes': 'Mars/Olympus' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York"
        ),
        (
          #"{"timezone_changes": [{"at": "2026-03-10T09:30:00Z", "timezone": "UTC"}, {"at": "2026-03-01T00:00:00Z", "timezone": "UTC"}]}"#,
          "'timezone_changes': the time zone changes must be in time order, one per moment: change 2 (2026-03-01T00:00:00Z) does not come after change 1 (2026-03-10T09:30:00Z)"
        ),
        (
          #"{"timezone_changes": "UTC"}"#,
          #"'timezone_changes': must be a list of {"at": ..., "timezone": ...}; found a string ('UTC')"#
        ),
      ] {
        expectError(
          try server.call(
            "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}", body: body),
          400, "bad-value", message)
      }
      expectError(
        try server.call(
          "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
          body: #"{"calendar": "lunar"}"#), 400, "bad-value")
      expectError(
        try server.call("GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-13-01", route: Self.progress),
        400, "bad-date")
      expectError(try server.call("GET", "/v1/nothing", route: "/v1/nothing"), 404, "not-found")

      let after = try server.call(
        "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-07", route: Self.progress)
      #expect(after.body == before.body, "bad input changed nothing stored")

      answer = try server.call("GET", "/metrics", route: "/metrics")
      #expect(answer.status == 200)
      #expect(answer.body.contains("rules_evaluations_total"), "\(answer.body)")
      #expect(answer.body.contains(#"rules_unlocks_total{catalog="discipline""#), "\(answer.body)")
      #expect(answer.body.contains("hb_requests"), "\(answer.body)")

      #expect(server.process.stop() == 0, "SIGTERM stops the server gracefully")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func theTokenGuardsEveryRouteButHealthz(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder, token: "s3cret-token-of-at-least-32-bytes")
      #expect(try server.call("GET", "/healthz", route: "/healthz", useToken: false).status == 200)
      for (path, route) in [
        ("/v1/catalogs", "/v1/catalogs"), ("/metrics", "/metrics"),
        ("/v1/catalogs/rizq/users/a/progress", Self.progress),
      ] {
        expectError(
          try server.call("GET", path, route: route, useToken: false), 401, "unauthorized",
          "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN)")
        expectError(try server.call("GET", path, route: route, token: "wrong"), 401, "unauthorized")
      }
      #expect(try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").status == 200)
      expectError(
        try server.call(
          "PUT", "/v1/catalogs/rizq/users/a/days/2026-01-01", route: Self.day, body: "{}", useToken: false),
        401, "unauthorized")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func concurrentRequestsForOneUserLoseAndDoubleNothing(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      let base = server.process.base
      // Twenty requests at once for one user, over ten days, each day twice.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for number in 0..<20 {
          group.addTask {
            let date = String(format: "2026-01-%02d", number % 10 + 1)
            let probe = try ServerProcessClient(base: base).request(
              "PUT", "/v1/catalogs/discipline/users/carol/days/\(date)", body: #"{"planned": true, "completed": true}"#)
            #expect(probe.status == 200, "\(probe.body)")
          }
        }
        try await group.waitForAll()
      }
      let answer = try server.call(
        "GET", "/v1/catalogs/discipline/users/carol/progress?date=2026-01-10", route: Self.progress)
      let badges = try #require((answer.json as? [String: Any])?["badges"] as? [String: Any])
      let unlocked = try #require(badges["unlocked"] as? [[String: Any]])
      let ids = unlocked.compactMap { $0["id"] as? String }
      #expect(ids.count == Set(ids).count)
      let streak = ((answer.json as? [String: Any])?["streaks"] as? [String: Any])?["training"] as? [String: Any]
      #expect(streak?["current"] as? Int == 10)
    }
  }

  @Test(arguments: Backend.all)
  func aStoreThatCannotAnswerGets503NeverA500(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      let path = "/v1/catalogs/discipline/users/erin/days/2026-01-01"
      let body = #"{"planned": true, "completed": true}"#
      #expect(try server.call("PUT", path, route: Self.day, body: body).status == 200)
      // The store breaks under the running server: its days table is gone.
      try server.breakStore()
      let answers = [
        try server.call("PUT", path, route: Self.day, body: body),
        try server.call(
          "GET", "/v1/catalogs/discipline/users/erin/progress?date=2026-01-01", route: Self.progress),
        try server.call(
          "PUT", "/v1/catalogs/discipline/users/erin", route: "/v1/catalogs/{catalog}/users/{user}",
          body: #"{"start": "2026-01-01"}"#),
      ]
      for answer in answers {
        #expect(
          answer.body
            == #"{"error":{"code":"store-unavailable","message":"the store cannot answer now; try again later"}}"#
            + "\n")
        expectError(answer, 503, "store-unavailable", "the store cannot answer now; try again later")
      }
      // Bad input is still bad input, and the server still answers.
      expectError(
        try server.call("PUT", path, route: Self.day, body: #"{"planned": 3}"#), 400, "bad-value",
        "planned must be true or false; found the integer 3")
      #expect(try server.call("GET", "/healthz", route: "/healthz").status == 200)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func aUserIDInThePathIsPercentDecodedOnce(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      let answer = try server.call(
        "PUT", "/v1/catalogs/discipline/users/alice%2541/days/2026-01-01", route: Self.day,
        body: #"{"planned": true, "completed": true}"#)
      #expect(answer.status == 200, "\(answer.body)")
      #expect((answer.json as? [String: Any])?["user"] as? String == "alice%41")
      let spaced = try server.call(
        "PUT", "/v1/catalogs/discipline/users/bob%20jr/days/2026-01-01", route: Self.day,
        body: #"{"planned": true}"#)
      #expect((spaced.json as? [String: Any])?["user"] as? String == "bob jr")
      let store = try await StoreAddress.open(server.store)
      let users = try await store.loadUsers(catalog: "discipline", ids: ["alice%41", "alice%2541", "aliceA", "bob jr"])
      try await store.close()
      #expect(users.map(\.user) == ["alice%41", "bob jr"])
      // Asked for under its encoded id again, the same user.
      #expect(
        try server.call(
          "GET", "/v1/catalogs/discipline/users/alice%2541/progress?date=2026-01-01", route: Self.progress
        ).body == answer.body)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func aNonLoopbackHostWithoutATokenIsRefused() throws {
    try Binary.requireBuilt()
    let result = try Binary.run("rules-server", ["serve", "--store", "sqlite:/nonexistent/x.db", "--host", "0.0.0.0"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "error: refusing to listen on 0.0.0.0 without RULES_API_TOKEN; set it (clients send Authorization: Bearer TOKEN) or listen on 127.0.0.1\n"
    )
  }
}

/// One `rules-server serve` of a test on a new store, and every answer it gave (for the
/// OpenAPI check at the end).
final class ServerSession {
  let process: ServerProcess
  /// The store's address.
  let store: String
  let backend: Backend
  var answers: [(method: String, route: String, answer: ServerProcess.Answer)] = []

  init(
    _ backend: Backend, in folder: URL, token: String? = nil, extra: [String] = [],
    environment: [String: String] = [:], log: URL? = nil
  ) async throws {
    try Binary.requireBuilt()
    self.backend = backend
    store = try await backend.freshAddress(in: folder)
    process = try ServerProcess(store: store, token: token, extra: extra, environment: environment, log: log)
  }

  /// Breaks the store under the running server (its `days` table renamed), as a store that
  /// lost its data or its schema would be.
  func breakStore() throws {
    let sql = "ALTER TABLE days RENAME TO days_gone"
    switch backend {
    case .sqlite:
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sqlite3", String(store.dropFirst("sqlite:".count)), sql]
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw StoreTestFailure("sqlite3 failed: \(sql)") }
    case .postgres: try TestPostgres.runPSQL(store, sql)
    }
  }

  /// Sends a request, records the answer under its route template.
  func call(
    _ method: String, _ path: String, route: String, body: String? = nil, token: String? = nil, useToken: Bool = true,
    headers: [String] = [], options: [String] = []
  ) throws -> ServerProcess.Answer {
    let answer = try process.request(
      method, path, body: body, token: token, useToken: useToken, headers: headers, options: options)
    answers.append((method, route, answer))
    return answer
  }

  /// Every route and status the test saw is in docs/openapi.yaml, and every JSON body has the
  /// keys its documented schema requires.
  func checkAgainstOpenAPI(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let document = try OpenAPIDocument.load()
    for (method, route, answer) in answers {
      guard let operation = document.operation(route, method) else {
        if answer.status == 404 { continue }  // a route that does not exist, answered 404
        Issue.record("\(method) \(route) is not in docs/openapi.yaml", sourceLocation: sourceLocation)
        continue
      }
      guard let response = document.response(operation, status: answer.status) else {
        Issue.record(
          "\(method) \(route) answered \(answer.status), not in docs/openapi.yaml", sourceLocation: sourceLocation)
        continue
      }
      guard let schema = document.schema(of: response), let json = answer.json else { continue }
      for problem in document.problems(json, schema, at: "\(method) \(route) \(answer.status)") {
        Issue.record("\(problem)", sourceLocation: sourceLocation)
      }
    }
  }
}

/// An error answer: its status, code, message (when given) and content type.
func expectError(
  _ answer: ServerProcess.Answer, _ status: Int, _ code: String, _ message: String? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(answer.status == status, "\(answer.body)", sourceLocation: sourceLocation)
  let error = (answer.json as? [String: Any])?["error"] as? [String: Any]
  #expect(error?["code"] as? String == code, "\(answer.body)", sourceLocation: sourceLocation)
  if let message { #expect(error?["message"] as? String == message, sourceLocation: sourceLocation) }
  #expect(answer.headers["content-type"] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
}

/// A client without a server process (for concurrent requests).
struct ServerProcessClient: Sendable {
  let base: URL
  func request(_ method: String, _ path: String, body: String?) throws -> ServerProcess.Answer {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    var arguments = ["curl", "-s", "-S", "-X", method, "-D", "-", "--max-time", "60", base.absoluteString + path]
    if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard let split = text.range(of: "\r\n\r\n") else { throw StoreTestFailure("no HTTP answer: \(text)") }
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    return ServerProcess.Answer(status: status, body: String(text[split.upperBound...]), headers: [:])
  }
}

/// docs/openapi.yaml, read with the project's YAML reader.
struct OpenAPIDocument {
  let root: JSONValue

  static func load() throws -> OpenAPIDocument {
    let result = YAMLDocumentReader().read(path: repositoryRoot.appendingPathComponent("docs/openapi.yaml").path)
    guard let node = result.root, !result.diagnostics.hasErrors else {
      throw StoreTestFailure("docs/openapi.yaml does not read: \(result.diagnostics.map(\.message))")
    }
    return OpenAPIDocument(root: JSONValue(node))
  }

  func resolve(_ value: JSONValue?) -> JSONValue? {
    guard let value, case .string(let reference)? = value["$ref"] else { return value }
    var current: JSONValue? = root
    for part in reference.dropFirst(2).split(separator: "/") { current = current?[String(part)] }
    return resolve(current)
  }

  func operation(_ route: String, _ method: String) -> JSONValue? {
    root["paths"]?[route]?[method.lowercased()]
  }

  func response(_ operation: JSONValue, status: Int) -> JSONValue? {
    resolve(operation["responses"]?[String(status)])
  }

  func schema(of response: JSONValue) -> JSONValue? {
    resolve(response["content"]?["application/json"]?["schema"])
  }

  /// Required keys missing, at every level the schema describes.
  func problems(_ json: Any, _ schema: JSONValue, at place: String) -> [String] {
    guard let schema = resolve(schema) else { return [] }
    var problems: [String] = []
    if let object = json as? [String: Any] {
      if case .array(let required)? = schema["required"] {
        for case .string(let key) in required where object[key] == nil {
          problems.append("\(place): the key '\(key)' is missing")
        }
      }
      if case .object(let properties)? = schema["properties"] {
        for (key, property) in properties {
          if let value = object[key] { problems += self.problems(value, property, at: "\(place).\(key)") }
        }
      }
    } else if let array = json as? [Any], let items = schema["items"] {
      for (index, item) in array.enumerated() { problems += self.problems(item, items, at: "\(place)[\(index)]") }
    }
    return problems
  }
}
