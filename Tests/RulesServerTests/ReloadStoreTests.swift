import Foundation
import StoreTestSupport
import Testing

/// A reload cannot break stored users (issue #34, 3): a candidate catalog is read against the
/// store before it is served. Stored days' inputs it lacks are left out (and the answer says
/// so), values it cannot take as they are are read as their nearest value (and the answer
/// counts them; issue #52: they no longer refuse it), a saved state it cannot read is counted
/// again from the days; two files of one id are refused. Every user of a catalog reloaded keeps
/// answering (never 503).
@Suite struct ReloadStoreTests {
  static let reload = CatalogReloadTests.reload
  static let progress = "/v1/catalogs/{catalog}/users/{user}/progress"
  static let rebuild = "/v1/catalogs/{catalog}/users/{user}/rebuild"

  /// discipline.yaml with `version` and, when given, one more input (`rested: {...}`).
  static func discipline(version: Int, rested: String? = nil) throws -> String {
    var text = try CatalogReloadTests.discipline(version: version)
    if let rested { text = text.replacingOccurrences(of: "\ninputs:\n", with: "\ninputs:\n  rested: \(rested)\n") }
    return text
  }

  /// A server on a new store serving `catalog` from a folder of its own (`catalogs/discipline.yaml`).
  static func serve(
    _ backend: Backend, in folder: URL, _ catalog: String
  ) async throws -> (ServerSession, URL) {
    let catalogs = folder.appendingPathComponent("catalogs")
    try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
    let file = catalogs.appendingPathComponent("discipline.yaml")
    try catalog.write(to: file, atomically: true, encoding: .utf8)
    let server = try await ServerSession(
      backend, in: folder, token: "admin-token-of-at-least-32-bytes", extra: ["--catalogs", catalogs.path])
    return (server, file)
  }

  /// The training streak's `current` in an evaluation's answer.
  static func training(_ answer: ServerProcess.Answer) -> Int? {
    (((answer.json as? [String: Any])?["streaks"] as? [String: Any])?["training"] as? [String: Any])?["current"]
      as? Int
  }

  /// PUT of a day, GET of progress and a rebuild of `user` answer 200 (the streak as expected).
  static func userAnswers(
    _ server: ServerSession, _ user: String, put date: String, streak: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let path = "/v1/catalogs/discipline/users/\(user)"
    let put = try server.call(
      "PUT", "\(path)/days/\(date)", route: ServerTests.day, body: #"{"planned": true, "completed": true}"#)
    #expect(put.status == 200, "\(put.body)", sourceLocation: sourceLocation)
    #expect(training(put) == streak, "\(put.body)", sourceLocation: sourceLocation)
    let got = try server.call("GET", "\(path)/progress?date=\(date)", route: progress)
    #expect(got.status == 200, "\(got.body)", sourceLocation: sourceLocation)
    #expect(training(got) == streak, "\(got.body)", sourceLocation: sourceLocation)
    let rebuilt = try server.call("POST", "\(path)/rebuild?date=\(date)", route: rebuild)
    #expect(rebuilt.status == 200, "\(rebuilt.body)", sourceLocation: sourceLocation)
    #expect(training(rebuilt) == streak, "\(rebuilt.body)", sourceLocation: sourceLocation)
  }

  static func put(_ server: ServerSession, _ user: String, _ date: String, _ body: String) throws {
    let answer = try server.call(
      "PUT", "/v1/catalogs/discipline/users/\(user)/days/\(date)", route: ServerTests.day, body: body)
    #expect(answer.status == 200, "\(answer.body)")
  }

  @Test(arguments: Backend.all)
  func anInputStoredDaysCarryIsLeftOutWhenACatalogRemovesIt(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let (server, file) = try await Self.serve(
        backend, in: folder, try Self.discipline(version: 1, rested: "{type: bool}"))
      for date in ["2026-01-01", "2026-01-02", "2026-01-03"] {
        try Self.put(server, "ana", date, #"{"planned": true, "completed": true, "rested": true}"#)
      }
      try Self.put(server, "bob", "2026-01-01", #"{"planned": true, "completed": true}"#)

      try Self.discipline(version: 2).write(to: file, atomically: true, encoding: .utf8)
      let reloaded = try server.call("POST", Self.reload, route: Self.reload)
      #expect(reloaded.status == 200, "\(reloaded.body)")
      #expect(
        reloaded.body
          == #"[{"catalog":"discipline","name":"Discipline","version":2,"ignored_inputs":[{"input":"rested","users":1,"days":3}],"nearest_inputs":[],"unreadable_states":0}]"#
          + "\n")
      try Self.userAnswers(server, "ana", put: "2026-01-04", streak: 4)
      try Self.userAnswers(server, "bob", put: "2026-01-02", streak: 2)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func aCatalogThatRetypesAnInputStoredDaysCarryReadsThemAsTheirNearest(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let (server, file) = try await Self.serve(
        backend, in: folder, try Self.discipline(version: 1, rested: "{type: bool}"))
      for date in ["2026-01-02", "2026-01-03", "2026-01-04"] {
        try Self.put(server, "ana", date, #"{"planned": true, "completed": true, "rested": true}"#)
      }
      try Self.put(server, "bob", "2026-01-01", #"{"planned": true, "completed": true, "rested": false}"#)
      try Self.put(server, "carol", "2026-01-01", #"{"planned": true, "completed": true}"#)
      let served = try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body

      // Retyped: served; `true` and `false` read as 1 and 0, counted by input, users and days.
      try Self.discipline(version: 2, rested: "{type: int}").write(to: file, atomically: true, encoding: .utf8)
      let retyped = try server.call("POST", Self.reload, route: Self.reload)
      #expect(retyped.status == 200, "\(retyped.body)")
      let entry = (retyped.json as? [[String: Any]])?.first
      #expect(
        entry?["nearest_inputs"] as? [NSDictionary] == [
          ["input": "rested", "users": 2, "days": 4, "example": "rested must be an integer; found false; read as 0"]
        ], "\(retyped.body)")
      #expect(try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body != served)
      try Self.userAnswers(server, "ana", put: "2026-01-05", streak: 4)

      // Under a new name the old values are left out: served, and every user answers.
      try Self.discipline(version: 2, rested: "{type: int}").replacingOccurrences(
        of: "  rested:", with: "  rest_hours:"
      )
      .write(to: file, atomically: true, encoding: .utf8)
      let reloaded = try server.call("POST", Self.reload, route: Self.reload)
      #expect(
        reloaded.body
          == #"[{"catalog":"discipline","name":"Discipline","version":2,"ignored_inputs":[{"input":"rested","users":2,"days":4}],"nearest_inputs":[],"unreadable_states":0}]"#
          + "\n")
      try Self.userAnswers(server, "ana", put: "2026-01-06", streak: 5)
      try Self.userAnswers(server, "bob", put: "2026-01-02", streak: 2)
      try Self.userAnswers(server, "carol", put: "2026-01-02", streak: 2)
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func aSavedStateTheCatalogCannotReadIsCountedAgainFromTheDays(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      // The state's pending day holds every input, `rested` (0) too, though no stored day does.
      let (server, file) = try await Self.serve(
        backend, in: folder, try Self.discipline(version: 1, rested: "{type: int}"))
      for date in ["2026-01-01", "2026-01-02", "2026-01-03"] {
        try Self.put(server, "ana", date, #"{"planned": true, "completed": true}"#)
      }

      try Self.discipline(version: 2, rested: "{type: bool}").write(to: file, atomically: true, encoding: .utf8)
      let reloaded = try server.call("POST", Self.reload, route: Self.reload)
      #expect(
        reloaded.body
          == #"[{"catalog":"discipline","name":"Discipline","version":2,"ignored_inputs":[],"nearest_inputs":[],"unreadable_states":1}]"#
          + "\n")
      let got = try server.call(
        "GET", "/v1/catalogs/discipline/users/ana/progress?date=2026-01-03", route: Self.progress)
      #expect(got.status == 200, "\(got.body)")
      #expect(Self.training(got) == 3, "\(got.body)")
      try Self.userAnswers(server, "ana", put: "2026-01-04", streak: 4)

      // The state saved since is read: a reload of the same catalog finds none it cannot read.
      try Self.discipline(version: 3, rested: "{type: bool}").write(to: file, atomically: true, encoding: .utf8)
      #expect(
        try server.call("POST", Self.reload, route: Self.reload).body
          == #"[{"catalog":"discipline","name":"Discipline","version":3,"ignored_inputs":[],"nearest_inputs":[],"unreadable_states":0}]"#
          + "\n")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func aServerServesAtStartACatalogThatCannotTakeStoredValuesAsTheyAre(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let (first, file) = try await Self.serve(
        backend, in: folder, try Self.discipline(version: 1, rested: "{type: bool}"))
      try Self.put(first, "ana", "2026-01-01", #"{"planned": true, "completed": true, "rested": true}"#)
      first.process.process.terminate()
      first.process.process.waitUntilExit()

      try Self.discipline(version: 2, rested: "{type: int}").write(to: file, atomically: true, encoding: .utf8)
      let onward = try String(
        contentsOf: repositoryRoot.appendingPathComponent("catalogs/onward.yaml"), encoding: .utf8)
      try onward.write(
        to: file.deletingLastPathComponent().appendingPathComponent("onward.yaml"), atomically: true, encoding: .utf8)
      let log = folder.appendingPathComponent("server.log")
      let second = try ServerProcess(
        store: first.store, token: "admin-token-of-at-least-32-bytes",
        extra: ["--catalogs", file.deletingLastPathComponent().path], log: log)
      let catalogs = try second.request("GET", "/v1/catalogs", body: nil)
      #expect(catalogs.body.contains(#""catalog":"onward""#), "\(catalogs.body)")
      #expect(catalogs.body.contains(#""catalog":"discipline","name":"Discipline","version":2"#), "\(catalogs.body)")
      let got = try second.request("GET", "/v1/catalogs/discipline/users/ana/progress?date=2026-01-01", body: nil)
      #expect(got.status == 200, "\(got.body)")
      #expect(Self.training(got) == 1, "\(got.body)")
      let logged = try String(contentsOf: log, encoding: .utf8)
      #expect(
        logged.contains(
          "discipline: the input 'rested' cannot take the values 1 user stored on 1 day as they are: each is read as its nearest value (e.g. rested must be an integer; found true; read as 1)"
        ), "\(logged)")
      #expect(!logged.contains("is not served"), "\(logged)")
    }
  }

  @Test(arguments: Backend.all)
  func twoFilesOfOneCatalogIDAreRefused(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let (server, file) = try await Self.serve(backend, in: folder, try Self.discipline(version: 1))
      let catalogs = file.deletingLastPathComponent()
      let copy = catalogs.appendingPathComponent("discipline.bak.yaml")
      try Self.discipline(version: 2).write(to: copy, atomically: true, encoding: .utf8)
      let message =
        "\(file.path):2:10: error: the catalog 'discipline' is declared twice in the folder, by \(copy.path) and by \(file.path); a folder serves one catalog per id: move or rename one of them [duplicate-catalog]"
      expectError(
        try server.call("POST", Self.reload, route: Self.reload), 422, "catalog-invalid",
        "the catalogs were not reloaded; the ones served are unchanged: " + message)
      #expect(
        try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body
          == #"[{"catalog":"discipline","name":"Discipline","version":1}]"# + "\n")

      // At start: an error, and no server.
      let started = try Binary.run(
        "rules-server", ["serve", "--store", server.store, "--port", "0", "--catalogs", catalogs.path])
      #expect(started.status == 1)
      #expect(
        started.stderr == message + "\nerror: \(catalogs.path) declares a catalog id twice; the server does not start\n"
      )
      try server.checkAgainstOpenAPI()
    }
  }

  @Test(arguments: Backend.all)
  func rulesServerDiffSaysWhatAReloadWouldFind(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let (server, file) = try await Self.serve(
        backend, in: folder, try Self.discipline(version: 1, rested: "{type: bool}"))
      try Self.put(server, "ana", "2026-01-01", #"{"planned": true, "completed": true, "rested": true}"#)
      let candidate = folder.appendingPathComponent("candidate.yaml")
      func diff(_ rested: String?) throws -> Binary.Result {
        try Self.discipline(version: 2, rested: rested).write(to: candidate, atomically: true, encoding: .utf8)
        return try Binary.run(
          "rules-server",
          ["diff", file.path, "--candidate", candidate.path, "--store", server.store, "--date", "2026-01-01"])
      }
      let retyped = try diff("{type: int}")
      #expect(retyped.status == 1, "\(retyped.stderr)")
      #expect(
        retyped.stdout.hasSuffix(
          """

          The store:
            discipline: the input 'rested' cannot take the values 1 user stored on 1 day as they are: each is read as its nearest value (e.g. rested must be an integer; found true; read as 1)
            discipline: this version cannot read the saved state of 1 user: each is counted again from their stored days at their next evaluation

          """), "\(retyped.stdout)")
      let removed = try diff(nil)
      #expect(removed.status == 1, "\(removed.stderr)")
      #expect(
        removed.stdout.hasSuffix(
          """

          The store:
            discipline: the input 'rested' is not in the catalog: it is left out of the days 1 user stored it on (1 day)

          """), "\(removed.stdout)")
      let same = try diff("{type: bool}")
      #expect(
        same.stdout.hasSuffix("\nThe store: the candidate reads every stored day and saved state.\n"), "\(same.stdout)")
    }
  }

  @Test func rulesCheckOfAFolderReportsTwoFilesOfOneCatalogID() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("discipline.yaml")
      let copy = folder.appendingPathComponent("discipline.bak.yaml")
      try Self.discipline(version: 1).write(to: file, atomically: true, encoding: .utf8)
      try Self.discipline(version: 2).write(to: copy, atomically: true, encoding: .utf8)
      let checked = try Binary.run("rules", ["check", folder.path])
      #expect(checked.status == 1)
      #expect(
        checked.stdout == """
          \(file.path):2:10: error: the catalog 'discipline' is declared twice in the folder, by \(copy.path) and by \(file.path); a folder serves one catalog per id: move or rename one of them [duplicate-catalog]
           2 | catalog: discipline
             |          ^
          2 files checked: 1 error, 0 warnings

          """, "\(checked.stdout)")
      // A folder that is a symbolic link (switched by one rename, docs/store.md) is read through it.
      let link = folder.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
      try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
      defer { try? FileManager.default.removeItem(at: link) }
      let linked = try Binary.run("rules", ["check", link.path])
      #expect(linked.status == 1)
      #expect(linked.stdout.hasSuffix("\n2 files checked: 1 error, 0 warnings\n"), "\(linked.stdout)")
      // Each file named alone is a catalog of its own: no error.
      #expect(try Binary.run("rules", ["check", file.path, copy.path]).status == 0)
    }
  }
}
