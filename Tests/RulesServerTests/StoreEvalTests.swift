import Foundation
import RulesBackend
import RulesStore
import StoreTestSupport
import Testing

/// `rules-server eval`: by default the user's progress as the store keeps it (GET .../progress's
/// answer), with `--fresh` every stored day counted from scratch (`rules eval`'s answer).
@Suite struct StoreEvalTests {
  /// A JSON object.
  func object(_ text: String) -> NSDictionary? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
  }

  /// The ids of `badges.unlocked` of an evaluation's JSON.
  func unlocked(_ text: String) -> [String] {
    let badges = object(text)?["badges"] as? NSDictionary
    return (badges?["unlocked"] as? [NSDictionary] ?? []).compactMap { $0["id"] as? String }.sorted()
  }

  /// RIZQ unlocks one badge per check: a user checked each day holds more badges than one check
  /// of all their days unlocks. eval shows what they hold; --fresh what one check gives.
  @Test(arguments: Backend.all)
  func evalShowsTheSavedUnlocksAndFreshCountsFromScratch(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let imported = try Binary.run("rules-server", ["import", "rizq", "examples/rizq.yaml", "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      // A check each day, as when the app is opened every day.
      for day in 1...9 {
        let batch = try Binary.run("rules-server", ["batch", "rizq", "--store", store, "--date", "2026-05-0\(day)"])
        #expect(batch.status == 0, "\(batch.stderr)")
      }
      let opened = try await StoreAddress.open(store)
      let held = try await opened.unlocks(catalog: "rizq", user: "fatima").map(\.badge).sorted()
      #expect(held == ["first-step", "level-5", "perfect-week", "week-warrior"], "one badge a check")

      let arguments = ["eval", "rizq", "--store", store, "--user", "fatima", "--date", "2026-05-09"]
      let kept = try Binary.run("rules-server", arguments + ["--format", "json"])
      #expect(kept.status == 0 && kept.stderr.isEmpty, "\(kept.stderr)")
      #expect(unlocked(kept.stdout) == held, "eval shows every badge the user holds")
      let progress = try await InProcessAPI(store: opened).test { client in
        try await client.call(
          .get, "/v1/catalogs/rizq/users/fatima/progress?date=2026-05-09", token: InProcessAPI.adminToken)
      }
      #expect(progress.status == .ok)
      #expect(
        object(kept.stdout) != nil && object(kept.stdout) == object(progress.text), "eval answers as GET .../progress")

      let fresh = try Binary.run("rules-server", arguments + ["--format", "json", "--fresh"])
      let history = try Binary.run(
        "rules", ["eval", "rizq", "--history", "examples/rizq.yaml", "--date", "2026-05-09", "--format", "json"])
      #expect(fresh.status == 0 && history.status == 0, "\(fresh.stderr)\(history.stderr)")
      #expect(fresh.stdout == history.stdout, "--fresh is rules eval of the same days")
      #expect(unlocked(fresh.stdout).count == 1, "one check unlocks one badge")
      // The text too.
      let text = try Binary.run("rules-server", arguments + ["--fresh"])
      let historyText = try Binary.run(
        "rules", ["eval", "rizq", "--history", "examples/rizq.yaml", "--date", "2026-05-09"])
      #expect(text.stdout == historyText.stdout)
      #expect(try Binary.run("rules-server", arguments).stdout != text.stdout, "the default shows the saved unlocks")

      // Nothing was written: the store holds the same unlocks.
      #expect(try await opened.unlocks(catalog: "rizq", user: "fatima").map(\.badge).sorted() == held)
      try await opened.close()

      // A user the store has no record of: the same error both ways.
      for flags in [[], ["--fresh"]] {
        let unknown = try Binary.run("rules-server", ["eval", "rizq", "--store", store, "--user", "nobody"] + flags)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: the store has no record of the user 'nobody' in the catalog 'rizq'\n")
      }
    }
  }
}
