import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import RulesBackend
import RulesStore
import StoreTestSupport

@testable import RulesServer

/// The HTTP API answered in process: the route table's router and middlewares over a store,
/// with no socket and no binary (HummingbirdTesting's router framework). The process-level
/// tests (signals, kill -9, timeouts, connection caps) start the binary instead.
struct InProcessAPI {
  static let adminToken = "admin-s3cret-of-at-least-32-bytes"

  let api: HTTPAPI
  let table: RouteTable

  /// An API over `store` with the shipped catalogs; with `token` the admin token, and with
  /// `jwt` users' tokens signed with `TestTokens.secret`; `limiter` limits the rate; `catalogs`
  /// is the folder served (default: the shipped catalogs).
  init(
    store: any StoreBackend, token: String? = adminToken, jwt: Bool = true, limiter: RateLimiter? = nil,
    signInLimiter: RateLimiter? = nil, catalogs: String? = nil, credentials: CredentialIssuer? = nil
  ) async throws {
    var environment: [String: String] = [:]
    if let token { environment["RULES_API_TOKEN"] = token }
    if jwt { environment["RULES_JWT_SECRET"] = TestTokens.secret }
    let authenticator = try await Authenticator.fromEnvironment(environment)
    let folder = catalogs ?? repositoryRoot.appendingPathComponent("catalogs").path
    let (catalogs, problems, duplicates) = StoreCatalog.loadAll(in: folder)
    if !(problems + duplicates).isEmpty { throw StoreTestFailure((problems + duplicates).joined(separator: "\n")) }
    api = HTTPAPI(
      store: store, catalogs: ServedCatalogs(folder: folder, catalogs: catalogs, store: store),
      authenticator: authenticator,
      // A minute, not the server's 5 s: these tests run beside the whole suite on two cores,
      // where a SQLite write can wait seconds for the lock, and a 503 would hide the answer
      // under test (the store timeout itself is tested against the binary).
      limiter: limiter, signInLimiter: signInLimiter, storeTimeout: .seconds(60), logger: Self.quiet,
      credentials: credentials)
    table = api.routes { "" }
    // As a server's start does: the catalogs served are the store's revisions.
    await api.served.recordRevisions(catalogs, loadedBy: "start", requestID: nil, logger: Self.quiet)
  }

  static let quiet: Logger = {
    var logger = Logger(label: "rules-server-test")
    logger.logLevel = ProcessInfo.processInfo.environment["RULES_TEST_LOG"] == nil ? .critical : .debug
    return logger
  }()

  /// Runs `body` with a client of the API.
  func test<R: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> R) async throws -> R {
    let app = Application(responder: api.responder(table), logger: Self.quiet)
    return try await app.test(.router) { client in try await body(client) }
  }
}

extension TestClientProtocol {
  /// `method path` with `token` (as `Authorization: Bearer`) and `body`.
  func call(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, body: String? = nil) async throws
    -> TestResponse
  {
    var headers = HTTPFields()
    if let token { headers[.authorization] = "Bearer \(token)" }
    if body != nil { headers[.contentType] = "application/json" }
    return try await execute(uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
  }
}

extension TestResponse {
  /// The body as text.
  var text: String { String(buffer: body) }
}
