import Foundation
import Hummingbird
import Logging
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSite
import RulesSource
import RulesStore

/// The console at `/console` (docs/console.md): pages for admins over the store and the
/// catalogs served, every number from the code that answers the API (stats, leaderboards,
/// events, progress, `rules-server diff`, the reload). Its routes are in the route table with
/// admin access; `ConsoleGate` admits a signed-in browser by its cookie and checks its forms.
struct ConsoleController: Sendable {
  /// A candidate's text: at most 1 MiB.
  static let maxText = 1024 * 1024
  /// A form's body: a candidate's text percent-encoded (up to 3 bytes a byte) and the rest.
  static let maxBody = 3 * maxText + 64 * 1024
  /// The sign-in form's body.
  static let maxSignIn = 8 * 1024
  /// Rows of a leaderboard page; events on the events page.
  static let pageRows = 25
  static let eventRows = 100

  let api: HTTPAPI
  let leaderboards: LeaderboardsController
  let feed = EventFeed()

  init(api: HTTPAPI) {
    self.api = api
    leaderboards = LeaderboardsController(api: api)
  }

  var sessions: ConsoleSessions { api.consoleSessions }

  var routes: [Route] {
    [
      Route(.get, "/console/signin", .public) { request, _ in signInPage(request) },
      Route(.post, "/console/signin", .public) { request, context in await signIn(request, context) },
      Route(.post, "/console/signout", .admin) { request, _ in await signOut(request) },
      Route(.get, "/console", .admin) { request, _ in index(request) },
      Route(.get, "/console/catalogs/{catalog}", .admin) { request, context in
        try await page(request) { try await overview(request, context) }
      },
      Route(.get, "/console/catalogs/{catalog}/leaderboards/{name}", .admin) { request, context in
        try await page(request) { try await leaderboard(request, context) }
      },
      Route(.get, "/console/catalogs/{catalog}/user", .admin) { request, context in
        try await page(request) { try await user(request, context) }
      },
      Route(.get, "/console/events", .admin) { request, _ in try await page(request) { try await events(request) } },
      // The feed the events page polls: `GET /v1/events`'s answer, by its code.
      Route(.get, "/console/events/feed", .admin) { request, context in try await api.events(request, context) },
      Route(.get, "/console/candidate", .admin) { request, _ in candidateForm(request, selected: nil, message: nil) },
      Route(.post, "/console/candidate", .admin) { request, _ in
        try await page(request) { try await candidate(request) }
      },
      Route(.post, "/console/reload", .admin) { request, _ in await reload(request) },
    ] + experimentRoutes
  }

  /// `work`'s page, or a page that names what went wrong (an `APIError`'s status and message).
  func page(_ request: Request, _ work: () async throws -> Response) async throws -> Response {
    do {
      return try await work()
    } catch let error as APIError {
      return ConsolePages.problem(
        error.status, "Cannot show this page", error.message, csrf: sessions.csrf(of: request))
    }
  }

  // MARK: Signing in

  func signInPage(_ request: Request, message: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
    ConsolePages.page(
      SignInPage(message: message, configured: api.authenticator.isConfigured), "console-signin", status: status)
  }

  /// `POST /console/signin`: the admin token (or an admin JWT) from the form opens a session.
  func signIn(_ request: Request, _ context: APIRequestContext) async -> Response {
    if let refusal = ConsoleGate.crossSite(request) { return refusal }
    // Each attempt takes from the client address's sign-in bucket (10 at once, then 10 a
    // minute: guessing tokens), and with --rate-limit from its bucket of requests too.
    for limiter in [api.signInLimiter] + (api.limiter.map { [$0] } ?? []) {
      let forwarded = request.headers[values: AccessMiddleware.forwardedFor]
      let key = RateLimiter.addressKey(limiter.client(peer: context.remoteAddress, forwardedFor: forwarded))
      if case .limited(let wait) = await limiter.take(key) {
        var page = signInPage(
          request, message: "Too many attempts from this address; try again in \(wait) s.", status: .tooManyRequests)
        page.headers[.retryAfter] = "\(wait)"
        return page
      }
    }
    let type = request.headers[.contentType]?.lowercased() ?? ""
    guard type.hasPrefix("application/x-www-form-urlencoded"),
      let form = try? await ConsoleForm.body(request, limit: Self.maxSignIn)
    else {
      return signInPage(request, message: "Send the sign-in form.", status: .badRequest)
    }
    let token = (form["token"] ?? "").trimmingCharacters(in: .whitespaces)
    guard !token.isEmpty, case .success(.admin) = await api.authenticator.authenticate("Bearer " + token) else {
      context.logger.info("console sign-in refused")
      return signInPage(request, message: "That is not the admin token; nothing was kept.", status: .unauthorized)
    }
    context.logger.notice("console sign-in")
    let secure = request.headers[.origin]?.lowercased().hasPrefix("https://") ?? false
    // A session opened with an admin JWT ends when the JWT expires.
    let ending = await api.authenticator.expiry(of: token)
    return ConsolePages.seeOther(
      "/console", cookie: sessions.setCookie(sessions.newSession(ending: ending), secure: secure))
  }

  /// `POST /console/signout`: the session ends for every server of the store (recorded in
  /// `console_signouts` until its cookie would have expired), and the browser's cookie is
  /// cleared. A store that cannot record it answers 503 and the session holds.
  func signOut(_ request: Request) async -> Response {
    if let session = sessions.signedSession(of: request) {
      let store = api.store
      do {
        try await api.stored {
          try await store.endConsoleSession(
            session.id, expires: Int64(session.expiry), now: Int64(Date().timeIntervalSince1970))
        }
      } catch {
        return ConsolePages.problem(
          .serviceUnavailable, "Not signed out",
          "The store could not record the sign-out; the session still holds. Try again.",
          csrf: sessions.csrf(session: session.id))
      }
    }
    return ConsolePages.seeOther("/console/signin", cookie: ConsoleSessions.clearCookie)
  }

  // MARK: Pages

  static var today: CalendarDay { CalendarDay.today(in: TimeZone(identifier: "UTC")!) }

  static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: date)
  }

  func index(_ request: Request) -> Response {
    let set = api.served.set
    let entries = set.order.map { id in
      let catalog = set.byID[id]!
      return ConsoleIndexPage.Entry(
        id: id, name: catalog.name, version: catalog.version, href: "/console/catalogs/\(OverviewPage.segment(id))")
    }
    return ConsolePages.page(
      ConsoleIndexPage(
        catalogs: entries, loaded: Self.timestamp(set.loaded), folder: api.served.folder,
        csrf: sessions.csrf(of: request)), "console-index")
  }

  /// A catalog's overview: the store's stats as of today (UTC), the unlocks of the last 30
  /// days (one read: `unlocksPerDay`), the streaks' length buckets.
  func overview(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let store = try await leaderboards.standings(catalog)
    let streaks = catalog.validated.catalog.streaks.map(\.name)
    let today = Self.today
    let stats = try await api.stored { try await store.stats(catalog: catalog.id, date: today, streaks: streaks) }
    let days = try await api.stored {
      try await store.unlocksPerDay(catalog: catalog.id, from: today + -29, through: today)
    }
    let page = OverviewPage(
      id: catalog.id, name: catalog.name, version: catalog.version, loaded: Self.timestamp(api.served.set.loaded),
      date: today.description, users: stats.users, usersEvaluated: stats.usersEvaluated,
      usersEvaluatedOnDate: stats.usersEvaluatedOnDate,
      unlocks: days.map { ($0.date.description, $0.unlocks) },
      buckets: Standings.buckets.map { ($0.key, $0.key == "1" ? "1 day" : "\($0.key) days") },
      streaks: stats.streaks.map { ($0.streak, $0.buckets) }, leaderboards: Standings.names(catalog),
      csrf: sessions.csrf(of: request))
    return ConsolePages.page(page, "console-overview")
  }

  /// A page of a leaderboard: the top, the rows around a user (`around`), or the rows after or
  /// before one (`after`, `before`: the pages' links).
  func leaderboard(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let name = try LeaderboardsController.leaderboardName(context, in: catalog)
    let names = Standings.names(catalog) + catalog.validated.catalog.leaderboards.map(\.id)
    let query = ConsoleForm.query(request)
    // A declared leaderboard shows a period: the one asked for, by default today's (UTC).
    let period = try LeaderboardsController.period(
      query["period"].flatMap { $0.isEmpty ? nil : $0 }, of: name, in: catalog)
    let rows = Self.pageRows
    var asked: (key: String, user: String)?
    for key in ["around", "after", "before"] {
      if let user = query[key]?.trimmingCharacters(in: .whitespaces), !user.isEmpty {
        if let problem = UserID.problem(user) { throw APIError(.badRequest, "bad-\(key)", "'\(key)': \(problem)") }
        asked = (key, user)
        break
      }
    }
    let store = try await leaderboards.standings(catalog)
    func board(_ limit: Int, _ around: String?) async throws -> [(rank: Int, user: String, value: String)]? {
      let read = try await api.stored {
        try await store.leaderboard(
          catalog: catalog.id, name: period.map { Standings.board(name, $0.id) } ?? name, limit: limit,
          around: around, in: period == nil ? .allTime : .period)
      }
      return read.map(Self.entries)
    }
    var entries: [(rank: Int, user: String, value: String)] = []
    var more = false
    var message: String?
    switch asked {
    case nil:
      entries = try await board(rows + 1, nil) ?? []
      more = entries.count > rows
      entries = Array(entries.prefix(rows))
    case (let key, let user)?:
      let window = key == "around" ? rows : 2 * rows + 3
      if let read = try await board(window, user), let index = read.firstIndex(where: { $0.user == user }) {
        switch key {
        case "after":
          let after = read[(index + 1)...]
          entries = Array(after.prefix(rows))
          more = after.count > rows
        case "before":
          entries = Array(read[..<index].suffix(rows))
          more = true
        default:
          entries = read
          more = read.last.map { $0.user != user } ?? false
        }
      } else {
        message = "No user '\(user)' on this leaderboard (not evaluated yet, or not in this catalog)."
        entries = Array((try await board(rows, nil) ?? []).prefix(rows))
        more = entries.count == rows
      }
    }
    let page = LeaderboardPage(
      catalog: catalog.id, name: name, boards: names, entries: entries,
      around: asked?.key == "around" ? asked?.user : nil,
      previous: (entries.first?.rank ?? 1) > 1 ? entries.first?.user : nil, next: more ? entries.last?.user : nil,
      message: message, csrf: sessions.csrf(of: request),
      period: period.map { shown in
        let kind = shown.kind
        let weekStart = catalog.validated.catalog.weekStarts
        let before = Period.containing(CalendarDay(number: shown.start.number - 1), kind: kind, weekStart: weekStart)
        let after = Period.containing(shown.end, kind: kind, weekStart: weekStart)
        return (
          shown.id, shown.start.description, CalendarDay(number: shown.end.number - 1).description,
          kind == .all ? shown.id : before.id, kind == .all ? shown.id : after.id
        )
      })
    return ConsolePages.page(page, "console-leaderboard", status: message == nil ? .ok : .notFound)
  }

  /// A leaderboard's rows with their values as the API's JSON writes them (its `json`).
  static func entries(_ board: Leaderboard) -> [(rank: Int, user: String, value: String)] {
    guard case .object(let pairs) = try? JSONReader.parse(Array(board.json.utf8)),
      case .array(let rows)? = pairs.first(where: { $0.0 == "entries" })?.1
    else { return [] }
    return rows.compactMap { row in
      guard case .object(let fields) = row else { return nil }
      let value = fields.first { $0.0 == "value" }?.1
      guard case .int(let rank)? = fields.first(where: { $0.0 == "rank" })?.1,
        case .string(let user)? = fields.first(where: { $0.0 == "user" })?.1, let value
      else { return nil }
      return (rank, user, value.serialized(indent: nil))
    }
  }

  /// A user: what the app shows (`GET .../progress?date=`), then the studio's page of their
  /// stored days as of the same date.
  func user(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let catalog = try api.catalog(context)
    let query = ConsoleForm.query(request)
    let id = query["id"] ?? ""
    if let problem = UserID.problem(id) { throw APIError(.badRequest, "bad-user", "The user id: \(problem)") }
    let asked = try query["date"].flatMap { $0.isEmpty ? nil : $0 }.map { try api.day($0) }
    let store = api.store
    let progress: UserCheck? = try await api.stored {
      try await store.evaluateReading(catalog: catalog.id, user: id) { loaded in
        guard let loaded, loaded.state != nil || !loaded.days.isEmpty else { return nil }
        return try UserEvaluation.read(
          loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded, in: catalog))
      }
    }
    guard let progress,
      let loaded = try await api.stored({ try await store.readUser(catalog: catalog.id, user: id, allDays: true) })
    else {
      throw APIError(.notFound, "unknown-user", "The catalog '\(catalog.id)' has no record of the user '\(id)'.")
    }
    let date = progress.evaluation.date
    let history = HTTPAPI.history(loaded, catalog: catalog)
    let journey = try UserJourney.of(history, catalog: catalog.validated, user: id, date: date)
    let studio = UserPage(journey, route: .index, catalogHref: "")
    let page = ConsoleUserPage(
      catalog: catalog.id, user: id, progress: progress.evaluation, page: studio, csrf: sessions.csrf(of: request),
      pauses: loaded.pauses, grants: loaded.support.freezeGrants, restores: loaded.support.streakRestores)
    return ConsolePages.page(page, "console-user")
  }

  /// The newest events, newest first; the page follows new ones (`/console/events/feed`).
  func events(_ request: Request) async throws -> Response {
    let store = api.store
    let feed = feed
    let events = try await api.stored { try await feed.latest(store, count: Self.eventRows) }
    let page = EventsPage(
      events: events.map { ($0.id, $0.catalog, $0.user, $0.date, $0.kind, $0.subject) },
      after: events.first?.id ?? 0, csrf: sessions.csrf(of: request))
    return ConsolePages.page(page, "console-events")
  }

  // MARK: A candidate catalog

  func candidateForm(_ request: Request, selected: String?, message: String?, status: HTTPResponse.Status = .ok)
    -> Response
  {
    ConsolePages.page(
      CandidatePage(
        catalogs: api.served.set.order, selected: selected, folder: api.served.folder, maxBytes: Self.maxText,
        message: message, csrf: sessions.csrf(of: request)), "console-candidate", status: status)
  }

  /// `POST /console/candidate`: the candidate (a file of the folder, or a text) checked as
  /// `rules check` checks it (its problems shown when it fails), then `rules-server diff`'s
  /// report over the store's users as the studio's impact page, and the reload form.
  func candidate(_ request: Request) async throws -> Response {
    let form = try await ConsoleForm.body(request, limit: Self.maxBody)
    let set = api.served.set
    let id = form["catalog"] ?? ""
    guard let old = set.byID[id] else {
      return candidateForm(
        request, selected: nil, message: "Choose a catalog served; '\(id)' is not one.", status: .badRequest)
    }
    let text = form["text"] ?? ""
    let file = (form["file"] ?? "").trimmingCharacters(in: .whitespaces)
    let folder = api.served.folder
    let path: String
    var reader: DocumentReader?
    if !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      guard text.utf8.count <= Self.maxText else {
        return candidateForm(
          request, selected: id,
          message:
            "The candidate's text is \(text.utf8.count / 1024) KiB; the console takes at most \(Self.maxText / 1024 / 1024) MiB.",
          status: .contentTooLarge)
      }
      // Read as if it were a file of the folder, so its imports and locale files are the folder's.
      path = (folder as NSString).appendingPathComponent("candidate (uploaded).yaml")
      let base = YAMLDocuments.catalogReader()
      reader = { asked in
        asked == path || FilePath.tidy(asked) == FilePath.tidy(path)
          ? YAMLDocuments.catalogDocument(SourceFile(path: path, text: text)) : base(asked)
      }
    } else if !file.isEmpty {
      guard !file.hasPrefix("/"), !file.split(separator: "/").contains(".."), !file.contains("\0") else {
        return candidateForm(
          request, selected: id, message: "Name a file inside \(folder), as a path relative to it; '\(file)' is not.",
          status: .badRequest)
      }
      path = (folder as NSString).appendingPathComponent(file)
      guard FileManager.default.fileExists(atPath: path) else {
        return candidateForm(request, selected: id, message: "There is no file \(path).", status: .badRequest)
      }
    } else {
      return candidateForm(
        request, selected: id, message: "Name a file of \(folder), or give a catalog's text.", status: .badRequest)
    }
    let result = CatalogFiles.validate(path: path, reader: reader, root: RepositoryRoot.discover(for: path))
    guard let validated = result.validated, !result.isModule else {
      var diagnostics = result.diagnostics.sortedByPosition()
      if diagnostics.isEmpty {
        diagnostics = [
          Diagnostic(
            file: path, mark: .start, id: .fileUnreadable,
            message: result.isModule ? "a rule module, not a catalog" : "the catalog cannot be used")
        ]
      }
      var page = DiagnosticsPage(path: path, diagnostics: diagnostics, sources: result.sources, route: .index)
      page.notes.append(
        "Nothing was served or changed. Fix the candidate, then send it again from the candidate page (/console/candidate)."
      )
      page.chrome = ConsoleChrome.chrome(
        "\(path): problems — rules console", csrf: sessions.csrf(of: request), current: "Candidate")
      return ConsolePages.page(page, "diagnostics", status: .unprocessableContent)
    }
    let new = StoreCatalog(validated)
    let store = api.store
    let date = Self.today
    let impact = try await StoreImpact.impact(store: store, old: old, new: new, date: date)
    let reading = try await api.stored { try await StoreImpact.reading(store: store, old: old, new: new) }
    let report = DiffReport(diff: CatalogDiff(old: old.validated, new: new.validated), impact: impact)
    var impactPage = ImpactPage(report: report, oldLabel: "served \(old.id)", newLabel: path, route: .index)
    impactPage.chrome = ConsoleChrome.chrome("Impact", csrf: nil)
    let page = CandidateImpactPage(
      impact: impactPage, notes: reading.notes(catalog: new.id),
      folder: folder, inFolder: reader == nil, csrf: sessions.csrf(of: request))
    return ConsolePages.page(page, "console-impact")
  }

  /// `POST /console/reload`: `POST /v1/admin/catalogs/reload`'s reload (the same checks), its
  /// answer as a page.
  func reload(_ request: Request) async -> Response {
    let csrf = sessions.csrf(of: request)
    do throws(ServedCatalogs.Refusal) {
      let reloaded = try await api.served.reload(logger: api.logger)
      let rows = reloaded.map { item in
        ReloadPage.Row(
          id: item.catalog.id, name: item.catalog.name, version: item.catalog.version,
          notes: item.reading?.notes(catalog: item.catalog.id) ?? [])
      }
      return ConsolePages.page(ReloadPage(reloaded: true, catalogs: rows, problems: [], csrf: csrf), "console-reload")
    } catch let refusal {
      let problems =
        refusal.storeFailed
        ? ["The store could not be read to check the catalogs; try again later."] : refusal.problems
      return ConsolePages.page(
        ReloadPage(reloaded: false, catalogs: [], problems: problems, csrf: csrf), "console-reload",
        status: refusal.storeFailed ? .serviceUnavailable : .unprocessableContent)
    }
  }
}
