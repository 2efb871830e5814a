import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesServer

/// The console at `/console` (#38 item 2, docs/console.md): who may open it (the admin token
/// once, then an HttpOnly, SameSite=Strict cookie), the CSRF and same-origin checks of its
/// forms, and its pages' numbers against the API's JSON, on both stores.
@Suite struct ConsoleTests {
  static let form = "application/x-www-form-urlencoded"

  /// `method path` with the console's cookie `cookie`, a form `body` and extra headers.
  static func send(
    _ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ path: String, cookie: String? = nil,
    body: String? = nil, headers extra: [(String, String)] = []
  ) async throws -> TestResponse {
    var headers = HTTPFields()
    if let cookie { headers[.cookie] = "\(ConsoleSessions.cookie)=\(cookie)" }
    if body != nil { headers[.contentType] = form }
    for (name, value) in extra { headers[HTTPField.Name(name)!] = value }
    return try await client.execute(
      uri: path, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) })
  }

  /// Signs in with the admin token: the cookie's value.
  static func signIn(_ client: any TestClientProtocol) async throws -> String {
    let answer = try await send(client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)")
    #expect(answer.status == .seeOther)
    let header = try #require(answer.headers[.setCookie])
    let value = header.split(separator: ";")[0].dropFirst(ConsoleSessions.cookie.count + 1)
    return String(value)
  }

  /// The value of `attribute` on the element whose `key` attribute is `value`.
  static func attribute(_ html: String, _ key: String, _ value: String, _ attribute: String) -> String? {
    guard let start = html.range(of: "\(key)=\"\(value)\"") else { return nil }
    let rest = html[start.upperBound...]
    guard let end = rest.firstIndex(of: ">"), let found = rest[..<end].range(of: " \(attribute)=\"") else { return nil }
    return String(rest[found.upperBound...].prefix { $0 != "\"" })
  }

  /// The session's CSRF token, read from a page's form.
  static func csrf(_ html: String) -> String? {
    guard let start = html.range(of: #"name="csrf" value=""#) else { return nil }
    return String(html[start.upperBound...].prefix { $0 != "\"" })
  }

  static func json(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, "\(text)")
  }

  @Test func signingInSetsAnHttpOnlyStrictCookieAndAWrongTokenNone() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let answer = try await Self.send(client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)")
        #expect(answer.status == .seeOther)
        #expect(answer.headers[.location] == "/console")
        let cookie = try #require(answer.headers[.setCookie])
        #expect(
          cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Strict") && cookie.contains("; Path=/console"))
        #expect(!cookie.contains("Secure"), "plain http: not Secure, or the browser would not send it back")
        let secure = try await Self.send(
          client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)",
          headers: [("Origin", "https://console.example")])
        // Another origin than the server's own: refused before the token is read.
        #expect(secure.status == .forbidden)
        // A wrong token, a user's JWT, no token: 401, no cookie.
        let userToken = try await TestTokens.hs256(TestTokens.claims("alice"))
        for token in ["wrong", userToken, ""] {
          let refused = try await Self.send(client, .post, "/console/signin", body: "token=\(token)")
          #expect(refused.status == .unauthorized, "\(token)")
          #expect(refused.headers[.setCookie] == nil)
          #expect(refused.text.contains("data-refused"))
        }
        // An admin JWT opens the console too.
        let admin = try await TestTokens.hs256(TestTokens.claims(nil, scope: "admin"))
        #expect(try await Self.send(client, .post, "/console/signin", body: "token=\(admin)").status == .seeOther)
      }
    }
  }

  @Test func aSecureCookieWhenTheBrowserCameOverHTTPS() {
    let sessions = ConsoleSessions(authenticator: Authenticator(adminToken: "t"))
    #expect(sessions.setCookie("v", secure: true).hasSuffix("; Secure"))
    #expect(!sessions.setCookie("v", secure: false).contains("Secure"))
  }

  @Test func aVisitorWithoutASessionIsSentToSignInAndTheirFormsRefused() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let sessions = api.api.consoleSessions
      let expired = sessions.newSession(now: Date().addingTimeInterval(-Double(ConsoleSessions.lifetime) - 1))
      let valid = sessions.newSession()
      let tampered = String(valid.dropLast(2)) + (valid.hasSuffix("AA") ? "BB" : "AA")
      let otherServer = ConsoleSessions(authenticator: Authenticator(adminToken: "another")).newSession()
      try await api.test { client in
        for cookie in [nil, expired, tampered, otherServer, "garbage"] {
          for path in ["/console", "/console/catalogs/rizq", "/console/events/feed", "/console/candidate"] {
            let answer = try await Self.send(client, .get, path, cookie: cookie)
            #expect(answer.status == .seeOther, "\(path) \(cookie ?? "none")")
            #expect(answer.headers[.location] == "/console/signin")
          }
          let form = try await Self.send(client, .post, "/console/reload", cookie: cookie, body: "csrf=x")
          #expect(form.status == .forbidden)
          #expect(form.text.contains("Sign in first"))
        }
        // A user's token as a bearer opens no console page; the admin token does.
        let userToken = try await TestTokens.hs256(TestTokens.claims("alice"))
        #expect(try await client.call(.get, "/console", token: userToken).status == .forbidden)
        #expect(try await client.call(.get, "/console", token: InProcessAPI.adminToken).status == .ok)
        #expect(try await Self.send(client, .get, "/console/signin").status == .ok)
      }
    }
  }

  @Test func aServerWithoutTokensHasNoConsoleToSignInTo() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store, token: nil, jwt: false)
      try await api.test { client in
        let page = try await Self.send(client, .get, "/console/signin")
        #expect(page.text.contains("data-unconfigured"))
        #expect(try await Self.send(client, .post, "/console/signin", body: "token=x").status == .unauthorized)
        #expect(try await Self.send(client, .get, "/console").status == .seeOther)
      }
    }
  }

  @Test func everyFormNeedsTheSessionsCSRFTokenFromTheConsolesOwnPages() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let cookie = try await Self.signIn(client)
        let page = try await Self.send(client, .get, "/console/candidate", cookie: cookie)
        let token = try #require(Self.csrf(page.text))
        let another = api.api.consoleSessions.csrf(session: "another-session")
        let refusals: [(String?, [(String, String)], String, HTTPResponse.Status)] = [
          (nil, [], "no token", .forbidden),
          ("x", [], "a wrong token", .forbidden),
          (another, [], "another session's token", .forbidden),
          (token, [("Sec-Fetch-Site", "cross-site")], "from another site", .forbidden),
          (token, [("Sec-Fetch-Site", "same-site")], "from a sibling site", .forbidden),
          (token, [("Origin", "http://evil.example")], "from another origin", .forbidden),
          (token, [("Origin", "null")], "from an opaque origin", .forbidden),
        ]
        for (csrf, headers, what, status) in refusals {
          for path in ["/console/reload", "/console/signout", "/console/candidate"] {
            let answer = try await Self.send(
              client, .post, path, cookie: cookie, body: csrf.map { "csrf=\($0)&catalog=rizq&file=rizq.yaml" } ?? "a=b",
              headers: headers)
            #expect(answer.status == status, "\(path): \(what)")
            #expect(!answer.text.contains("data-reloaded"), "\(path): \(what)")
          }
        }
        // Not a form, or too large.
        var headers = HTTPFields()
        headers[.cookie] = "\(ConsoleSessions.cookie)=\(cookie)"
        headers[.contentType] = "application/json"
        let json = try await client.execute(
          uri: "/console/reload", method: .post, headers: headers, body: ByteBuffer(string: #"{"csrf":"\#(token)"}"#))
        #expect(json.status == .unsupportedMediaType)
        let huge = "csrf=\(token)&text=" + String(repeating: "a", count: ConsoleController.maxBody)
        let large = try await Self.send(client, .post, "/console/candidate", cookie: cookie, body: huge)
        #expect(large.status == .contentTooLarge)
        #expect(large.text.contains("MiB"))
        // The session's token, from the console's own page: done.
        let reload = try await Self.send(
          client, .post, "/console/reload", cookie: cookie, body: "csrf=\(token)",
          headers: [("Sec-Fetch-Site", "same-origin")])
        #expect(reload.status == .ok)
        #expect(reload.text.contains(#"data-reloaded="true""#))
        let out = try await Self.send(client, .post, "/console/signout", cookie: cookie, body: "csrf=\(token)")
        #expect(out.status == .seeOther)
        #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
      }
    }
  }

  /// A store with three users of discipline (one with a hostile id), days put by the API.
  static let users = ["alice", "bob", "<script>alert(1)</script>"]

  static func withUsers(
    _ backend: Backend, _ body: @Sendable (any TestClientProtocol, String, String) async throws -> Void
  ) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let today = ConsoleController.today
        for (index, user) in users.enumerated() {
          let path = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
          for back in stride(from: 6 - index * 2, through: 0, by: -1) {
            let answer = try await client.call(
              .put, "/v1/catalogs/discipline/users/\(path)/days/\(today + -back)", token: InProcessAPI.adminToken,
              body: #"{"planned": true, "completed": \#(back != 3)}"#)
            #expect(answer.status == .ok, "\(answer.text)")
          }
        }
        try await body(client, try await signIn(client), today.description)
      }
    }
  }

  @Test(arguments: Backend.all) func theOverviewsNumbersAreTheStatsAPIs(_ backend: Backend) async throws {
    try await Self.withUsers(backend) { client, cookie, today in
      let page = try await Self.send(client, .get, "/console/catalogs/discipline", cookie: cookie)
      #expect(page.status == .ok)
      let stats = try Self.json(
        try await client.call(.get, "/v1/catalogs/discipline/stats?date=\(today)", token: InProcessAPI.adminToken).text)
      for key in ["users", "users_evaluated", "users_evaluated_on_date"] {
        #expect(Self.attribute(page.text, "data-stat", key, "data-value") == "\(stats[key]!)", "\(key)")
      }
      #expect(Self.attribute(page.text, "data-stat", "users", "data-value") == "3")
      let unlocks = stats["unlocks_on_date"] as! NSDictionary
      let sum = unlocks.allValues.map { ($0 as! NSNumber).intValue }.reduce(0, +)
      #expect(Self.attribute(page.text, "data-unlocks-day", today, "data-count") == "\(sum)")
      let streaks = stats["streaks"] as! NSDictionary
      for case (let streak as String, let buckets as NSDictionary) in streaks {
        let chart = try #require(page.text.range(of: #"data-streak-chart="\#(streak)""#))
        for case (let bucket as String, let count as NSNumber) in buckets {
          #expect(
            Self.attribute(String(page.text[chart.lowerBound...]), "data-bucket", bucket, "data-count")
              == "\(count)", "\(streak) \(bucket)")
        }
      }
      #expect(page.text.components(separatedBy: "data-unlocks-day=").count == 31)
    }
  }

  @Test(arguments: Backend.all) func theFeedIsTheEventsAPIAndTheLeaderboardItsRanks(_ backend: Backend) async throws {
    try await Self.withUsers(backend) { client, cookie, _ in
      let feed = try await Self.send(client, .get, "/console/events/feed?after=0&limit=50", cookie: cookie)
      let events = try await client.call(.get, "/v1/events?after=0&limit=50", token: InProcessAPI.adminToken)
      #expect(feed.status == .ok)
      #expect(feed.text == events.text)
      // The events page: the newest first, the newest the API's last.
      let all = try Self.json(
        try await client.call(.get, "/v1/events?after=0&limit=1000", token: InProcessAPI.adminToken).text)
      let ids = (all["events"] as! [NSDictionary]).map { ($0["id"] as! NSNumber).int64Value }
      let page = try await Self.send(client, .get, "/console/events", cookie: cookie)
      let shown = page.text.components(separatedBy: #"<tr data-event-id=""#).dropFirst().map {
        Int64($0.prefix { $0 != "\"" })!
      }
      #expect(!ids.isEmpty && shown == Array(ids.reversed().prefix(ConsoleController.eventRows)))
      #expect(page.text.contains(#"data-after="\#(ids.max()!)""#))
      // The leaderboard page: the API's ranks, users and values.
      let board = try Self.json(
        try await client.call(
          .get, "/v1/catalogs/discipline/leaderboards/training.best?limit=25", token: InProcessAPI.adminToken
        ).text)
      let html = try await Self.send(
        client, .get, "/console/catalogs/discipline/leaderboards/training.best", cookie: cookie)
      #expect(html.status == .ok)
      let entries = try #require(board["entries"] as? [NSDictionary])
      #expect(entries.count == 3)
      for entry in entries {
        let user = entry["user"] as! String
        let escaped = user.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        #expect(Self.attribute(html.text, "data-user", escaped, "data-value") == "\(entry["value"]!)", "\(user)")
      }
      let around = try await Self.send(
        client, .get, "/console/catalogs/discipline/leaderboards/training.best?around=nobody", cookie: cookie)
      #expect(around.status == .notFound)
      #expect(around.text.contains("No user &#39;nobody&#39;") || around.text.contains("No user 'nobody'"))
      let unknown = try await Self.send(client, .get, "/console/catalogs/discipline/leaderboards/nope", cookie: cookie)
      #expect(unknown.status == .notFound)
    }
  }

  @Test(arguments: Backend.all) func aUsersPageIsTheirProgressAndEscapesTheirID(_ backend: Backend) async throws {
    try await Self.withUsers(backend) { client, cookie, today in
      for user in Self.users {
        let query = user.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let page = try await Self.send(client, .get, "/console/catalogs/discipline/user?id=\(query)", cookie: cookie)
        #expect(page.status == .ok, "\(user)")
        #expect(!page.text.contains("<script>alert(1)"), "a hostile id is text")
        let progress = try Self.json(
          try await client.call(
            .get, "/v1/catalogs/discipline/users/\(query)/progress?date=\(today)", token: InProcessAPI.adminToken
          ).text)
        for case (let name as String, let streak as NSDictionary) in progress["streaks"] as! NSDictionary {
          #expect(Self.attribute(page.text, "data-progress-streak", name, "data-current") == "\(streak["current"]!)")
          #expect(Self.attribute(page.text, "data-progress-streak", name, "data-best") == "\(streak["best"]!)")
        }
        for case let badge as NSDictionary in (progress["badges"] as! NSDictionary)["unlocked"] as! [NSDictionary] {
          #expect(
            Self.attribute(page.text, "data-progress-badge", badge["id"] as! String, "data-date")
              == badge["date"] as? String)
        }
      }
      let hostile = try await Self.send(
        client, .get, "/console/catalogs/discipline/user?id=%3Cscript%3Ealert(1)%3C%2Fscript%3E", cookie: cookie)
      #expect(hostile.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
      let unknown = try await Self.send(client, .get, "/console/catalogs/discipline/user?id=nobody", cookie: cookie)
      #expect(unknown.status == .notFound)
      #expect(unknown.text.contains("no record of the user"))
      let badDate = try await Self.send(
        client, .get, "/console/catalogs/discipline/user?id=alice&date=2026-13-01", cookie: cookie)
      #expect(badDate.status == .badRequest)
      let noCatalog = try await Self.send(client, .get, "/console/catalogs/nope", cookie: cookie)
      #expect(noCatalog.status == .notFound)
    }
  }

  @Test(arguments: Backend.all) func aCandidatesImpactIsRulesServerDiffsAndABrokenOneShowsItsProblems(
    _ backend: Backend
  ) async throws {
    try await Self.withUsers(backend) { client, cookie, _ in
      let form = try await Self.send(client, .get, "/console/candidate", cookie: cookie)
      let csrf = try #require(Self.csrf(form.text))
      let same = try await Self.send(
        client, .post, "/console/candidate", cookie: cookie,
        body: "csrf=\(csrf)&catalog=discipline&file=discipline.yaml")
      #expect(same.status == .ok)
      // The served catalog against its own file: every user holds what they would hold.
      #expect(Self.attribute(same.text, "data-impact", "momentum", "data-hold") != nil)
      #expect(
        Self.attribute(same.text, "data-impact", "momentum", "data-hold")
          == Self.attribute(same.text, "data-impact", "momentum", "data-would-hold"))
      #expect(same.text.contains("3 users as of"))
      let broken = "catalog: discipline\nversion: [\n".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
      let refused = try await Self.send(
        client, .post, "/console/candidate", cookie: cookie, body: "csrf=\(csrf)&catalog=discipline&text=\(broken)")
      #expect(refused.status == .unprocessableContent)
      #expect(refused.text.contains("data-diagnostic="))
      for (file, status) in [
        ("../Package.swift", HTTPResponse.Status.badRequest), ("/etc/passwd", .badRequest), ("none.yaml", .badRequest),
      ] {
        let answer = try await Self.send(
          client, .post, "/console/candidate", cookie: cookie, body: "csrf=\(csrf)&catalog=discipline&file=\(file)")
        #expect(answer.status == status, "\(file)")
        #expect(!answer.text.contains("data-impact"))
      }
      let none = try await Self.send(
        client, .post, "/console/candidate", cookie: cookie, body: "csrf=\(csrf)&catalog=nope&file=discipline.yaml")
      #expect(none.status == .badRequest)
    }
  }
}

extension ConsoleTests {
  /// Another spelling of a console path (slashes, dots) reaches the same route and the same
  /// check: a visitor is sent to sign in, never served; a spelling that is no route is 404.
  @Test func noSpellingOfAConsolePathOpensIt() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let cookie = try await Self.signIn(client)
        for path in [
          "/console/", "//console", "/console/./catalogs/rizq", "/console/x/../catalogs/rizq",
          "/console/catalogs/rizq/",
          "/x/../console/events", "/console/%2E/events", "/console/events/feed/",
        ] {
          let visitor = try await Self.send(client, .get, path)
          #expect(visitor.status == .seeOther, "\(path)")
          let admin = try await Self.send(client, .get, path, cookie: cookie)
          #expect(admin.status == .ok, "\(path)")
        }
        for path in ["/console/reload/", "/console/./reload", "//console//reload"] {
          #expect(try await Self.send(client, .post, path, body: "csrf=x").status == .forbidden, "\(path)")
        }
        // A console page there is not: 404 for the signed in, the sign-in page for a visitor.
        #expect(try await Self.send(client, .get, "/console/nothing", cookie: cookie).status == .notFound)
        #expect(try await Self.send(client, .get, "/console/nothing").status == .seeOther)
      }
    }
  }
}

extension ConsoleTests {
  /// With a rate limit, sign-in attempts take from the address's bucket: guessing tokens is slow.
  @Test func signInAttemptsAreRateLimited() async throws {
    try await withStore(.sqlite) { store, _ in
      let limiter = RateLimiter(RateLimit(rate: 1.0 / 3600, burst: 2))
      let api = try await InProcessAPI(store: store, limiter: limiter)
      try await api.test { client in
        #expect(try await Self.send(client, .post, "/console/signin", body: "token=a").status == .unauthorized)
        #expect(try await Self.send(client, .post, "/console/signin", body: "token=b").status == .unauthorized)
        let third = try await Self.send(client, .post, "/console/signin", body: "token=\(InProcessAPI.adminToken)")
        #expect(third.status == .tooManyRequests)
        #expect(third.headers[.setCookie] == nil)
      }
    }
  }
}
