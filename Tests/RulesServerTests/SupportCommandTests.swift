import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

/// `rules-server support freezes|restore` in processes of their own, on both stores: what they
/// write is what `rules eval` counts from a history file with the same grants and restores,
/// each is told once as an event, and every refusal has its exit status and message.
@Suite struct SupportCommandTests {
  @Test(arguments: Backend.all)
  func theStoreCountsWhatAHistoryFileCounts(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let today = CalendarDay.today(in: TimeZone(identifier: "UTC")!)
      // Alice trains 01-01 to 01-07, misses a planned 01-08 and 01-11, trains 01-09, 01-10 and 01-12.
      let trained = ["01", "02", "03", "04", "05", "06", "07", "09", "10", "12"].map { "2026-01-\($0)" }
      let missed = ["2026-01-08", "2026-01-11"]
      let lines =
        trained.map { #"{"user": "alice", "date": "\#($0)", "planned": true, "completed": true}"# }
        + missed.map { #"{"user": "alice", "date": "\#($0)", "planned": true, "completed": false}"# }
      let days = folder.appendingPathComponent("days.jsonl")
      try lines.joined(separator: "\n").write(to: days, atomically: true, encoding: .utf8)
      let imported = try Binary.run("rules-server", ["import", "discipline", days.path, "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")

      let restore = ["support", "restore", "discipline", "alice", "--streak", "training", "--store", store]
      let restored = try Binary.run(
        "rules-server", restore + ["--through", "2026-01-08", "--reason", "the app crashed"])
      #expect(restored.status == 0, "\(restored.stderr)")
      #expect(restored.stdout == "restored 'training' of alice: 2026-01-08 to 2026-01-08 count as covered\n")
      let freezes = ["support", "freezes", "discipline", "alice", "--streak", "training", "--store", store]
      let granted = try Binary.run(
        "rules-server", freezes + ["--count", "2", "--reason", "goodwill", "--format", "json"])
      #expect(granted.status == 0, "\(granted.stderr)")
      #expect(
        granted.stdout.hasPrefix(
          #"{"catalog":"discipline","user":"alice","freeze_grants":[{"streak":"training","count":2,"date":"\#(today)","reason":"goodwill","at":""#
        ))

      // The batch counts the user with them too (its own read of the users).
      let batch = try Binary.run("rules-server", ["batch", "discipline", "--store", store, "--date", "\(today)"])
      #expect(batch.status == 0, "\(batch.stderr)")

      // The same as a history file, counted by `rules eval`.
      var history = "restores:\n  - {streak: training, from: 2026-01-08, through: 2026-01-08}\n"
      history += "freeze_grants:\n  - {streak: training, count: 2, date: \(today)}\ndays:\n"
      for date in (trained + missed).sorted() {
        history += "  - {date: \(date), planned: true, completed: \(!missed.contains(date))}\n"
      }
      let file = folder.appendingPathComponent("alice.yaml")
      try history.write(to: file, atomically: true, encoding: .utf8)
      for date in ["2026-01-10", "2026-01-12", "\(today)"] {
        let stored = try Binary.run(
          "rules-server",
          ["eval", "discipline", "--user", "alice", "--date", date, "--format", "json", "--store", store])
        let evaluated = try Binary.run(
          "rules", ["eval", "catalogs/discipline.yaml", "--history", file.path, "--date", date, "--format", "json"])
        #expect(stored.status == 0 && evaluated.status == 0, "\(stored.stderr) \(evaluated.stderr)")
        #expect(Self.streaks(stored.stdout) == Self.streaks(evaluated.stdout), "\(date)")
        #expect(Self.streaks(stored.stdout) != nil)
      }
      // 01-08 covered: 7 days go on to 9 by 01-10; 01-11 breaks them; today holds the 2 freezes.
      func training(_ date: String) throws -> [Int] {
        Self.training(
          try Binary.run(
            "rules-server",
            ["eval", "discipline", "--user", "alice", "--date", date, "--format", "json", "--store", store]
          ).stdout)
      }
      #expect(try training("2026-01-10") == [9, 0])
      #expect(try training("\(today)") == [1, 2])

      // Each told once.
      let events = try Binary.run("rules-server", ["events", "--store", store, "--user", "alice"])
      let kinds = events.stdout.split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["kind"] as? String
      }
      #expect(kinds.filter { $0 == "streak.restored" }.count == 1)
      #expect(kinds.filter { $0 == "freeze.granted" }.count == 1)

      // Each refusal by its exit status and message.
      let refusals: [([String], Int32, String)] = [
        (
          freezes.map { $0 == "training" ? "nope" : $0 } + ["--count", "1", "--reason", "x"], 64,
          "error: the catalog 'discipline' has no streak 'nope'; its consecutive streaks are training\n"
        ),
        (
          restore + ["--through", "2026-01-07", "--reason", "x"], 65,
          "error: the streak 'training' counted on 2026-01-07: there is nothing to restore\n"
        ),
        (
          restore + ["--through", "\(today + 1)", "--reason", "x"], 64,
          "error: 'through' (\(today + 1)) is after the user's today (\(today)); a restore covers days that have begun\n"
        ),
        (
          [
            "support", "freezes", "discipline", "zed", "--streak", "training", "--store", store, "--count", "1",
            "--reason", "x",
          ], 64, "error: the catalog 'discipline' has no record of the user 'zed'\n"
        ),
      ]
      for (arguments, status, message) in refusals {
        let refused = try Binary.run("rules-server", arguments)
        #expect(refused.status == status, "\(arguments): \(refused.stderr)")
        #expect(refused.stderr == message, "\(arguments)")
      }
      let zero = try Binary.run("rules-server", freezes + ["--count", "0", "--reason", "x"])
      #expect(zero.status == 64 && zero.stderr.contains("--count must be from 1 to 365; found 0"), "\(zero.stderr)")
      let blank = try Binary.run("rules-server", freezes + ["--count", "1", "--reason", " "])
      #expect(blank.status == 64 && blank.stderr.contains("--reason must say why, in 1 to 500 characters"))
    }
  }

  /// An evaluation's streaks, as JSON text with sorted keys.
  static func streaks(_ json: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
      let streaks = object["streaks"],
      let data = try? JSONSerialization.data(withJSONObject: streaks, options: .sortedKeys)
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  static func training(_ json: String) -> [Int] {
    let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let streak = (object?["streaks"] as? [String: Any])?["training"] as? [String: Any]
    return [streak?["current"] as? Int ?? -1, streak?["freezes"] as? Int ?? -1]
  }
}
