import Foundation
import RulesBackend
@_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesStore

/// Leaderboards and stats (issue 29, part 4) over generated users of the five shipped
/// catalogs, imported and batched by the built binary, read over HTTP from `rules-server serve`:
/// each leaderboard equals a brute-force ranking of the users' evaluations (as of their last
/// evaluation), and stats equal SQL counts over the store's tables and the same evaluations,
/// on both stores, after a batch and after PUTs, a rebuild and a DELETE.
@Suite(.serialized) struct LeaderboardTests {
  static let catalogs = ["rizq", "salahstreak", "imanpath", "onward", "discipline"]
  static let last = day("2026-04-30")
  static let admin = "admin-leaderboards-token-of-32-bytes"

  /// Imports `count` generated users of `name` into `store` and batches them as of `last`.
  static func load(_ name: String, count: Int, seed: UInt64, store: String, folder: URL) throws {
    let catalog = try loadCatalog(name)
    let generated = GeneratedUsers(catalog: catalog, count: count, span: 60, last: last, seed: seed)
    let lines = folder.appendingPathComponent("\(name)-\(seed).jsonl")
    try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
    let imported = try Binary.run("rules-server", ["import", name, lines.path, "--store", store])
    #expect(imported.status == 0, "\(imported.stderr)")
    let batch = try Binary.run("rules-server", ["batch", name, "--store", store, "--date", last.description])
    #expect(batch.status == 0, "\(batch.stderr)")
  }

  /// Every evaluated user's evaluation as of their state's date, by the store's own reading.
  static func evaluations(_ store: any StoreBackend, _ catalog: StoreCatalog) async throws -> [String: Evaluation] {
    var all: [String: Evaluation] = [:]
    for user in try await store.userIDs(catalog: catalog.id, after: nil, limit: 100_000) {
      let evaluation = try await store.evaluateReading(catalog: catalog.id, user: user) { loaded in
        try loaded.flatMap { loaded in
          try loaded.stateDate.map { try UserEvaluation.run(loaded, catalog: catalog, on: $0).1.evaluation }
        }
      }
      if let evaluation { all[user] = evaluation }
    }
    return all
  }

  /// The value a leaderboard ranks, read from an evaluation by hand.
  static func value(_ evaluation: Evaluation, _ name: String) -> Double? {
    for streak in evaluation.streaks {
      if name == streak.name + ".current" { return Double(streak.current) }
      if name == streak.name + ".best" { return Double(streak.best) }
    }
    switch evaluation.metric(name) {
    case .int(let value): return Double(value)
    case .number(let value): return value
    default: return nil
    }
  }

  typealias Entry = (rank: Int, user: String, value: Double)

  /// The whole ranking by brute force: value descending, user id in byte order; a rank is one
  /// more than the users with a greater value.
  static func ranking(_ evaluations: [String: Evaluation], _ name: String) -> [Entry] {
    let values = evaluations.compactMap { user, evaluation in value(evaluation, name).map { (user, $0) } }
    let sorted = values.sorted { $0.1 != $1.1 ? $0.1 > $1.1 : Array($0.0.utf8).lexicographicallyPrecedes($1.0.utf8) }
    return sorted.map { user, value in (values.count { $0.1 > value } + 1, user, value) }
  }

  /// The documented window of `limit` around the user at `position` of `count`.
  static func window(_ ranking: [Entry], around position: Int, limit: Int) -> [Entry] {
    let after = ranking.count - 1 - position
    let before = min(position, max((limit - 1) / 2, limit - 1 - after))
    let taken = min(after, limit - 1 - before)
    return Array(ranking[(position - before)...(position + taken)])
  }

  static func entries(_ answer: ServerProcess.Answer) -> [Entry] {
    guard let object = answer.json as? [String: Any], let entries = object["entries"] as? [[String: Any]] else {
      return []
    }
    return entries.map {
      (($0["rank"] as? Int) ?? -1, ($0["user"] as? String) ?? "", (($0["value"] as? NSNumber)?.doubleValue) ?? .nan)
    }
  }

  static func same(_ a: [Entry], _ b: [Entry]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { $0.rank == $1.rank && $0.user == $1.user && $0.value == $1.value }
  }

  /// Every leaderboard of `name` over HTTP against the brute-force ranking: the top (all
  /// users), the top 3, and `around` the first, a middle and the last user (odd and even limits).
  static func checkBoards(
    _ server: ServerProcess, _ store: any StoreBackend, _ name: String, ties: inout Int
  ) async throws {
    let catalog = try loadCatalog(name)
    let evaluations = try await evaluations(store, catalog)
    #expect(!evaluations.isEmpty)
    for board in Standings.names(catalog) {
      let ranking = ranking(evaluations, board)
      ties += ranking.count - Set(ranking.map(\.rank)).count
      let all = try server.request("GET", "/v1/catalogs/\(name)/leaderboards/\(board)?limit=100")
      #expect(all.status == 200, "\(all.body)")
      #expect(same(entries(all), Array(ranking.prefix(100))), "\(name) \(board): \(all.body)")
      let top = try server.request("GET", "/v1/catalogs/\(name)/leaderboards/\(board)?limit=3")
      #expect(same(entries(top), Array(ranking.prefix(3))), "\(name) \(board) top 3: \(top.body)")
      for position in Set([0, ranking.count / 2, ranking.count - 1]) {
        for limit in [1, 4, 5] {
          let user = ranking[position].user
          let answer = try server.request(
            "GET", "/v1/catalogs/\(name)/leaderboards/\(board)?limit=\(limit)&around=\(user)")
          #expect(answer.status == 200, "\(answer.body)")
          #expect(
            same(entries(answer), window(ranking, around: position, limit: limit)),
            "\(name) \(board) around \(user) (\(position) of \(ranking.count)), limit \(limit): \(answer.body)")
        }
      }
    }
  }

  /// Stats for `date` (nil: the latest) against SQL counts and the evaluations.
  static func checkStats(
    _ server: ServerProcess, _ backend: Backend, _ address: String, _ store: any StoreBackend, _ name: String,
    date: CalendarDay?
  ) async throws {
    let catalog = try loadCatalog(name)
    let evaluations = try await evaluations(store, catalog)
    let answer = try server.request("GET", "/v1/catalogs/\(name)/stats" + (date.map { "?date=\($0)" } ?? ""))
    #expect(answer.status == 200, "\(answer.body)")
    let stats = try #require(answer.json as? [String: Any])
    func sql(_ query: String) throws -> String { try MigrationTests.sql(backend, address, query) }
    let latest = try sql("SELECT MAX(date) FROM states WHERE catalog = '\(name)';")
    let asOf = date?.description ?? latest
    #expect(stats["catalog"] as? String == name)
    #expect(stats["date"] as? String == asOf)
    #expect("\(stats["users"] ?? "")" == (try sql("SELECT COUNT(*) FROM users WHERE catalog = '\(name)';")))
    #expect(
      "\(stats["users_evaluated"] ?? "")" == (try sql("SELECT COUNT(*) FROM states WHERE catalog = '\(name)';")))
    #expect(
      "\(stats["users_evaluated_on_date"] ?? "")"
        == (try sql("SELECT COUNT(*) FROM states WHERE catalog = '\(name)' AND date = '\(asOf)';")))
    func counts(_ query: String) throws -> [String: Int] {
      var counts: [String: Int] = [:]
      for line in try sql(query).split(separator: "\n") {
        let parts = line.split(separator: "|")
        counts[String(parts[0])] = Int(parts[1])
      }
      return counts
    }
    #expect(
      (stats["unlocks"] as? [String: Int])
        == (try counts("SELECT badge, COUNT(*) FROM unlocks WHERE catalog = '\(name)' GROUP BY badge;")))
    #expect(
      (stats["unlocks_on_date"] as? [String: Int])
        == (try counts(
          "SELECT badge, COUNT(*) FROM unlocks WHERE catalog = '\(name)' AND date = '\(asOf)' GROUP BY badge;")))
    let on = day(asOf)
    var buckets: [String: [String: Int]] = [:]
    var runs: [String: Int] = [:]
    for streak in catalog.validated.catalog.streaks.map(\.name) {
      var counted = Dictionary(uniqueKeysWithValues: Standings.buckets.map { ($0.key, 0) })
      var covering = 0
      for evaluation in evaluations.values {
        let report = try #require(evaluation.streak(streak))
        if let bucket = Standings.buckets.first(where: { $0.low <= report.current && report.current <= $0.high }) {
          counted[bucket.key]! += 1
        }
        if report.current > 0, let start = report.start, start <= on, on <= start + (report.current - 1) {
          covering += 1
        }
      }
      buckets[streak] = counted
      runs[streak] = covering
    }
    #expect((stats["streaks"] as? [String: [String: Int]]) == buckets, "\(name): \(answer.body)")
    #expect((stats["streak_days_on_date"] as? [String: Int]) == runs, "\(name): \(answer.body)")
  }

  static let boardRoute = "/v1/catalogs/{catalog}/leaderboards/{name}"
  static let statsRoute = "/v1/catalogs/{catalog}/stats"

  /// The answer's route and status are in docs/openapi.yaml, and its JSON has the keys the
  /// documented schema requires.
  static func documented(
    _ method: String, _ route: String, _ answer: ServerProcess.Answer,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let document = try OpenAPIDocument.load()
    guard let operation = document.operation(route, method) else {
      Issue.record("\(method) \(route) is not in docs/openapi.yaml", sourceLocation: sourceLocation)
      return
    }
    guard let response = document.response(operation, status: answer.status) else {
      Issue.record("\(method) \(route) answered \(answer.status), not documented", sourceLocation: sourceLocation)
      return
    }
    guard let schema = document.schema(of: response), let json = answer.json else { return }
    for problem in document.problems(json, schema, at: "\(method) \(route) \(answer.status)") {
      Issue.record("\(problem)", sourceLocation: sourceLocation)
    }
  }

  @Test("leaderboards equal a brute-force ranking and stats equal SQL counts, after a batch", arguments: Backend.all)
  func afterABatch(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      for (index, name) in Self.catalogs.enumerated() {
        try Self.load(name, count: 30, seed: UInt64(290 + index), store: address, folder: folder)
      }
      let server = try ServerProcess(store: address)
      let store = try await StoreAddress.open(address)
      var ties = 0
      for name in Self.catalogs {
        try await Self.checkBoards(server, store, name, ties: &ties)
        for date in [nil, Self.last, Self.last + (-3), day("2020-01-01")] {
          try await Self.checkStats(server, backend, address, store, name, date: date)
        }
      }
      #expect(ties > 0, "the users tie somewhere (ranks shared)")
      try await store.close()
    }
  }

  @Test("every save keeps them right: PUT day, PUT user, rebuild, DELETE", arguments: Backend.all)
  func afterEverySave(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      try Self.load("rizq", count: 20, seed: 301, store: address, folder: folder)
      try Self.load("salahstreak", count: 20, seed: 302, store: address, folder: folder)
      let server = try ServerProcess(store: address, token: Self.admin)
      let store = try await StoreAddress.open(address)
      let next = (Self.last + 1).description
      let users = try await store.userIDs(catalog: "rizq", after: nil, limit: 100)
      for user in users.prefix(4) {
        let put = try server.request(
          "PUT", "/v1/catalogs/rizq/users/\(user)/days/\(next)",
          body: #"{"duas_completed": 3, "habits_completed": 4, "habits_total": 4}"#)
        #expect(put.status == 200, "\(put.body)")
      }
      // A past day changed (the user is counted again) and a new start.
      let earlier = (Self.last + (-20)).description
      _ = try server.request("PUT", "/v1/catalogs/rizq/users/\(users[5])/days/\(earlier)", body: "{}")
      let info = try server.request(
        "PUT", "/v1/catalogs/rizq/users/\(users[6])", body: #"{"start": "\#((Self.last + (-10)).description)"}"#)
      #expect(info.status == 200, "\(info.body)")
      let rebuilt = try server.request("POST", "/v1/catalogs/rizq/users/\(users[6])/rebuild")
      #expect(rebuilt.status == 200, "\(rebuilt.body)")
      let deleted = try server.request("DELETE", "/v1/catalogs/rizq/users/\(users[7])")
      #expect(deleted.status == 200, "\(deleted.body)")
      #expect(
        try MigrationTests.sql(
          backend, address, "SELECT COUNT(*) FROM standings WHERE catalog = 'rizq' AND user_id = '\(users[7])';")
          == "0")
      var ties = 0
      let reader = try ServerProcess(store: address)
      try await Self.checkBoards(reader, store, "rizq", ties: &ties)
      try await Self.checkStats(reader, backend, address, store, "rizq", date: nil)
      try await Self.checkBoards(reader, store, "salahstreak", ties: &ties)
      try await store.close()
    }
  }

  @Test(
    "a version-2 store goes to the current version in place; its standings are filled from the saved states",
    arguments: Backend.all)
  func fromVersion2(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      try Self.load("salahstreak", count: 25, seed: 303, store: address, folder: folder)
      try Self.load("imanpath", count: 25, seed: 304, store: address, folder: folder)
      try MigrationTests.backToVersion2(backend, address)
      let store = try await StoreAddress.open(address)
      #expect(try await store.schemaVersion() == Schema.version)
      #expect(try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM standings;") == "0")
      let standings = store
      for name in ["salahstreak", "imanpath"] {
        let catalog = try loadCatalog(name)
        #expect(try await standings.fillStandings(catalog: catalog) == 25)
        #expect(try await standings.fillStandings(catalog: catalog) == 0, "filled once per catalog version")
        let evaluations = try await Self.evaluations(store, catalog)
        for board in Standings.names(catalog) {
          let read = try #require(try await standings.leaderboard(catalog: name, name: board, limit: 100, around: nil))
          #expect(
            Self.same(read.entries.map { ($0.rank, $0.user, $0.value) }, Self.ranking(evaluations, board)),
            "\(name) \(board)")
        }
      }
      try await store.close()
    }
  }

  @Test("every bad request, by its exact answer; nothing stored changes", arguments: Backend.all)
  func badRequests(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      try Self.load("rizq", count: 5, seed: 305, store: address, folder: folder)
      let before = try MigrationTests.sql(
        backend, address, "SELECT user_id, name, value, since, until FROM standings ORDER BY user_id, name;")
      let server = try ServerProcess(
        store: address, token: Self.admin, environment: ["RULES_JWT_SECRET": TestTokens.secret])
      let names = Standings.names(try loadCatalog("rizq")).joined(separator: ", ")
      func error(_ code: String, _ message: String) -> String {
        JSONValue.object([("error", .object([("code", .string(code)), ("message", .string(message))]))]).serialized(
          indent: nil)
          + "\n"
      }
      let cases: [(path: String, status: Int, body: String)] = [
        (
          "/v1/catalogs/rizq/leaderboards/nope", 404,
          error("unknown-leaderboard", "the catalog 'rizq' has no leaderboard 'nope'; its leaderboards are \(names)")
        ),
        (
          "/v1/catalogs/rizq/leaderboards/streak", 404,
          error("unknown-leaderboard", "the catalog 'rizq' has no leaderboard 'streak'; its leaderboards are \(names)")
        ),
        (
          "/v1/catalogs/nope/leaderboards/xp", 404,
          error("unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them")
        ),
        (
          "/v1/catalogs/rizq/leaderboards/xp?limit=0", 400,
          error("bad-limit", "'limit' must be an integer from 1 to 100; found '0'")
        ),
        (
          "/v1/catalogs/rizq/leaderboards/xp?limit=101", 400,
          error("bad-limit", "'limit' must be an integer from 1 to 100; found '101'")
        ),
        (
          "/v1/catalogs/rizq/leaderboards/xp?limit=ten", 400,
          error("bad-limit", "'limit' must be an integer from 1 to 100; found 'ten'")
        ),
        (
          "/v1/catalogs/rizq/leaderboards/xp?limit=", 400,
          error("bad-limit", "'limit' must be an integer from 1 to 100; found ''")
        ),
        ("/v1/catalogs/rizq/leaderboards/xp?around=", 400, error("bad-around", "'around': the user id is empty")),
        (
          "/v1/catalogs/rizq/leaderboards/xp?around=nobody", 404,
          error(
            "unknown-user", "'around': the leaderboard 'xp' of 'rizq' has no user 'nobody' (not evaluated yet)")
        ),
        (
          "/v1/catalogs/rizq/stats?date=2026-02-30", 400,
          error("bad-date", "'date': \(CalendarDay.problem(with: "2026-02-30")!)")
        ),
        (
          "/v1/catalogs/rizq/stats?date=yesterday", 400,
          error("bad-date", "'date': \(CalendarDay.problem(with: "yesterday")!)")
        ),
        (
          "/v1/catalogs/nope/stats", 404,
          error("unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them")
        ),
      ]
      for (path, status, body) in cases {
        let answer = try server.request("GET", path)
        #expect(answer.status == status, "\(path): \(answer.body)")
        #expect(answer.body == body, "\(path)")
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        try Self.documented("GET", path.contains("/stats") ? Self.statsRoute : Self.boardRoute, answer)
      }
      let post = try server.request("POST", "/v1/catalogs/rizq/stats")
      #expect(post.status == 405)
      #expect(post.headers["allow"] == "GET")

      // Access: a user's token reads its catalogs' leaderboards, never stats; no token, 401.
      let user = try await TestTokens.hs256(TestTokens.claims("someone", catalogs: ["rizq"]))
      let elsewhere = try await TestTokens.hs256(TestTokens.claims("someone", catalogs: ["onward"]))
      #expect(try server.request("GET", "/v1/catalogs/rizq/leaderboards/xp", token: user).status == 200)
      #expect(try server.request("GET", "/v1/catalogs/rizq/leaderboards/xp", token: elsewhere).status == 403)
      #expect(try server.request("GET", "/v1/catalogs/rizq/stats", token: user).status == 403)
      #expect(try server.request("GET", "/v1/catalogs/rizq/stats", useToken: false).status == 401)
      #expect(try server.request("GET", "/v1/catalogs/rizq/leaderboards/xp", useToken: false).status == 401)
      for (path, route, token) in [
        ("/v1/catalogs/rizq/stats", Self.statsRoute, Self.admin),
        ("/v1/catalogs/rizq/stats", Self.statsRoute, user),
        ("/v1/catalogs/rizq/leaderboards/xp?around=nobody", Self.boardRoute, user),
        ("/v1/catalogs/rizq/leaderboards/streak.best?limit=2", Self.boardRoute, user),
        ("/v1/catalogs/rizq/leaderboards/xp", Self.boardRoute, elsewhere),
      ] {
        let answer = try server.request("GET", path, token: token)
        #expect([200, 403, 404].contains(answer.status), "\(path): \(answer.body)")
        try Self.documented("GET", route, answer)
      }

      #expect(
        try MigrationTests.sql(
          backend, address, "SELECT user_id, name, value, since, until FROM standings ORDER BY user_id, name;")
          == before, "nothing stored changed")
    }
  }
}
