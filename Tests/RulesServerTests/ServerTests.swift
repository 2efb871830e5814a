import Foundation
import RulesEngine
import RulesStore
import XCTest
import YAMLReader

/// `rules-server serve` over real HTTP: routes, bodies, status codes and error JSON, the token
/// guard, limits, graceful shutdown, and every answer held to docs/openapi.yaml. Run on both
/// stores (SQLiteServerTests, PostgresServerTests).
class ServerTestCase: XCTestCase {
  func storeAddress() async throws -> String { fatalError("override") }

  /// Every answer of the test, for the OpenAPI check at its end.
  var answers: [(method: String, route: String, answer: ServerProcess.Answer)] = []

  func start(token: String? = nil) async throws -> ServerProcess {
    try Binary.requireBuilt()
    return try ServerProcess(store: try await storeAddress(), token: token, test: self)
  }

  /// Sends a request, records the answer under its route template.
  func call(
    _ server: ServerProcess, _ method: String, _ path: String, route: String, body: String? = nil,
    token: String? = nil, useToken: Bool = true
  ) throws -> ServerProcess.Answer {
    let answer = try server.request(method, path, body: body, token: token, useToken: useToken)
    answers.append((method, route, answer))
    return answer
  }

  func assertError(
    _ answer: ServerProcess.Answer, _ status: Int, _ code: String, _ message: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(answer.status, status, answer.body, file: file, line: line)
    let error = (answer.json as? [String: Any])?["error"] as? [String: Any]
    XCTAssertEqual(error?["code"] as? String, code, answer.body, file: file, line: line)
    if let message { XCTAssertEqual(error?["message"] as? String, message, file: file, line: line) }
    XCTAssertEqual(answer.headers["content-type"], "application/json; charset=utf-8", file: file, line: line)
  }

  static let day = "/v1/catalogs/{catalog}/users/{user}/days/{date}"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"

  func checkRoutesBodiesAndEveryBadInput() async throws {
    let server = try await start()
    var answer = try call(server, "GET", "/healthz", route: "/healthz")
    XCTAssertEqual(answer.status, 200)
    XCTAssertEqual(answer.body, #"{"status":"ok"}"# + "\n")
    answer = try call(server, "GET", "/v1/catalogs", route: "/v1/catalogs")
    XCTAssertEqual(answer.status, 200)
    let list = try XCTUnwrap(answer.json as? [[String: Any]])
    XCTAssertEqual(list.map { $0["catalog"] as? String }, ["discipline", "imanpath", "onward", "rizq", "salahstreak"])
    XCTAssertEqual(list[3]["name"] as? String, "RIZQ")
    answer = try call(server, "GET", "/v1/catalogs/rizq", route: "/v1/catalogs/{catalog}")
    XCTAssertEqual(answer.status, 200)
    XCTAssertEqual((answer.json as? [String: Any])?["catalog"] as? String, "rizq")

    answer = try call(
      server, "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
      body: #"{"start": "2026-01-01", "timezone": "Europe/Berlin"}"#)
    XCTAssertEqual(answer.status, 200, answer.body)
    XCTAssertEqual(
      answer.body, #"{"catalog":"discipline","user":"alice","start":"2026-01-01","timezone":"Europe/Berlin"}"# + "\n")

    // A user with no record yet.
    assertError(
      try call(server, "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-01", route: Self.progress),
      404, "unknown-user", "the catalog 'discipline' has no record of the user 'alice'")

    var news: [String] = []
    for number in 1...7 {
      answer = try call(
        server, "PUT", "/v1/catalogs/discipline/users/alice/days/2026-01-0\(number)", route: Self.day,
        body: #"{"planned": true, "completed": true}"#)
      XCTAssertEqual(answer.status, 200, answer.body)
      let badges = (answer.json as? [String: Any])?["badges"] as? [String: Any]
      news += badges?["new"] as? [String] ?? []
    }
    XCTAssertFalse(news.isEmpty)
    // The same request twice: the same answer, with new empty.
    let again = try call(
      server, "PUT", "/v1/catalogs/discipline/users/alice/days/2026-01-07", route: Self.day,
      body: #"{"planned": true, "completed": true}"#)
    XCTAssertEqual(((again.json as? [String: Any])?["badges"] as? [String: Any])?["new"] as? [String], [])
    XCTAssertEqual(
      (again.json as? [String: Any])?["streaks"] as? NSDictionary,
      (answer.json as? [String: Any])?["streaks"] as? NSDictionary)

    let before = try call(
      server, "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-07", route: Self.progress)
    XCTAssertEqual(before.status, 200)

    // Every bad input by its exact answer; none changes what is stored.
    let path = "/v1/catalogs/discipline/users/alice/days/2026-01-05"
    assertError(
      try call(server, "PUT", path, route: Self.day, body: #"{"planned": true, "complete": true}"#), 400,
      "unknown-input", "unknown input 'complete'; did you mean 'completed'?")
    assertError(
      try call(server, "PUT", path, route: Self.day, body: #"{"planned": "yes"}"#), 400, "bad-value",
      "planned must be true or false; found a string ('yes')")
    assertError(
      try call(server, "PUT", path, route: Self.day, body: #"{"planned": true,"#), 400, "bad-json",
      "the body is not valid JSON: expected a key in quotes (at byte 18)")
    assertError(
      try call(server, "PUT", path, route: Self.day, body: #"[true]"#), 400, "bad-json",
      "the body must be a JSON object; found an array")
    assertError(
      try call(server, "PUT", "/v1/catalogs/discipline/users/alice/days/2026-02-30", route: Self.day, body: "{}"),
      400, "bad-date", "2026-02-30 is not a day of the calendar")
    assertError(
      try call(server, "PUT", "/v1/catalogs/discipline/users/alice/days/yesterday", route: Self.day, body: "{}"),
      400, "bad-date", "'yesterday' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31")
    let long = String(repeating: "x", count: 257)
    assertError(
      try call(server, "PUT", "/v1/catalogs/discipline/users/\(long)/days/2026-01-05", route: Self.day, body: "{}"),
      400, "bad-user", "the user id is 257 bytes long; at most 256 are allowed")
    assertError(
      try call(server, "PUT", "/v1/catalogs/nope/users/alice/days/2026-01-05", route: Self.day, body: "{}"), 404,
      "unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them")
    assertError(
      try call(
        server, "PUT", path, route: Self.day,
        body: #"{"planned": ""# + String(repeating: "a", count: 70_000) + #""}"#), 413, "too-large",
      "the body is over 64 KiB")
    assertError(
      try call(
        server, "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
        body: #"{"timezone": "Mars/Olympus"}"#), 400, "bad-value")
    assertError(
      try call(
        server, "PUT", "/v1/catalogs/discipline/users/alice", route: "/v1/catalogs/{catalog}/users/{user}",
        body: #"{"begin": "2026-01-01"}"#), 400, "unknown-field")
    assertError(
      try call(server, "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-13-01", route: Self.progress),
      400, "bad-date")
    assertError(try call(server, "GET", "/v1/nothing", route: "/v1/nothing"), 404, "not-found")

    let after = try call(
      server, "GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-07", route: Self.progress)
    XCTAssertEqual(after.body, before.body, "bad input changed nothing stored")

    answer = try call(server, "GET", "/metrics", route: "/metrics")
    XCTAssertEqual(answer.status, 200)
    XCTAssertTrue(answer.body.contains("rules_evaluations_total"), answer.body)
    XCTAssertTrue(answer.body.contains(#"rules_unlocks_total{catalog="discipline""#), answer.body)
    XCTAssertTrue(answer.body.contains("hb_requests"), answer.body)

    XCTAssertEqual(server.stop(), 0, "SIGTERM stops the server gracefully")
    try checkAgainstOpenAPI()
  }

  func checkTheTokenGuardsEveryRouteButHealthz() async throws {
    let server = try await start(token: "s3cret")
    XCTAssertEqual(try call(server, "GET", "/healthz", route: "/healthz", useToken: false).status, 200)
    for (path, route) in [
      ("/v1/catalogs", "/v1/catalogs"), ("/metrics", "/metrics"),
      ("/v1/catalogs/rizq/users/a/progress", Self.progress),
    ] {
      assertError(
        try call(server, "GET", path, route: route, useToken: false), 401, "unauthorized",
        "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN)")
      assertError(try call(server, "GET", path, route: route, token: "wrong"), 401, "unauthorized")
    }
    XCTAssertEqual(try call(server, "GET", "/v1/catalogs", route: "/v1/catalogs").status, 200)
    assertError(
      try call(
        server, "PUT", "/v1/catalogs/rizq/users/a/days/2026-01-01", route: Self.day, body: "{}", useToken: false),
      401, "unauthorized")
    try checkAgainstOpenAPI()
  }

  func checkConcurrentRequestsForOneUserLoseAndDoubleNothing() async throws {
    let server = try await start()
    let base = server.base
    // Twenty requests at once for one user, over ten days, each day twice.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for number in 0..<20 {
        group.addTask {
          let date = String(format: "2026-01-%02d", number % 10 + 1)
          let probe = try ServerProcessClient(base: base).request(
            "PUT", "/v1/catalogs/discipline/users/carol/days/\(date)", body: #"{"planned": true, "completed": true}"#)
          XCTAssertEqual(probe.status, 200, probe.body)
        }
      }
      try await group.waitForAll()
    }
    let answer = try call(
      server, "GET", "/v1/catalogs/discipline/users/carol/progress?date=2026-01-10", route: Self.progress)
    let badges = try XCTUnwrap((answer.json as? [String: Any])?["badges"] as? [String: Any])
    let unlocked = try XCTUnwrap(badges["unlocked"] as? [[String: Any]])
    let ids = unlocked.compactMap { $0["id"] as? String }
    XCTAssertEqual(ids.count, Set(ids).count)
    let streak = ((answer.json as? [String: Any])?["streaks"] as? [String: Any])?["training"] as? [String: Any]
    XCTAssertEqual(streak?["current"] as? Int, 10)
  }

  // MARK: - OpenAPI

  /// Every route and status the test saw is in docs/openapi.yaml, and every JSON body has the
  /// keys its documented schema requires.
  func checkAgainstOpenAPI(file: StaticString = #filePath, line: UInt = #line) throws {
    let document = try OpenAPIDocument.load()
    for (method, route, answer) in answers {
      guard let operation = document.operation(route, method) else {
        if answer.status == 404 { continue }  // a route that does not exist, answered 404
        XCTFail("\(method) \(route) is not in docs/openapi.yaml", file: file, line: line)
        continue
      }
      guard let response = document.response(operation, status: answer.status) else {
        XCTFail("\(method) \(route) answered \(answer.status), not in docs/openapi.yaml", file: file, line: line)
        continue
      }
      guard let schema = document.schema(of: response), let json = answer.json else { continue }
      for problem in document.problems(json, schema, at: "\(method) \(route) \(answer.status)") {
        XCTFail(problem, file: file, line: line)
      }
    }
  }
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
    let result = YAMLReader().read(path: repositoryRoot.appendingPathComponent("docs/openapi.yaml").path)
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

final class SQLiteServerTests: ServerTestCase {
  override func storeAddress() async throws -> String {
    "sqlite:" + (try temporaryFolder(self).appendingPathComponent("store.sqlite").path)
  }

  func testRoutesBodiesAndEveryBadInput() async throws { try await checkRoutesBodiesAndEveryBadInput() }
  func testTheTokenGuardsEveryRouteButHealthz() async throws { try await checkTheTokenGuardsEveryRouteButHealthz() }
  func testConcurrentRequestsForOneUserLoseAndDoubleNothing() async throws {
    try await checkConcurrentRequestsForOneUserLoseAndDoubleNothing()
  }

  func testANonLoopbackHostWithoutATokenIsRefused() throws {
    try Binary.requireBuilt()
    let result = try Binary.run("rules-server", ["serve", "--store", "sqlite:/nonexistent/x.db", "--host", "0.0.0.0"])
    XCTAssertEqual(result.status, 64)
    XCTAssertEqual(
      result.stderr,
      "error: refusing to listen on 0.0.0.0 without RULES_API_TOKEN; set it (clients send Authorization: Bearer TOKEN) or listen on 127.0.0.1\n"
    )
  }
}

final class PostgresServerTests: ServerTestCase {
  override func storeAddress() async throws -> String { try await TestPostgres.freshDatabase() }

  func testRoutesBodiesAndEveryBadInput() async throws { try await checkRoutesBodiesAndEveryBadInput() }
  func testTheTokenGuardsEveryRouteButHealthz() async throws { try await checkTheTokenGuardsEveryRouteButHealthz() }
  func testConcurrentRequestsForOneUserLoseAndDoubleNothing() async throws {
    try await checkConcurrentRequestsForOneUserLoseAndDoubleNothing()
  }
}
