import Foundation
import StoreTestSupport
import Testing

/// `rules-server diff` (issue #26): the impact of a candidate catalog over the store's users
/// equals `rules diff --history` over the same users' history files, on both stores.
@Suite struct ServerDiffTests {
  @Test(arguments: Backend.all)
  func theStoresImpactEqualsTheHistoryFilesImpact(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let old = try String(
        contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
      let new = old.replacingOccurrences(of: "when: training.current >= 3", with: "when: training.current >= 2")
        .replacingOccurrences(of: "id: first-week\n", with: "id: first-week-done\n")
      #expect(new != old)
      let candidate = folder.appendingPathComponent("candidate.yaml")
      try new.write(to: candidate, atomically: true, encoding: .utf8)
      let histories = folder.appendingPathComponent("users")
      try FileManager.default.createDirectory(at: histories, withIntermediateDirectories: true)
      var state: UInt64 = 29
      func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
      }
      var files: [String] = []
      for user in 0..<25 {
        var lines = ["user: u\(user)", "days:"]
        for day in 1...31 where next() % 10 < 8 {
          let planned = next() % 10 < 8
          let completed = planned && next() % 10 < 8
          lines.append("  - {date: 2026-01-\(day < 10 ? "0" : "")\(day), planned: \(planned), completed: \(completed)}")
        }
        let file = histories.appendingPathComponent("u\(user).yaml")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        files.append(file.path)
      }
      let store = try await backend.freshAddress(in: folder)
      let imported = try Binary.run("rules-server", ["import", "discipline"] + files + ["--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      let fromStore = try Binary.run(
        "rules-server",
        [
          "diff", "discipline", "--candidate", candidate.path, "--store", store, "--date", "2026-01-31", "--format",
          "json",
        ])
      #expect(fromStore.status == 1, "\(fromStore.stderr)")
      let fromFiles = try Binary.run(
        "rules",
        [
          "diff", "catalogs/discipline.yaml", candidate.path, "--history", histories.path, "--date", "2026-01-31",
          "--format", "json",
        ])
      #expect(fromFiles.status == 1, "\(fromFiles.stderr)")
      let a = try JSONSerialization.jsonObject(with: Data(fromStore.stdout.utf8)) as? [String: Any]
      let b = try JSONSerialization.jsonObject(with: Data(fromFiles.stdout.utf8)) as? [String: Any]
      let storeImpact = a?["impact"] as? NSDictionary
      let fileImpact = b?["impact"] as? NSDictionary
      #expect(storeImpact != nil)
      #expect(storeImpact == fileImpact)
      #expect((storeImpact?["users"] as? Int) == 25)
      let renamed = (storeImpact?["badges"] as? [String: [String: Int]])?["first-week-done"]
      #expect((renamed?["gain"] ?? 0) > 0, "the change moves users: a wrong count would show")
    }
  }
}
