import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// An answer of the API that is an error: `{"error": {"code": ..., "message": ...}}`.
struct APIError: Error, HTTPResponseError {
  var status: HTTPResponse.Status
  var code: String
  var message: String
  /// The methods of a 405's `Allow`.
  var allow: [HTTPRequest.Method]

  init(_ status: HTTPResponse.Status, _ code: String, _ message: String, allow: [HTTPRequest.Method] = []) {
    self.status = status
    self.code = code
    self.message = message
    self.allow = allow
  }

  func response(from request: Request, context: some RequestContext) throws -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
    // A token that is valid but does not open the route (RFC 6750, 3.1): 403, not 401, so that
    // an app does not take it for an expired login.
    if status == .forbidden { headers[.wwwAuthenticate] = #"Bearer error="insufficient_scope""# }
    if !allow.isEmpty { headers[.allow] = allow.map(\.rawValue).joined(separator: ", ") }
    let body = JSONValue.object([("error", .object([("code", .string(code)), ("message", .string(message))]))])
      .serialized(indent: nil)
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body + "\n")))
  }
}

/// The HTTP API of PRODUCT.md over one store and the catalogs of a folder.
struct HTTPAPI: Sendable {
  static let maxBody = 64 * 1024

  let store: any StoreBackend
  /// The catalogs served (reloaded on SIGHUP and `POST /v1/admin/catalogs/reload`).
  let served: ServedCatalogs
  let authenticator: Authenticator
  let limiter: RateLimiter?
  /// The console's sign-in attempts per client address (`RateLimiter.signIn`), always limited.
  let signInLimiter: RateLimiter
  /// The `Host` names answered (`serve` without a token: loopback and `--allowed-host`); nil:
  /// any.
  let allowedHosts: AllowedHosts?
  /// How long a store call may take before the request gets 503 `store-unavailable`.
  let storeTimeout: Duration
  /// How long a request may take from its head to its answer before it gets 503 `timeout`
  /// and its work is cancelled (`serve --request-timeout`; nil: no limit).
  let requestTimeout: Duration?
  let evaluations = Counter(label: "rules_evaluations_total")
  /// The last failed write, for `/readyz`.
  let writeFailures = WriteFailures()
  let logger: Logger
  /// The console's sessions (`/console`, docs/console.md).
  let consoleSessions: ConsoleSessions
  /// Issues badges' Open Badges credentials; nil without `RULES_CREDENTIAL_KEY`.
  let credentials: CredentialIssuer?

  init(
    store: any StoreBackend, catalogs: ServedCatalogs, authenticator: Authenticator, limiter: RateLimiter? = nil,
    signInLimiter: RateLimiter? = nil, allowedHosts: AllowedHosts? = nil, storeTimeout: Duration = .seconds(5),
    requestTimeout: Duration? = nil, logger: Logger, credentials: CredentialIssuer? = nil
  ) {
    self.credentials = credentials
    self.allowedHosts = allowedHosts
    self.signInLimiter =
      signInLimiter ?? RateLimiter(RateLimiter.signIn, trustedProxies: limiter?.trustedProxies ?? [])
    self.store = store
    self.storeTimeout = storeTimeout
    self.requestTimeout = requestTimeout
    self.served = catalogs
    self.authenticator = authenticator
    self.limiter = limiter
    self.logger = logger
    consoleSessions = ConsoleSessions(authenticator: authenticator)
  }

  static func json(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json; charset=utf-8"
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
  }

  /// Every route of the API: the one list (docs/store.md, "Adding a route").
  func routes(metrics: @escaping @Sendable () -> String) -> RouteTable {
    let leaderboards = LeaderboardsController(api: self)
    let progress = ProgressController(api: self)
    let revisions = RevisionsController(api: self)
    let experiments = ExperimentsController(api: self)
    let sync = SyncController(api: self)
    let credentials = CredentialsController(api: self)
    return RouteTable([
      Route(.get, "/healthz", .public) { _, _ in Self.json(#"{"status":"ok"}"#) },
      Route(.get, "/readyz", .public) { _, _ in try await ready() },
      Route(.get, "/v1/openapi.json", .public) { _, _ in
        let catalogs = served.set.order.map { served.set.byID[$0]! }
        return Self.json(
          ServedDocument.json(catalogs).serialized(indent: nil))
      },
      Route(.get, "/metrics", .adminOrOpen) { _, _ in Self.metrics(metrics()) },
      Route(.get, "/v1/catalogs", .adminOrOpen) { _, _ in Self.json(Self.list(served.set)) },
      Route(.get, "/v1/catalogs/{catalog}", .adminOrOpen) { _, context in Self.json(try catalog(context).export) },
      Route(.put, "/v1/catalogs/{catalog}/users/{user}", .ownUser, putUser),
      Route(.delete, "/v1/catalogs/{catalog}/users/{user}", .admin, deleteUser),
      Route(.post, "/v1/catalogs/{catalog}/users/{user}/rebuild", .admin, rebuild),
      Route(.put, "/v1/catalogs/{catalog}/users/{user}/pauses/{from}", .ownUser, putPause),
      Route(.delete, "/v1/catalogs/{catalog}/users/{user}/pauses/{from}", .ownUser, deletePause),
      Route(.post, "/v1/catalogs/{catalog}/users/{user}/freezes", .admin, postFreezes),
      Route(.post, "/v1/catalogs/{catalog}/users/{user}/streaks/{name}/restore", .admin, postRestore),
      Route(.put, "/v1/catalogs/{catalog}/users/{user}/days/{date}", .ownUser, putDay),
      Route(.get, "/v1/catalogs/{catalog}/users/{user}/progress", .ownUser, progress.progress),
      Route(.get, "/v1/catalogs/{catalog}/users/{user}/catalog", .ownUser, sync.catalog),
      Route(.get, "/v1/catalogs/{catalog}/users/{user}/state", .ownUser, sync.state),
      Route(.get, "/v1/catalogs/{catalog}/users/{user}/badges/{badge}/explanation", .ownUser, explanation),
      Route(.get, "/v1/catalogs/{catalog}/users/{user}/badges/{badge}/credential", .ownUser, credentials.credential),
      Route(.get, "/.well-known/jwks.json", .public, credentials.jwks),
      Route(.get, "/v1/catalogs/{catalog}/leaderboards/{name}", .catalogUser, leaderboards.leaderboard),
      Route(.get, "/v1/catalogs/{catalog}/stats", .adminOrOpen, leaderboards.stats),
      Route(.get, "/v1/events", .admin, events),
      Route(.post, "/v1/admin/catalogs/reload", .admin, reload),
      Route(.get, "/v1/admin/catalogs/{catalog}/revisions", .admin, revisions.list),
      Route(.post, "/v1/admin/catalogs/{catalog}/revisions/{hash}/restore", .admin, revisions.restore),
      Route(.post, "/v1/admin/experiments", .admin, experiments.start),
      Route(.get, "/v1/admin/experiments/{name}", .admin, experiments.show),
      Route(.post, "/v1/admin/experiments/{name}/stop", .admin, experiments.stop),
      Route(.post, "/v1/admin/experiments/{name}/promote", .admin, experiments.promote),
    ]).adding(ConsoleController(api: self).routes)
  }

  /// The API's responder: the request's path made canonical (`CanonicalPath`), then the router
  /// of `table` behind the middlewares (the request id, errors in the API's shape, metrics, the
  /// log, the `Host` of a server without a token, the request timeout, the access check).
  func responder(_ table: RouteTable) -> some HTTPResponder<APIRequestContext> {
    var middlewares: [any MiddlewareProtocol<Request, Response, APIRequestContext>] = [
      RequestIDMiddleware(), ErrorMiddleware(allowed: table.allowedMethods), MetricsMiddleware(),
      LogRequestsMiddleware(.info),
    ]
    if let allowedHosts { middlewares.append(AllowedHostsMiddleware(hosts: allowedHosts)) }
    if let requestTimeout {
      let sessions = consoleSessions
      middlewares.append(
        RequestTimeoutMiddleware(limit: requestTimeout) { request in
          // A console page is answered as a page.
          guard ConsoleGate.isConsole(request.uri.path) else { return nil }
          let error = RequestTimeoutMiddleware<APIRequestContext>.error(requestTimeout)
          return ConsolePages.problem(
            .serviceUnavailable, "This page took too long", error.message, csrf: sessions.csrf(of: request))
        })
    }
    let api = self
    let gate = ConsoleGate(sessions: consoleSessions) { session in await api.signedOut(session) }
    middlewares.append(
      AccessMiddleware(authenticator: authenticator, limiter: limiter, table: table, console: gate))
    let router = table.router(middlewares: middlewares)
    return CanonicalPathResponder(next: router.buildResponder())
  }

  /// Whether a console session was signed out; true when the store cannot say (the console
  /// then asks to sign in again rather than admit a session it cannot check).
  func signedOut(_ session: String) async -> Bool {
    let store = store
    return (try? await stored { try await store.consoleSessionEnded(session) }) ?? true
  }

  /// `GET /readyz`: the store answers a question within the store timeout, or the server is
  /// not ready.
  func ready() async throws -> Response {
    _ = try await stored { try await store.schemaVersion() }
    try checkWrites()
    return Self.json(#"{"status":"ready"}"#)
  }

  static func metrics(_ text: String) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// `POST /v1/admin/catalogs/reload`: the folder read again, every catalog or none.
  func reload(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    do throws(ServedCatalogs.Refusal) {
      return Self.json(
        ServedCatalogs.json(try await served.reload(logger: logger, requestID: RevisionsController.requestID(context))))
    } catch let refusal {
      if refusal.storeFailed {
        throw APIError(
          .serviceUnavailable, "store-unavailable",
          "the catalogs were not reloaded; the ones served are unchanged: the store could not be read to check them; try again later"
        )
      }
      throw APIError(
        .unprocessableContent, "catalog-invalid",
        "the catalogs were not reloaded; the ones served are unchanged: " + refusal.problems.joined(separator: "\n"))
    }
  }

  /// `GET /v1/catalogs`: each catalog served, with the version it serves now.
  static func list(_ set: ServedCatalogs.Set) -> String {
    JSONValue.array(
      set.order.map { id in
        let catalog = set.byID[id]!
        return .object([("catalog", .string(id)), ("name", .string(catalog.name)), ("version", .int(catalog.version))])
      }
    ).serialized(indent: nil)
  }

  func catalog(_ context: APIRequestContext) throws -> StoreCatalog {
    let id = context.parameters.get("catalog") ?? ""
    guard let catalog = served.set.byID[id] else {
      throw APIError(.notFound, "unknown-catalog", "there is no catalog '\(id)'; GET /v1/catalogs lists them")
    }
    return catalog
  }

  func user(_ context: APIRequestContext) throws -> String {
    let raw = context.parameters.get("user") ?? ""
    guard let id = raw.removingPercentEncoding else {
      throw APIError(
        .badRequest, "bad-user",
        "the user id in the path is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"
      )
    }
    if let problem = UserID.problem(id) { throw APIError(.badRequest, "bad-user", problem) }
    return id
  }

  /// `work` on the store, answered 503 `store-unavailable` when it takes longer than the store
  /// timeout (a lost database must not hold requests for minutes).
  func stored<R: Sendable>(_ work: @escaping @Sendable () async throws -> R) async throws -> R {
    let logger = logger
    return try await Deadline.run(
      within: storeTimeout,
      onTimeout: {
        logger.error("the store did not answer in time")
        return Self.storeUnavailable
      },
      onLateFailure: { error in
        logger.error("a store call answered 503 (too slow) then failed", metadata: ["error": "\(Self.logged(error))"])
      }, work)
  }

  func day(_ text: String) throws -> CalendarDay {
    if let problem = CalendarDay.problem(with: text) { throw APIError(.badRequest, "bad-date", problem) }
    return CalendarDay.parsed(text)!
  }

  /// The body as a JSON object (at most 64 KiB).
  func object(_ request: Request) async throws -> [(String, JSONValue)] {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > Self.maxBody {
      throw Self.tooLarge
    }
    let buffer: ByteBuffer
    do {
      buffer = try await request.body.collect(upTo: Self.maxBody)
    } catch {
      throw Self.tooLarge
    }
    let value: JSONValue
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

  /// What the log says of an error: PostgreSQL's own message, SQLSTATE and detail
  /// (`StoreError.postgresText`: PostgresNIO hides them from `description`, lest they reach a
  /// client; the log is where they belong), else its debug description.
  static func logged(_ error: any Error) -> String {
    StoreError.postgresText(error) ?? String(reflecting: error)
  }

  /// Any failure that is not the request's: the store is down, unreachable or broken.
  static let storeUnavailable = APIError(
    .serviceUnavailable, "store-unavailable", "the store cannot answer now; try again later")

  static let tooLarge = APIError(
    .contentTooLarge, "too-large", "the body is over \(maxBody / 1024) KiB")

  func putUser(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    var start: CalendarDay?
    var zone: String?
    var changes: [TimeZoneChange] = []
    var calendar: String?
    var dayStart: DayStart?
    for (key, value) in try await object(request) {
      switch (key, value) {
      case ("start", .null), ("timezone", .null), ("timezone_changes", .null), ("calendar", .null),
        ("day_starts_at", .null):
        continue
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
      case ("day_starts_at", .string(let text)):
        guard let value = DayStart(text) else {
          throw APIError(.badRequest, "bad-value", DayStart.problem("day_starts_at", found: text))
        }
        dayStart = value
      case ("start", .string(let text)): start = try day(text)
      case ("timezone", .string(let text)):
        guard TimeZone(identifier: text) != nil else {
          throw APIError(
            .badRequest, "bad-value",
            "'\(text)' is not a time zone; use an IANA name such as Europe/Berlin or America/New_York")
        }
        zone = text
      case ("start", _), ("timezone", _), ("calendar", _), ("day_starts_at", _):
        throw APIError(.badRequest, "bad-value", "'\(key)' must be a string; found \(value.kindDescription)")
      default:
        throw APIError(
          .badRequest, "unknown-field",
          "unknown field '\(key)'; the body may hold start, timezone, timezone_changes, calendar and day_starts_at")
      }
    }
    let info = ImportUser(
      user: user, start: start, timeZone: zone, timeZoneChanges: changes, calendar: calendar, dayStartsAt: dayStart)
    try await written {
      try await store.withLockedUser(catalog: catalog.id, user: user, put: nil, info: info, allDays: false) { _ in
        (nil, ())
      }
    }
    return Self.json(
      JSONValue.object([
        ("catalog", .string(catalog.id)), ("user", .string(user)),
        ("start", start.map { .string($0.description) } ?? .null), ("timezone", zone.map(JSONValue.string) ?? .null),
        (
          "timezone_changes",
          .array(
            changes.map {
              .object([("at", .string(TimeZoneChange.text($0.at))), ("timezone", .string($0.zone.identifier))])
            })
        ),
        ("calendar", calendar.map(JSONValue.string) ?? .null),
        ("day_starts_at", dayStart.map { .string($0.description) } ?? .null),
      ]).serialized(indent: nil))
  }

  func putDay(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try catalog(context)
    let user = try user(context)
    // The user's arm of the catalog's running experiment decides the catalog (docs/experiments.md).
    let armed = armed(control, user: user)
    let catalog = armed.catalog
    let date = try day(context.parameters.get("date") ?? "")
    let locale = try Self.locale(request, catalog: catalog)
    let pairs = try await object(request)
    let record: ValidRecord
    switch catalog.schema.record(pairs) {
    case .success(let valid): record = valid
    case .failure(let problems):
      throw APIError(.badRequest, problems.problems[0].code, problems.problems.map(\.message).joined(separator: "; "))
    }
    let check = try await Self.refusingFutureDates {
      try await written {
        try await store.evaluateLocked(catalog: catalog.id, user: user, put: catalog.storedDay(date, record)) {
          loaded in
          guard let loaded else { throw StoreError("the user \(user) was not stored") }
          return try Self.evaluating {
            // After the user's today and the slack: refused, and the day put is rolled back.
            try FutureDays.system.check(date, for: loaded, in: catalog)
            return try armed.run(loaded, on: date, locale: locale)
          }
        }
      }
    }
    count(check, catalog: catalog)
    return Self.json(armed.json(check))
  }

  /// `DELETE /v1/catalogs/{catalog}/users/{user}` (admin): the user's days, state and unlocks
  /// are deleted; 404 for a user the catalog has no record of.
  func deleteUser(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try catalog(context)
    let user = try user(context)
    let deleted = try await written { try await store.deleteUser(catalog: catalog.id, user: user) }
    guard deleted else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    logger.notice("user deleted", metadata: ["catalog": "\(catalog.id)", "user": "\(user)"])
    return Self.json(
      JSONValue.object([("catalog", .string(catalog.id)), ("user", .string(user)), ("deleted", .bool(true))])
        .serialized(indent: nil)
    )
  }

  /// `POST /v1/catalogs/{catalog}/users/{user}/rebuild[?date=D]` (admin): the user counted
  /// again from every stored day as of D (default: the saved state's date, else today in the
  /// user's time zone), keeping their unlocks; a saved state that cannot be read is dropped
  /// and made anew. Answers the evaluation, and saves it.
  func rebuild(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let control = try catalog(context)
    let user = try user(context)
    let armed = armed(control, user: user)
    let catalog = armed.catalog
    let asked = try Self.query(request, codes: Self.evaluationCodes).get("date").map { try day(String($0)) }
    let locale = try Self.locale(request, catalog: catalog)
    let check: UserCheck? = try await Self.refusingFutureDates {
      try await written {
        try await store.withLockedUser(catalog: catalog.id, user: user, put: nil, info: nil, allDays: true) { loaded in
          guard var loaded, loaded.state != nil || !loaded.days.isEmpty else { return (nil, nil) }
          if let asked { try Self.evaluating { try FutureDays.system.check(asked, for: loaded, in: catalog) } }
          // A state's date after the user's today and the slack (saved before future days were
          // refused) is not kept: the user is rebuilt as of their today.
          let date =
            asked ?? loaded.stateDate.flatMap { $0 > FutureDays.system.latest(for: loaded, in: catalog) ? nil : $0 }
            ?? UserEvaluation.day(nil, for: loaded, in: catalog)
          if let state = loaded.state, (try? StoreCatalog.state(state, for: catalog.engine)) == nil {
            loaded.state = nil
          }
          loaded.rebuild = true
          let (saved, check) = try Self.evaluating {
            try armed.run(loaded, on: date, locale: locale)
          }
          return (saved, check)
        }
      }
    }
    guard let check else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    logger.notice("user rebuilt", metadata: ["catalog": "\(catalog.id)", "user": "\(user)"])
    count(check, catalog: catalog)
    return Self.json(armed.json(check))
  }

  /// The codes of an evaluation's query parameters (`query`).
  static let evaluationCodes = ["date": "bad-date", "locale": "bad-locale"]

  /// The language of an evaluation's texts: `?locale=` (400 `bad-locale` for a text that is
  /// not a language tag), else the first language of `Accept-Language` the catalog has (by
  /// `LocaleChain`; tags that are not locales are passed over), else nil (the catalog's default).
  static func locale(_ request: Request, catalog: StoreCatalog) throws -> String? {
    if let asked = try query(request, codes: evaluationCodes).get("locale") {
      guard let locale = LocaleChain.canonical(String(asked)) else {
        throw APIError(.badRequest, "bad-locale", LocaleChain.problem(with: String(asked)) ?? "not a locale")
      }
      return locale
    }
    guard let header = request.headers[.acceptLanguage] else { return nil }
    let known = Set(catalog.engine.locales)
    return LocaleChain.accepted(header).first { locale in
      LocaleChain.chain(locale, defaultLocale: "").contains(where: known.contains)
    }
  }

  /// `work`, with a day after the user's today and the slack (`FutureDays`) answered 400
  /// `future-date` naming the user's today.
  static func refusingFutureDates<R>(_ work: () async throws -> R) async throws -> R {
    do {
      return try await work()
    } catch let future as FutureDate {
      throw APIError(.badRequest, "future-date", future.message)
    }
  }

  func count(_ check: UserCheck, catalog: StoreCatalog) {
    evaluations.increment()
    for unlock in check.new {
      Counter(label: "rules_unlocks_total", dimensions: [("catalog", catalog.id), ("badge", unlock.badge)]).increment()
    }
  }
}

/// Every error answer in the API's shape, and never a bare 500: a route that does not exist is
/// 404 `not-found`, a store failure 503 `store-unavailable`.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The methods a path has routes for: a path with routes but none for the method is 405.
  let allowed: @Sendable (String) -> [HTTPRequest.Method]

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as APIError {
      throw error
    } catch let error as HTTPError {
      switch error.status {
      case .notFound:
        let methods = allowed(request.uri.path)
        if !methods.isEmpty {
          throw APIError(
            .methodNotAllowed, "method-not-allowed",
            "\(request.method) is not allowed on \(request.uri.path); it allows \(methods.map(\.rawValue).joined(separator: ", "))",
            allow: methods)
        }
        throw APIError(.notFound, "not-found", "there is no route \(request.method) \(request.uri.path)")
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
      context.logger.error("request failed", metadata: ["error": "\(HTTPAPI.logged(error))"])
      throw HTTPAPI.storeUnavailable
    }
  }
}
