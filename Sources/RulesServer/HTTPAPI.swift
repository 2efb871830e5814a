import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import RulesEngine
import RulesStore

/// An answer of the API that is an error: `{"error": {"code": ..., "message": ...}}`.
struct APIError: Error, HTTPResponseError {
  var status: HTTPResponse.Status
  var code: String
  var message: String

  init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
    let body = JSONInput.object([("error", .object([("code", .string(code)), ("message", .string(message))]))])
      .serialized
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body + "\n")))
  }
}

/// The HTTP API of PRODUCT.md over one store and the catalogs of a folder.
struct HTTPAPI: Sendable {
  static let maxBody = 64 * 1024

  let store: any RulesStore
  let catalogs: [String: StoreCatalog]
  let order: [String]
  let token: String?
  let evaluations = Counter(label: "rules_evaluations_total")
  let logger: Logger

  init(store: any RulesStore, catalogs: [StoreCatalog], token: String?, logger: Logger) {
    self.store = store
    var byID: [String: StoreCatalog] = [:]
    for catalog in catalogs { byID[catalog.id] = catalog }
    self.catalogs = byID
    self.order = catalogs.map(\.id).sorted()
    self.token = token
    self.logger = logger
  }

  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
  }

  func router(metrics: @escaping @Sendable () -> String) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: ErrorMiddleware())
    router.add(middleware: MetricsMiddleware())
    router.add(middleware: LogRequestsMiddleware(.info))
    router.add(middleware: AuthMiddleware(token: token))
    router.get("/healthz") { _, _ in Self.json(#"{"status":"ok"}"#) }
    router.get("/metrics") { _, _ in
      var headers = HTTPFields()
      headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
      return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: metrics())))
    }
    router.get("/v1/catalogs") { _, _ in
      let list = order.map { id -> JSONInput in
        let catalog = catalogs[id]!
        return .object([("catalog", .string(id)), ("name", .string(catalog.name)), ("version", .int(catalog.version))])
      }
      return Self.json(JSONInput.array(list).serialized)
    }
    router.get("/v1/catalogs/:catalog") { _, context in
      Self.json(try catalog(context).export)
    }
    router.put("/v1/catalogs/:catalog/users/:user") { request, context in
      try await putUser(request, context)
    }
    router.put("/v1/catalogs/:catalog/users/:user/days/:date") { request, context in
      try await putDay(request, context)
    }
    router.get("/v1/catalogs/:catalog/users/:user/progress") { request, context in
      try await progress(request, context)
    }
    return router
  }

  func catalog(_ context: BasicRequestContext) throws -> StoreCatalog {
    let id = context.parameters.get("catalog") ?? ""
    guard let catalog = catalogs[id] else {
      throw APIError(.notFound, "unknown-catalog", "there is no catalog '\(id)'; GET /v1/catalogs lists them")
    }
    return catalog
  }

  func user(_ context: BasicRequestContext) throws -> String {
    let raw = context.parameters.get("user") ?? ""
    let id = raw.removingPercentEncoding ?? raw
    if let problem = UserID.problem(id) { throw APIError(.badRequest, "bad-user", problem) }
    return id
  }

  func day(_ text: String) throws -> CalendarDay {
    if let problem = CalendarDay.problem(with: text) { throw APIError(.badRequest, "bad-date", problem) }
    return CalendarDay.parsed(text)!
  }

  /// The body as a JSON object (at most 64 KiB).
  func object(_ request: Request) async throws -> [(String, JSONInput)] {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxBody {
      throw Self.tooLarge
    }
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: Self.maxBody)
    } catch {
      throw Self.tooLarge
    }
    let value: JSONInput
    do {
      value = try JSONReader.parse(buffer.readableBytesView)
    } catch {
      throw APIError(.badRequest, "bad-json", "the body is \(error.message)")
    }
    guard case .object(let pairs) = value else {
      throw APIError(.badRequest, "bad-json", "the body must be a JSON object; found \(value.kindDescription)")
    }
    return pairs
  }

  /// Any failure that is not the request's: the store is down, unreachable or broken.
  static let storeUnavailable = APIError(
    .serviceUnavailable, "store-unavailable", "the store cannot answer now; try again later")

  static let tooLarge = APIError(
    .contentTooLarge, "too-large", "the body is over \(maxBody / 1024) KiB")

  func putUser(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    var start: CalendarDay?
    var zone: String?
    var changes: [TimeZoneChange] = []
    var calendar: String?
    for (key, value) in try await object(request) {
      switch (key, value) {
      case ("start", .null), ("timezone", .null), ("timezone_changes", .null), ("calendar", .null): continue
      case ("timezone_changes", _):
        switch ZoneHistory.read(value) {
        case .success(let read): changes = read
        case .failure(let problem): throw APIError(.badRequest, problem.code, problem.message)
        }
      case ("calendar", .string(let text)):
        guard (try? UserCalendar(named: text)) != nil else {
          throw APIError(.badRequest, "bad-value", "'calendar': " + UserCalendar.unknownMessage(text))
        }
        calendar = text
      case ("start", .string(let text)): start = try day(text)
      case ("timezone", .string(let text)):
        guard TimeZone(identifier: text) != nil else {
          throw APIError(
            .badRequest, "bad-value",
            "'\(text)' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York")
        }
        zone = text
      case ("start", _), ("timezone", _), ("calendar", _):
        throw APIError(.badRequest, "bad-value", "'\(key)' must be a string; found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field",
          "unknown field '\(key)'; the body may hold start, timezone, timezone_changes and calendar")
      }
    }
    let info = ImportUser(user: user, start: start, timeZone: zone, timeZoneChanges: changes, calendar: calendar)
    try await store.withLockedUser(catalog: catalog.id, user: user, put: nil, info: info, allDays: false) { _ in
      (nil, ())
    }
    return Self.json(
      JSONInput.object([
        ("catalog", .string(catalog.id)), ("user", .string(user)),
        ("start", start.map { .string($0.description) } ?? .null), ("timezone", zone.map(JSONInput.string) ?? .null),
        (
          "timezone_changes",
          .array(
            changes.map {
              .object([("at", .string(TimeZoneChange.text($0.at))), ("timezone", .string($0.zone.identifier))])
            })
        ),
        ("calendar", calendar.map(JSONInput.string) ?? .null),
      ]).serialized)
  }

  func putDay(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    let date = try day(context.parameters.get("date") ?? "")
    let locale = Self.locale(request, catalog: catalog)
    let pairs = try await object(request)
    let record: String
    switch catalog.schema.record(pairs) {
    case .success(let text): record = text
    case .failure(let problems):
      throw APIError(.badRequest, problems.problems[0].code, problems.problems.map(\.message).joined(separator: "; "))
    }
    let check = try await store.evaluateLocked(
      catalog: catalog.id, user: user, put: StoredDay(date: date, record: record, encoded: catalog.encoded(record))
    ) { loaded in
      guard let loaded else { throw StoreError("the user \(user) was not stored") }
      return try UserEvaluation.run(loaded, catalog: catalog, on: date, locale: locale)
    }
    count(check, catalog: catalog)
    return Self.json(check.json)
  }

  func progress(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    let asked = try request.uri.queryParameters.get("date").map { try day(String($0)) }
    let locale = Self.locale(request, catalog: catalog)
    // Read only, taking no lock: what the user has as of the date; the batch and PUT save states.
    let check: UserCheck? = try await store.evaluateReading(catalog: catalog.id, user: user) { loaded in
      guard let loaded, loaded.state != nil || !loaded.days.isEmpty else { return nil }
      let (_, check) = try UserEvaluation.run(
        loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded), locale: locale)
      return check
    }
    guard let check else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    evaluations.increment()
    return Self.json(check.json)
  }

  /// The language of an evaluation's texts: `?locale=`, else the first language of
  /// `Accept-Language` the catalog has (by `LocaleChain`), else nil (the catalog's default).
  static func locale(_ request: Request, catalog: StoreCatalog) -> String? {
    if let asked = request.uri.queryParameters.get("locale"), !asked.isEmpty { return String(asked) }
    guard let header = request.headers[.acceptLanguage] else { return nil }
    let known = Set(catalog.engine.locales)
    return LocaleChain.accepted(header).first { locale in
      LocaleChain.chain(locale, defaultLocale: "").contains(where: known.contains)
    }
  }

  func count(_ check: UserCheck, catalog: StoreCatalog) {
    evaluations.increment()
    for unlock in check.new {
      Counter(label: "rules_unlocks_total", dimensions: [("catalog", catalog.id), ("badge", unlock.badge)]).increment()
    }
  }
}

/// `RULES_API_TOKEN`: every route but /healthz needs `Authorization: Bearer TOKEN`.
struct AuthMiddleware<Context: RequestContext>: RouterMiddleware {
  let token: String?

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    guard let token, request.uri.path != "/healthz" else { return try await next(request, context) }
    let given = request.headers[.authorization] ?? ""
    let expected = "Bearer " + token
    // The same time whatever the first differing byte.
    var differs = given.utf8.count != expected.utf8.count
    for (a, b) in zip(given.utf8, expected.utf8) where a != b { differs = true }
    if differs {
      throw APIError(.unauthorized, "unauthorized", "this server needs Authorization: Bearer TOKEN (RULES_API_TOKEN)")
    }
    return try await next(request, context)
  }
}

/// Every error answer in the API's shape, and never a bare 500: a route that does not exist is
/// 404 `not-found`, a store failure 503 `store-unavailable`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      throw error
    } catch let error as HTTPError {
      switch error.status {
      case .notFound: throw APIError(.notFound, "not-found", "there is no route \(request.method) \(request.uri.path)")
      case .methodNotAllowed:
        throw APIError(
          .methodNotAllowed, "method-not-allowed", "\(request.method) is not allowed on \(request.uri.path)")
      case .contentTooLarge: throw HTTPAPI.tooLarge
      default: throw APIError(error.status, "bad-request", error.body ?? "\(error.status)")
      }
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      throw HTTPAPI.tooLarge
    } catch {
      // The details go to the log, not to the client (they name tables and statements).
      context.logger.error("request failed", metadata: ["error": "\(error)"])
      throw HTTPAPI.storeUnavailable
    }
  }
}
