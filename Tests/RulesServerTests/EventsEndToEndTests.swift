import Foundation
import RulesBackend
import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesStore

/// Waits for a child process without blocking a thread of the test's pool.
func waitForExit(_ process: Process, within seconds: Double = 180) async throws {
  let deadline = Date().addingTimeInterval(seconds)
  while process.isRunning {
    if Date() > deadline {
      kill(process.processIdentifier, SIGKILL)
      throw StoreTestFailure("the process did not end within \(seconds) s")
    }
    try await Task.sleep(for: .milliseconds(50))
  }
  process.waitUntilExit()
}

/// The events through the binaries: GET /v1/events, `rules-server events`, a batch killed and
/// run again, a version-2 store migrated.
@Suite(.serialized) struct EventsEndToEndTests {
  /// Generated users of `catalog` imported into `store` (JSON Lines through `rules-server import`).
  static func importGenerated(
    _ catalog: String, count: Int, store: String, folder: URL, seed: UInt64 = 29
  ) throws -> GeneratedUsers {
    let generated = GeneratedUsers(
      catalog: try loadCatalog(catalog), count: count, span: 60, last: day("2026-03-31"), seed: seed)
    let lines = folder.appendingPathComponent("\(catalog)-\(UUID().uuidString.prefix(6)).jsonl")
    try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
    let imported = try Binary.run("rules-server", ["import", catalog, lines.path, "--store", store])
    #expect(imported.status == 0, "\(imported.stderr)")
    return generated
  }

  @Test(
    "GET /v1/events pages with a cursor and filters; bad parameters are 400 naming them; rules-server events prints the same"
  )
  func readingEvents() async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = "sqlite:" + folder.appendingPathComponent("store.sqlite").path
      let imported = try Binary.run("rules-server", ["import", "rizq", "examples/rizq.yaml", "--store", store])
      #expect(imported.status == 0, "\(imported.stderr)")
      for date in ["2026-05-04", "2026-05-09"] {
        let batch = try Binary.run("rules-server", ["batch", "rizq", "--store", store, "--date", date])
        #expect(batch.status == 0, "\(batch.stderr)")
      }
      let printed = try Binary.run("rules-server", ["events", "--store", store])
      #expect(printed.status == 0, "\(printed.stderr)")
      let lines = printed.stdout.split(separator: "\n").map(String.init)
      #expect(lines.count >= 4, "\(printed.stdout)")
      let objects = try lines.map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      for object in objects {
        #expect(
          Set(object.keys) == ["id", "catalog", "catalog_version", "user", "date", "kind", "subject", "data"],
          "\(object)")
        #expect(object["catalog"] as? String == "rizq")
        #expect(object["user"] as? String == "fatima")
        #expect(object["catalog_version"] as? Int == 1)
      }
      #expect(lines.contains { $0.contains(#""kind":"badge.unlocked","subject":"first-step""#) })

      let server = try ServerProcess(store: store, token: "admin-token-of-at-least-32-bytes-long")
      // A cursor: two events a page, each page after the last one's id.
      var paged: [String] = []
      var after = 0
      while true {
        let answer = try server.request("GET", "/v1/events?after=\(after)&limit=2")
        #expect(answer.status == 200, "\(answer.body)")
        let object = try #require(answer.json as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let next = try #require(object["next"] as? Int)
        if events.isEmpty {
          #expect(next == after)
          break
        }
        #expect(events.count <= 2)
        #expect(next == events.last?["id"] as? Int)
        paged += events.map { "\($0["id"]!) \($0["kind"]!) \($0["subject"]!) \($0["date"]!)" }
        after = next
      }
      #expect(paged == objects.map { "\($0["id"]!) \($0["kind"]!) \($0["subject"]!) \($0["date"]!)" })
      // Filters, as the command's.
      let badges = try server.request("GET", "/v1/events?kind=badge.unlocked&user=fatima&catalog=rizq")
      let command = try Binary.run("rules-server", ["events", "--store", store, "--kind", "badge.unlocked"])
      let badgeEvents = try #require((badges.json as? [String: Any])?["events"] as? [[String: Any]])
      #expect(badgeEvents.count == command.stdout.split(separator: "\n").count)
      #expect(badgeEvents.allSatisfy { $0["kind"] as? String == "badge.unlocked" })
      #expect(!badgeEvents.isEmpty)
      let none = try server.request("GET", "/v1/events?user=nobody")
      #expect(none.body.hasPrefix(#"{"events":[],"next":0}"#))

      for (query, parameter) in [
        ("after=-1", "'after'"), ("after=x", "'after'"), ("limit=0", "'limit'"), ("limit=1001", "'limit'"),
        ("kind=badge", "'kind'"), ("catalog=", "'catalog'"),
        ("catalog=" + String(repeating: "c", count: 257), "'catalog'"),
        ("user=" + String(repeating: "u", count: 257), "'user'"),
      ] {
        let answer = try server.request("GET", "/v1/events?\(query)")
        #expect(answer.status == 400, "\(query)")
        let error = (answer.json as? [String: Any])?["error"] as? [String: Any]
        #expect(error?["code"] as? String == "bad-parameter", "\(query)")
        #expect((error?["message"] as? String)?.hasPrefix(parameter) == true, "\(query): \(answer.body)")
      }
      #expect(try server.request("GET", "/v1/events", useToken: false).status == 401)
      let bad = try Binary.run("rules-server", ["events", "--store", store, "--kind", "nope"])
      #expect(bad.status == 64)
      #expect(bad.stderr.contains("--kind must be one of"))
    }
  }

  @Test(
    "a batch killed with SIGKILL and run again tells every event once, as an uninterrupted batch does",
    arguments: Backend.all)
  func killedBatchTellsEachEventOnce(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let killed = try await backend.freshAddress(in: folder)
      let reference = try await backend.freshAddress(in: folder)
      let generated = try Self.importGenerated("rizq", count: 1500, store: killed, folder: folder)
      _ = try Self.importGenerated("rizq", count: 1500, store: reference, folder: folder)
      let arguments = ["batch", "rizq", "--date", "2026-03-31", "--chunk", "10"]
      let once = try Binary.run("rules-server", arguments + ["--store", reference])
      #expect(once.status == 0, "\(once.stderr)")

      let opened = try await StoreAddress.open(killed)
      // 150 chunks with 200 ms after each: 30 s or more, so the kill lands mid-batch even when
      // the tests around it keep this one waiting.
      let batch = try Binary.start("rules-server", arguments + ["--store", killed, "--pause", "200"])
      // Watched with the store's own client, blocking this test's thread: a test waiting its
      // turn on a busy pool could see the batch only once it has ended.
      let deadline = Date().addingTimeInterval(60)
      while batch.isRunning, Date() < deadline {
        if try MigrationTests.sql(backend, killed, "SELECT COUNT(*) FROM events;") != "0" { break }
        usleep(10_000)
      }
      kill(batch.processIdentifier, SIGKILL)
      batch.waitUntilExit()
      #expect(batch.terminationReason == .uncaughtSignal, "the batch was still running when killed")
      let before = try await eventLines(opened).count
      let rerun = try Binary.run("rules-server", arguments + ["--store", killed])
      #expect(rerun.status == 0, "\(rerun.stderr)")
      let after = try await eventLines(opened)
      try await opened.close()
      let expectedStore = try await StoreAddress.open(reference)
      let expected = try await eventLines(expectedStore)
      try await expectedStore.close()
      #expect(before > 0 && before < expected.count, "killed mid-batch (\(before) of \(expected.count))")
      #expect(after.count == expected.count)
      #expect(after.sorted() == expected.sorted(), "nothing lost or told twice")
      #expect(generated.users.count == 1500)
    }
  }

  @Test(
    "two batch processes over the same users at once tell each event once, as one batch does", arguments: Backend.all)
  func twoBatchProcessesTellEachEventOnce(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let shared = try await backend.freshAddress(in: folder)
      let reference = try await backend.freshAddress(in: folder)
      _ = try Self.importGenerated("onward", count: 300, store: shared, folder: folder, seed: 8)
      _ = try Self.importGenerated("onward", count: 300, store: reference, folder: folder, seed: 8)
      for date in ["2026-03-15", "2026-03-31"] {
        let arguments = ["batch", "onward", "--date", date, "--chunk", "7"]
        let once = try Binary.run("rules-server", arguments + ["--store", reference])
        #expect(once.status == 0, "\(once.stderr)")
        // Both over every user (no --shard): each save of one is a rerun of the other's.
        let workers = try (0..<2).map { _ in try Binary.start("rules-server", arguments + ["--store", shared]) }
        for worker in workers {
          try await waitForExit(worker)
          #expect(worker.terminationStatus == 0)
        }
      }
      let sharedStore = try await StoreAddress.open(shared)
      let told = try await eventLines(sharedStore)
      try await sharedStore.close()
      let referenceStore = try await StoreAddress.open(reference)
      let expected = try await eventLines(referenceStore)
      try await referenceStore.close()
      #expect(told.count > 300)
      #expect(told.sorted() == expected.sorted(), "nothing lost or told twice")
    }
  }

  @Test(
    "a version-2 store migrates in place to the newest version; the users' next evaluations tell only what is new",
    arguments: Backend.all)
  func version2Migrates(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      _ = try Self.importGenerated("salahstreak", count: 40, store: address, folder: folder)
      let batch = try Binary.run("rules-server", ["batch", "salahstreak", "--store", address, "--date", "2026-03-20"])
      #expect(batch.status == 0, "\(batch.stderr)")
      try MigrationTests.backToVersion2(backend, address)
      let states = try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM states;")
      let unlocks = try MigrationTests.sql(
        backend, address, "SELECT user_id, badge, date FROM unlocks ORDER BY user_id, badge;")
      let store = try await StoreAddress.open(address)
      #expect(try await store.schemaVersion() == Schema.version)
      #expect(try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM states;") == states)
      #expect(
        try MigrationTests.sql(backend, address, "SELECT user_id, badge, date FROM unlocks ORDER BY user_id, badge;")
          == unlocks)
      #expect(try await eventLines(store).isEmpty)
      // The first evaluation after the migration knows nothing of before: the engine's news only
      // (new badges, milestones, protected days), no streak started or extended anew.
      let catalog = try loadCatalog("salahstreak")
      _ = try await Batch(store: store, catalog: catalog, date: day("2026-03-25"), shard: nil).run()
      let first = try await eventLines(store)
      #expect(
        first.allSatisfy {
          $0.contains(" badge.unlocked ") || $0.contains(" milestone.reached ") || $0.contains(" streak.protected ")
        }, "\(first)")
      // From then on, everything.
      _ = try await Batch(store: store, catalog: catalog, date: day("2026-03-31"), shard: nil).run()
      let second = try await eventLines(store)
      #expect(second.count > first.count)
      #expect(second.contains { $0.contains(" streak.") && !$0.contains(" streak.protected ") })
      try await store.close()
    }
  }
}
