import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

@testable import RulesServer

/// The API in process over a new store of one backend, as the route tests call it: a server
/// with the admin token and users' JWTs, and one without tokens (the loopback default, with a
/// rate limit that never runs dry, so its answers carry the rate-limit headers). Alice and Bob
/// have days in discipline. Every answer is checked to carry `X-Request-Id`, and, on a route
/// of the table, to be one docs/openapi.yaml gives the route, with the keys its schema requires.
struct RouteHarness: Sendable {
  let backend: Backend
  /// The store's address (for `StoreSnapshot`).
  let address: String
  /// A copy of the shipped catalogs, served (a test may change it and reload).
  let catalogs: URL
  let table: RouteTable
  private let client: any TestClientProtocol
  private let openClient: any TestClientProtocol
  private let limitedClient: any TestClientProtocol
  private let document: OpenAPIDocument

  /// Alice's days in discipline: planned and completed each day, a streak of 7 by the 7th
  /// (`momentum` on the 3rd, `first-week` on the 7th).
  static let aliceDays = (1...7).map { "2026-01-0\($0)" }
  /// Bob's: three days, `momentum`.
  static let bobDays = (1...3).map { "2026-01-0\($0)" }
  static let trained = #"{"planned": true, "completed": true}"#

  /// Runs `body` with a harness over a new store of `backend`, Alice's and Bob's days put.
  static func run(_ backend: Backend, _ body: @Sendable (RouteHarness) async throws -> Void) async throws {
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("catalogs")
      // With the rule modules the catalogs import (`../rules/...`).
      for name in ["catalogs", "rules"] {
        try FileManager.default.copyItem(
          at: repositoryRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
      }
      let address = try await backend.freshAddress(in: folder)
      let store = try await StoreAddress.open(address)
      // Badges' credentials, signed with a key of the harness's own.
      let key = folder.appendingPathComponent("credential.pem")
      try P256.Signing.PrivateKey().pemRepresentation.write(to: key, atomically: true, encoding: .utf8)
      let credentials = try await CredentialIssuer.fromEnvironment(
        ["RULES_CREDENTIAL_KEY": key.path], issuerURL: RouteCases.issuerURL)
      do {
        let api = try await InProcessAPI(store: store, catalogs: catalogs.path, credentials: credentials)
        let open = try await InProcessAPI(
          store: store, token: nil, jwt: false, limiter: RateLimiter(RateLimit(rate: 10_000, burst: 10_000)),
          catalogs: catalogs.path, credentials: credentials)
        let limited = try await InProcessAPI(
          store: store, limiter: RateLimiter(RateLimit(rate: 1.0 / 3600, burst: 1)), catalogs: catalogs.path,
          credentials: credentials)
        let document = try OpenAPIDocument.load()
        try await api.test { client in
          try await open.test { openClient in
            try await limited.test { limitedClient in
              let harness = RouteHarness(
                backend: backend, address: address, catalogs: catalogs, table: api.table, client: client,
                openClient: openClient, limitedClient: limitedClient, document: document)
              for (user, days) in [("alice", aliceDays), ("bob", bobDays)] {
                for date in days {
                  let answer = try await harness.call(
                    RouteCall(.put, "/v1/catalogs/discipline/users/\(user)/days/\(date)", body: trained))
                  #expect(answer.status == .ok, "seeding \(user) \(date): \(answer.text)")
                }
              }
              try await body(harness)
            }
          }
        }
        try await store.close()
      } catch {
        try? await store.close()
        throw error
      }
    }
  }

  /// The token `caller` sends.
  static func token(_ caller: RouteCall.Caller) async throws -> String? {
    switch caller {
    case .anonymous, .openServer, .limited: return nil
    case .wrongToken: return "wrong"
    case .admin: return InProcessAPI.adminToken
    case .user(let user, let catalogs): return try await TestTokens.hs256(TestTokens.claims(user, catalogs: catalogs))
    }
  }

  /// The answer to `call`.
  @discardableResult
  func call(_ call: RouteCall, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
    var headers = HTTPFields()
    if let token = try await Self.token(call.caller) { headers[.authorization] = "Bearer \(token)" }
    if call.body != nil { headers[.contentType] = "application/json" }
    for (name, value) in call.headers { headers[HTTPField.Name(name)!] = value }
    let target =
      switch call.caller {
      case .openServer: openClient
      case .limited: limitedClient
      default: client
      }
    let answer = try await target.execute(
      uri: call.path, method: call.method, headers: headers, body: call.body.map { ByteBuffer(string: $0) })
    #expect(
      answer.headers[HTTPField.Name("X-Request-Id")!] != nil, "\(call): no X-Request-Id", sourceLocation: sourceLocation
    )
    checkDocumented(call, answer, sourceLocation: sourceLocation)
    return answer
  }

  /// The JSON object `call` answers with 200.
  func object(_ call: RouteCall, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String: Any] {
    let answer = try await self.call(call, sourceLocation: sourceLocation)
    #expect(answer.status == .ok, "\(call): \(answer.text)", sourceLocation: sourceLocation)
    #expect(answer.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    return try #require(
      Self.json(answer.text) as? [String: Any], "\(call): \(answer.text)", sourceLocation: sourceLocation)
  }

  /// The JSON array `call` answers with 200.
  func array(_ call: RouteCall, sourceLocation: SourceLocation = #_sourceLocation) async throws -> [[String: Any]] {
    let answer = try await self.call(call, sourceLocation: sourceLocation)
    #expect(answer.status == .ok, "\(call): \(answer.text)", sourceLocation: sourceLocation)
    return try #require(
      Self.json(answer.text) as? [[String: Any]], "\(call): \(answer.text)", sourceLocation: sourceLocation)
  }

  static func json(_ text: String) -> Any? { try? JSONSerialization.jsonObject(with: Data(text.utf8)) }

  /// `refusal`'s call is answered exactly as it says; the answer.
  @discardableResult
  func expect(_ refusal: Refusal, sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestResponse {
    let answer = try await call(refusal.call, sourceLocation: sourceLocation)
    #expect(answer.status.code == refusal.status, "\(refusal): \(answer.text)", sourceLocation: sourceLocation)
    let error = (Self.json(answer.text) as? [String: Any])?["error"] as? [String: Any]
    #expect(error?["code"] as? String == refusal.code, "\(refusal): \(answer.text)", sourceLocation: sourceLocation)
    #expect(
      refusal.matches(error?["message"] as? String ?? ""), "\(refusal): \(answer.text)", sourceLocation: sourceLocation)
    #expect(
      answer.headers[.contentType] == "application/json; charset=utf-8", "\(refusal)", sourceLocation: sourceLocation)
    for (name, value) in refusal.headers {
      #expect(
        answer.headers[HTTPField.Name(name)!] == value, "\(refusal): \(name)", sourceLocation: sourceLocation)
    }
    return answer
  }

  /// What the API answers of the store's data: Alice's and Bob's progress, the event log and
  /// the catalogs served (the admin token). A refused request must leave it as it was.
  func readBack() async throws -> String {
    var text = ""
    for path in [
      RouteCases.user() + "/progress?date=2026-01-07", RouteCases.user("bob") + "/progress?date=2026-01-03",
      RouteCases.user("carol") + "/progress?date=2026-01-07", "/v1/events?limit=1000", "/v1/catalogs",
    ] {
      let answer = try await call(RouteCall(.get, path))
      text += "GET \(path): \(answer.status.code) \(answer.text)"
    }
    return text
  }

  /// Breaks the store under the API (its `days` table renamed), as a store that lost its data
  /// or its schema would be.
  func breakStore() throws {
    let sql = "ALTER TABLE days RENAME TO days_gone"
    switch backend {
    case .sqlite:
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sqlite3", String(address.dropFirst("sqlite:".count)), sql]
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw StoreTestFailure("sqlite3 failed: \(sql)") }
    case .postgres: try TestPostgres.runPSQL(address, sql)
    }
  }

  /// What the store holds now.
  func snapshot() throws -> StoreSnapshot { try StoreSnapshot.of(address) }

  /// The route of the table `call` reaches (by its path made canonical, and its method).
  func route(of call: RouteCall) -> Route? {
    let path = String(CanonicalPath.canonical(call.pathOnly[...]))
    return table.routes(of: path).first { $0.method == call.method }
  }

  /// An answer of a route is one docs/openapi.yaml gives the route (its status), with the keys
  /// its documented schema requires.
  private func checkDocumented(_ call: RouteCall, _ answer: TestResponse, sourceLocation: SourceLocation) {
    guard let route = route(of: call), let operation = document.operation(route.path, route.method.rawValue) else {
      return
    }
    let place = "\(route.method) \(route.path) \(answer.status.code)"
    guard let response = document.response(operation, status: Int(answer.status.code)) else {
      Issue.record("\(place) is not in docs/openapi.yaml (\(call))", sourceLocation: sourceLocation)
      return
    }
    guard let schema = document.schema(of: response), let json = Self.json(answer.text) else { return }
    for problem in document.problems(json, schema, at: place) {
      Issue.record("\(problem)", sourceLocation: sourceLocation)
    }
  }
}
