import Foundation
import StoreTestSupport
import Synchronization
import Testing

/// A running server takes a changed catalog (issue #26): `POST /v1/admin/catalogs/reload` and
/// SIGHUP read the folder again, a broken catalog is refused while the old one keeps serving,
/// and requests during reloads lose and double nothing.
@Suite struct CatalogReloadTests {
  static let reload = "/v1/admin/catalogs/reload"

  /// discipline.yaml with `version` and, when given, one more badge.
  static func discipline(version: Int, extraBadge: String? = nil) throws -> String {
    var text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
    text = text.replacingOccurrences(of: "\nversion: 1\n", with: "\nversion: \(version)\n")
    if let extraBadge { text = text.replacingOccurrences(of: "\nbadges:\n", with: "\nbadges:\n\(extraBadge)\n") }
    return text
  }

  static let twoDays = """
      - id: two-days
        name: Two days
        description: 2-day streak
        category: streak
        group: streaks
        when: training.current >= 2
    """

  @Test(arguments: Backend.all)
  func aChangedCatalogIsServedAfterAReloadAndABrokenOneIsRefused(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("catalogs")
      try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
      let file = catalogs.appendingPathComponent("discipline.yaml")
      try Self.discipline(version: 1).write(to: file, atomically: true, encoding: .utf8)
      let server = try await ServerSession(
        backend, in: folder, token: "admin-token-of-at-least-32-bytes", extra: ["--catalogs", catalogs.path])
      let user = "/v1/catalogs/discipline/users/ana"
      let day = #"{"planned": true, "completed": true}"#
      for date in ["2026-01-01", "2026-01-02", "2026-01-03"] {
        #expect(try server.call("PUT", "\(user)/days/\(date)", route: ServerTests.day, body: day).status == 200)
      }

      try Self.discipline(version: 2, extraBadge: Self.twoDays).write(to: file, atomically: true, encoding: .utf8)
      let reloaded = try server.call("POST", Self.reload, route: Self.reload)
      #expect(reloaded.status == 200, "\(reloaded.body)")
      #expect(
        reloaded.body
          == #"[{"catalog":"discipline","name":"Discipline","version":2,"ignored_inputs":[],"nearest_inputs":[],"unreadable_states":0}]"#
          + "\n")
      let listed = try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body
      #expect(listed == #"[{"catalog":"discipline","name":"Discipline","version":2}]"# + "\n")
      let next = try server.call("PUT", "\(user)/days/2026-01-04", route: ServerTests.day, body: day)
      let badges = (next.json as? [String: Any])?["badges"] as? [String: Any]
      #expect((badges?["new"] as? [String]) == ["two-days"], "\(next.body)")

      try "catalog: discipline\nbadges: 3\n".write(to: file, atomically: true, encoding: .utf8)
      let refused = try server.call("POST", Self.reload, route: Self.reload)
      expectError(refused, 422, "catalog-invalid")
      let message = ((refused.json as? [String: Any])?["error"] as? [String: Any])?["message"] as? String ?? ""
      #expect(message.hasPrefix("the catalogs were not reloaded; the ones served are unchanged: \(file.path):2:"))
      #expect(try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body == listed)
      #expect(try server.call("PUT", "\(user)/days/2026-01-05", route: ServerTests.day, body: day).status == 200)

      // SIGHUP reads the folder too.
      try Self.discipline(version: 3, extraBadge: Self.twoDays).write(to: file, atomically: true, encoding: .utf8)
      kill(server.process.process.processIdentifier, SIGHUP)
      var served = ""
      let began = Date()
      while !served.contains(#""version":3"#), Date().timeIntervalSince(began) < 10 {
        served = try server.call("GET", "/v1/catalogs", route: "/v1/catalogs").body
      }
      #expect(served.contains(#""version":3"#))
      expectError(
        try server.call("POST", Self.reload, route: Self.reload, useToken: false), 401, "unauthorized")
      try server.checkAgainstOpenAPI()
    }
  }

  @Test func reloadsUnderLoadLoseAndDoubleNothing() async throws {
    try await withTemporaryFolder { folder in
      let catalogs = folder.appendingPathComponent("catalogs")
      try FileManager.default.createDirectory(at: catalogs, withIntermediateDirectories: true)
      let file = catalogs.appendingPathComponent("discipline.yaml")
      try Self.discipline(version: 1).write(to: file, atomically: true, encoding: .utf8)
      let server = try await ServerSession(.sqlite, in: folder, extra: ["--catalogs", catalogs.path])
      let client = ServerProcessClient(base: server.process.base)
      let pid = server.process.process.processIdentifier
      let day = #"{"planned": true, "completed": true}"#
      let statuses = Mutex<[Int]>([])
      // Three users' check-ins while the catalog is read again five times (SIGHUP).
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        if worker == 0 {
          for version in 2...6 {
            try? Self.discipline(version: version).write(to: file, atomically: true, encoding: .utf8)
            kill(pid, SIGHUP)
            usleep(100_000)
          }
          return
        }
        for date in 1...10 {
          let path = "/v1/catalogs/discipline/users/u\(worker)/days/2026-01-\(date < 10 ? "0" : "")\(date)"
          let answer = try? client.request("PUT", path, body: day)
          statuses.withLock { $0.append(answer?.status ?? 0) }
        }
      }
      #expect(statuses.withLock { $0 }.allSatisfy { $0 == 200 }, "\(statuses.withLock { $0 })")
      for worker in 1...3 {
        let answer = try client.request(
          "GET", "/v1/catalogs/discipline/users/u\(worker)/progress?date=2026-01-10", body: nil)
        let json = answer.json as? [String: Any]
        let training = (json?["streaks"] as? [String: Any])?["training"] as? [String: Any]
        #expect(training?["current"] as? Int == 10)
        let unlocked = ((json?["badges"] as? [String: Any])?["unlocked"] as? [[String: Any]] ?? []).compactMap {
          $0["id"] as? String
        }
        #expect(unlocked == ["momentum", "first-week"], "u\(worker): \(unlocked)")
      }
    }
  }
}
