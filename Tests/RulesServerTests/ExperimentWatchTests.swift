import Foundation
import StoreTestSupport
import Testing

/// A running `rules-server serve` sees what `rules-server experiment` changes in its store
/// without a reload (`--experiment-poll`): a start assigns, a stop sends users back to control,
/// a promote serves the variant.
@Suite struct ExperimentWatchTests {
  static let poll = 0.3
  /// How long a change may take to show: the poll and ample slack for a loaded machine.
  static let within = 10.0

  /// The answers of `ask` until `done` holds of one, or `within` seconds: the last answer and
  /// the seconds it took.
  static func waiting(
    _ ask: () throws -> ServerProcess.Answer, until done: (ServerProcess.Answer) -> Bool
  ) throws -> (ServerProcess.Answer, Double) {
    let began = Date()
    var answer = try ask()
    while !done(answer), Date().timeIntervalSince(began) < within {
      Thread.sleep(forTimeInterval: 0.05)
      answer = try ask()
    }
    return (answer, Date().timeIntervalSince(began))
  }

  static func experiment(_ answer: ServerProcess.Answer) -> [String: String]? {
    (answer.json as? [String: Any])?["experiment"] as? [String: String]
  }

  /// The ids of the badges an evaluation's answer says are unlocked.
  static func unlocked(_ answer: ServerProcess.Answer) -> [String] {
    (((answer.json as? [String: Any])?["badges"] as? [String: Any])?["unlocked"] as? [[String: Any]] ?? [])
      .compactMap { $0["id"] as? String }
  }

  static func version(_ answer: ServerProcess.Answer) -> Int? {
    ((answer.json as? [[String: Any]])?.first { $0["catalog"] as? String == "discipline" })?["version"] as? Int
  }

  @Test(arguments: Backend.all)
  func experimentCommandsReachARunningServer(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("catalogs")
      try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
      let file = catalogs.appendingPathComponent("discipline.yaml")
      try CatalogReloadTests.discipline(version: 1).write(to: file, atomically: true, encoding: .utf8)
      let variant = folder.appendingPathComponent("variant.yaml")
      try CatalogReloadTests.discipline(version: 2, extraBadge: CatalogReloadTests.twoDays).write(
        to: variant, atomically: true, encoding: .utf8)
      let server = try await ServerSession(
        backend, in: folder, token: "admin-token-of-at-least-32-bytes",
        extra: ["--catalogs", catalogs.path, "--experiment-poll", "\(Self.poll)"])
      let progress = "/v1/catalogs/discipline/users/ana/progress?date=2026-01-02"
      let route = "/v1/catalogs/{catalog}/users/{user}/progress"
      for date in ["2026-01-01", "2026-01-02"] {
        let put = try server.call(
          "PUT", "/v1/catalogs/discipline/users/ana/days/\(date)", route: ServerTests.day,
          body: #"{"planned": true, "completed": true}"#)
        #expect(put.status == 200, "\(put.body)")
      }
      #expect(Self.experiment(try server.call("GET", progress, route: route)) == nil)
      func cli(_ arguments: [String]) throws {
        let ran = try Binary.run("rules-server", ["experiment"] + arguments + ["--store", server.store])
        #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
      }

      // Started by the CLI: every user in the variant (100%), told in the answer.
      try cli(["start", file.path, "--variant", variant.path, "--share", "100%", "--name", "watched"])
      let (started, startTook) = try Self.waiting({ try server.call("GET", progress, route: route) }) {
        Self.experiment($0) != nil
      }
      #expect(Self.experiment(started) == ["name": "watched", "arm": "variant"], "\(started.body)")
      #expect(Self.unlocked(started).contains("two-days"), "the variant's badge: \(started.body)")
      #expect(startTook < Self.within)

      // Stopped by the CLI: back to control.
      try cli(["stop", "watched"])
      let (stopped, stopTook) = try Self.waiting({ try server.call("GET", progress, route: route) }) {
        Self.experiment($0) == nil
      }
      #expect(Self.experiment(stopped) == nil, "\(stopped.body)")
      #expect(stopTook < Self.within)

      // Promoted by the CLI: the variant is the catalog served (version 2), no experiment.
      try cli(["start", file.path, "--variant", variant.path, "--share", "100%", "--name", "again"])
      _ = try Self.waiting({ try server.call("GET", progress, route: route) }) { Self.experiment($0) != nil }
      #expect(Self.version(try server.call("GET", "/v1/catalogs", route: "/v1/catalogs")) == 1)
      try cli(["promote", "again"])
      let (served, promoteTook) = try Self.waiting({ try server.call("GET", "/v1/catalogs", route: "/v1/catalogs") }) {
        Self.version($0) == 2
      }
      #expect(Self.version(served) == 2, "\(served.body)")
      #expect(promoteTook < Self.within)
      let after = try server.call("GET", progress, route: route)
      #expect(Self.experiment(after) == nil && Self.unlocked(after).contains("two-days"), "\(after.body)")
      let revisions = try server.call(
        "GET", "/v1/admin/catalogs/discipline/revisions", route: "/v1/admin/catalogs/{catalog}/revisions")
      #expect(revisions.status == 200)
      // The promote recorded the variant once; the server serving it added no revision.
      #expect(revisions.body.components(separatedBy: #""loaded_by":"promote""#).count == 2, "\(revisions.body)")
      print("experiment watch (\(backend)): start \(startTook)s, stop \(stopTook)s, promote \(promoteTook)s")
    }
  }
}
