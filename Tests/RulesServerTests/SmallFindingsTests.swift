import Foundation
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

/// Issue #34, item 5: NUL in parameters, the log of a 503, readiness while writes fail,
/// `around=%FF`, whole leaderboard values; each by its exact answer.
@Suite struct SmallFindingsTests {
  static let nul = "holds a NUL character (%00); no parameter may"
  static let notUTF8 =
    "is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let board = "/v1/catalogs/{catalog}/leaderboards/{name}"

  @Test(arguments: Backend.all)
  func aNULInAnyParameterIs400OnBothStores(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder, token: "admin-secret-of-at-least-32-bytes")
      let user = "/v1/catalogs/rizq/users/fatima"
      #expect(
        try server.call(
          "PUT", user + "/days/2026-03-19", route: ServerHardeningTests.day, body: #"{"duas_completed": 3}"#
        ).status == 200)
      let cases: [(path: String, route: String, code: String, message: String)] = [
        ("/v1/events?catalog=%00", "/v1/events", "bad-parameter", "'catalog' \(Self.nul)"),
        ("/v1/events?catalog=rizq%00x", "/v1/events", "bad-parameter", "'catalog' \(Self.nul)"),
        ("/v1/events?user=a%00", "/v1/events", "bad-parameter", "'user' \(Self.nul)"),
        ("/v1/events?kind=%00", "/v1/events", "bad-parameter", "'kind' \(Self.nul)"),
        ("/v1/events?catalog=%FF", "/v1/events", "bad-parameter", "'catalog' \(Self.notUTF8)"),
        ("/v1/catalogs/%00", "/v1/catalogs/{catalog}", "bad-parameter", "'catalog' \(Self.nul)"),
        ("/v1/catalogs/rizq%00/stats", "/v1/catalogs/{catalog}/stats", "bad-parameter", "'catalog' \(Self.nul)"),
        ("/v1/catalogs/rizq/leaderboards/xp%00", Self.board, "bad-parameter", "'name' \(Self.nul)"),
        ("/v1/catalogs/rizq/leaderboards/xp?around=%00", Self.board, "bad-around", "'around' \(Self.nul)"),
        ("/v1/catalogs/rizq/users/a%00/progress", Self.progress, "bad-user", "'user' \(Self.nul)"),
        (user + "/progress?date=2026-03-19%00", Self.progress, "bad-date", "'date' \(Self.nul)"),
        (user + "/progress?locale=ar%00", Self.progress, "bad-locale", "'locale' \(Self.nul)"),
        ("/v1/catalogs/rizq/stats?date=%00", "/v1/catalogs/{catalog}/stats", "bad-date", "'date' \(Self.nul)"),
      ]
      for (path, route, code, message) in cases {
        expectError(try server.call("GET", path, route: route), 400, code, message)
      }
      expectError(
        try server.call(
          "PUT", user + "/days/2026-03-20?locale=%00", route: ServerHardeningTests.day, body: #"{"duas_completed": 1}"#),
        400, "bad-locale", "'locale' \(Self.nul)")
      // Without the admin token, a NUL changes nothing: 401 first.
      expectError(
        try server.call("GET", "/v1/events?catalog=%00", route: "/v1/events", useToken: false), 401, "unauthorized")
      #expect(try server.call("GET", "/v1/events?catalog=rizq", route: "/v1/events").status == 200)
      try ServerHardeningTests.expectHealthy(server)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func aPostgreSQLFailureIsLoggedWithPostgreSQLsOwnMessage() async throws {
    guard Backend.all.contains(.postgres) else { return }
    try await withTemporaryFolder { folder in
      let log = folder.appendingPathComponent("server.log")
      let server = try await ServerSession(.postgres, in: folder, log: log)
      let put = "/v1/catalogs/discipline/users/a/days/2026-01-01"
      #expect(try server.call("PUT", put, route: ServerHardeningTests.day, body: #"{"planned": true}"#).status == 200)
      try server.breakStore()
      expectError(
        try server.call("PUT", put, route: ServerHardeningTests.day, body: #"{"planned": false}"#), 503,
        "store-unavailable", "the store cannot answer now; try again later")
      let text = try String(contentsOf: log, encoding: .utf8)
      #expect(text.contains(#"relation "days" does not exist (SQLSTATE 42P01)"#), "\(text)")
    }
  }

  /// Writes refused by the store (a trigger standing in for a full disk) while reads work.
  static func refuseWrites(_ server: ServerSession, _ refuse: Bool) throws {
    switch server.backend {
    case .sqlite:
      let sql =
        refuse
        ? "CREATE TRIGGER refuse_days BEFORE INSERT ON days BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
        : "DROP TRIGGER refuse_days;"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["sqlite3", String(server.store.dropFirst("sqlite:".count)), sql]
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw StoreTestFailure("sqlite3 failed: \(sql)") }
    case .postgres:
      try TestPostgres.runPSQL(
        server.store,
        refuse
          ? """
          CREATE FUNCTION refuse_days() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'could not extend file: No space left on device'; END; $$ LANGUAGE plpgsql;
          CREATE TRIGGER refuse_days BEFORE INSERT OR UPDATE ON days FOR EACH ROW EXECUTE FUNCTION refuse_days();
          """
          : "DROP TRIGGER refuse_days ON days; DROP FUNCTION refuse_days();")
    }
  }

  @Test(arguments: Backend.all)
  func readinessSaysNotReadyWhileWritesFail(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder)
      let put = "/v1/catalogs/discipline/users/a/days/2026-01-01"
      #expect(try server.call("PUT", put, route: ServerHardeningTests.day, body: #"{"planned": true}"#).status == 200)
      #expect(try server.call("GET", "/readyz", route: "/readyz").status == 200)

      try Self.refuseWrites(server, true)
      expectError(
        try server.call(
          "PUT", put.replacingOccurrences(of: "01-01", with: "01-02"), route: ServerHardeningTests.day,
          body: #"{"planned": true}"#), 503, "store-unavailable", "the store cannot answer now; try again later")
      // Reads still work; readiness does not.
      #expect(
        try server.call(
          "GET", "/v1/catalogs/discipline/users/a/progress?date=2026-01-01", route: Self.progress
        ).status == 200)
      let unready = try server.call("GET", "/readyz", route: "/readyz")
      expectError(unready, 503, "store-unavailable")
      let message = ((unready.json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String ?? ""
      #expect(
        message.wholeMatch(
          of:
            /a write to the store failed [0-9] s ago; ready again once a write succeeds, or 30 s after the last failed one/
        ) != nil, "\(message)")

      // The store takes writes again: the first that succeeds makes the server ready.
      try Self.refuseWrites(server, false)
      #expect(try server.call("PUT", put, route: ServerHardeningTests.day, body: #"{"planned": false}"#).status == 200)
      let ready = try server.call("GET", "/readyz", route: "/readyz")
      #expect(ready.status == 200)
      #expect(ready.body == #"{"status":"ready"}"# + "\n")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func aLeaderboardsAroundThatIsNotUTF8Is400() async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(.sqlite, in: folder)
      for query in ["%FF", "a%C3%28", "%E2%82"] {
        expectError(
          try server.call("GET", "/v1/catalogs/rizq/leaderboards/xp?around=\(query)", route: Self.board), 400,
          "bad-around", "'around' \(Self.notUTF8)")
      }
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func wholeLeaderboardValuesAreWrittenAsIntegersHoweverLarge() {
    let board = Leaderboard(
      catalog: "rizq", name: "xp",
      entries: [
        .init(rank: 1, user: "max", value: Double(Int.max)),
        .init(rank: 2, user: "big", value: 1e20),
        .init(rank: 3, user: "exact", value: 9_007_199_254_740_993),
        .init(rank: 4, user: "quadrillion", value: 1e15),
        .init(rank: 5, user: "half", value: 2.5),
        .init(rank: 6, user: "low", value: -9e18),
        .init(rank: 7, user: "q\"uote", value: 0),
      ])
    #expect(
      board.json
        == #"{"catalog":"rizq","name":"xp","entries":[{"rank":1,"user":"max","value":9223372036854775808},{"rank":2,"user":"big","value":100000000000000000000},{"rank":3,"user":"exact","value":9007199254740992},{"rank":4,"user":"quadrillion","value":1000000000000000},{"rank":5,"user":"half","value":2.5},{"rank":6,"user":"low","value":-9000000000000000000},{"rank":7,"user":"q\"uote","value":0}]}"#
    )
  }
}
