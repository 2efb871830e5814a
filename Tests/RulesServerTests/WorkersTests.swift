import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import StoreTestSupport
import Testing

/// A batch killed with SIGKILL and run again; two servers and two batch workers on one store.
@Suite(.serialized) struct WorkersTests {
  /// Every unlock and every state's date, for comparing two stores.
  func snapshot(_ address: String, catalog: String, users: [String]) async throws -> [String] {
    let store = try await StoreAddress.open(address)
    var lines: [String] = []
    for start in stride(from: 0, to: users.count, by: 500) {
      let ids = Array(users[start..<min(start + 500, users.count)])
      for user in try await store.loadUsers(catalog: catalog, ids: ids) {
        lines.append("\(user.user) state \(user.stateDate?.description ?? "none") rebuild \(user.rebuild)")
      }
      for user in ids {
        for unlock in try await store.unlocks(catalog: catalog, user: user) {
          lines.append("\(user) \(unlock.badge) \(unlock.date)")
        }
      }
    }
    try await store.close()
    return lines.sorted()
  }

  @Test(
    "batch refuses a bad --chunk, --pause or --shard with exit 64 and opens no store",
    arguments: [
      (["--chunk", "0"], "Error: --chunk must be at least 1"),
      (["--pause=-1"], "Error: --pause must be 0 or more milliseconds"),
      (["--shard", "3/2"], "Error: --shard: write K/N with 0 <= K < N, e.g. 0/4"),
    ])
  func badBatchOptions(_ options: [String], _ message: String) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = folder.appendingPathComponent("store.sqlite").path
      let result = try Binary.run("rules-server", ["batch", "rizq", "--store", store] + options)
      #expect(result.status == 64)
      #expect(result.stderr.split(separator: "\n").first.map(String.init) == message)
      #expect(!FileManager.default.fileExists(atPath: store))
    }
  }

  @Test(arguments: Backend.all)
  func aBatchKilledWithSIGKILLCompletesOnARerun(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let catalog = try loadCatalog("rizq")
      let generated = GeneratedUsers(
        catalog: catalog, count: 2000, span: 60, last: CalendarDay.parsed("2026-03-31")!, seed: 42)
      let lines = folder.appendingPathComponent("days.jsonl")
      try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
      let killed = try await backend.freshAddress(in: folder)
      let reference = try await backend.freshAddress(in: folder)
      for store in [killed, reference] {
        let imported = try Binary.run("rules-server", ["import", "rizq", lines.path, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
      }
      // 200 chunks of 10 users, each saved in its own transaction.
      let arguments = ["batch", "rizq", "--date", "2026-03-31", "--chunk", "10"]
      let once = try Binary.run("rules-server", arguments + ["--store", reference])
      #expect(once.status == 0, "\(once.stderr)")

      // Killed as soon as some chunks are saved, while others are not.
      // Opened before the batch starts: opening takes SQLite's write lock (the schema check), which
      // a running batch hands from chunk to chunk so quickly that a waiting open can miss every gap.
      let opened = try await StoreAddress.open(killed)
      // With a pause of 50 ms after each chunk the batch takes 10 s or more, so the kill lands
      // mid-batch however fast it evaluates (it once finished between two polls).
      let batch = try Binary.start("rules-server", arguments + ["--store", killed, "--pause", "50"])
      let ids = generated.users.map(\.id)
      // The batch goes in byte order of the ids: the first ones tell how far it is.
      let first = Array(ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.prefix(60))
      var saved = 0
      let deadline = Date().addingTimeInterval(60)
      while batch.isRunning, Date() < deadline {
        saved = try await opened.loadUsers(catalog: "rizq", ids: first).count { $0.stateDate != nil }
        if saved > 0 { break }  // the first chunk is saved: kill before the rest (a faster batch ends sooner)
        try await Task.sleep(for: .milliseconds(10))
      }
      kill(batch.processIdentifier, SIGKILL)
      batch.waitUntilExit()
      try await opened.close()
      #expect(batch.terminationReason == .uncaughtSignal, "the batch was still running when killed")
      #expect(saved < ids.count)

      let rerun = try Binary.run("rules-server", arguments + ["--store", killed, "--format", "json"])
      #expect(rerun.status == 0, "\(rerun.stderr)")
      let after = try await snapshot(killed, catalog: "rizq", users: ids)
      let expected = try await snapshot(reference, catalog: "rizq", users: ids)
      #expect(after.count == expected.count)
      #expect(after == expected, "nothing lost, doubled or re-dated")
    }
  }

  @Test(arguments: Backend.all)
  func twoServersAndTwoBatchWorkersOnOneStore(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let store = try await backend.freshAddress(in: folder)
      let catalog = try loadCatalog("discipline")
      let last = CalendarDay.parsed("2026-03-31")!
      let generated = GeneratedUsers(catalog: catalog, count: 40, span: 30, last: last, seed: 7, everyDay: true)
      // Every day but the last is imported; the last comes over HTTP while the batches run.
      var imported = generated
      for index in imported.users.indices { imported.users[index].days.removeLast() }
      let lines = folder.appendingPathComponent("days.jsonl")
      try imported.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
      let result = try Binary.run("rules-server", ["import", "discipline", lines.path, "--store", store])
      #expect(result.status == 0, "\(result.stderr)")

      let servers = [try ServerProcess(store: store), try ServerProcess(store: store)]
      let clients = servers.map { ServerProcessClient(base: $0.base) }
      let workers = try (0..<2).map { shard in
        try Binary.start(
          "rules-server",
          [
            "batch", "discipline", "--store", store, "--date", last.description, "--shard", "\(shard)/2", "--chunk",
            "5",
          ])
      }
      let users = generated.users
      try await withThrowingTaskGroup(of: Void.self) { group in
        for part in 0..<8 {
          group.addTask {
            for (index, user) in users.enumerated() where index % 8 == part {
              let day = user.days.last!
              let body = "{" + day.values.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
              // Each request twice, through each server.
              for client in [clients[index % 2], clients[(index + 1) % 2]] {
                let answer = try client.request(
                  "PUT", "/v1/catalogs/discipline/users/\(user.id)/days/\(day.date)", body: body)
                #expect(answer.status == 200, "\(answer.body)")
              }
            }
          }
        }
        try await group.waitForAll()
      }
      for worker in workers {
        worker.waitUntilExit()
        #expect(worker.terminationStatus == 0)
      }
      let opened = try await StoreAddress.open(store)
      for user in users {
        let history = folder.appendingPathComponent("\(user.id).yaml")
        try generated.yaml(user).write(to: history, atomically: true, encoding: .utf8)
        let expected = try Binary.run(
          "rules", ["eval", "discipline", "--history", history.path, "--date", last.description, "--format", "json"])
        let badges =
          (try JSONSerialization.jsonObject(with: Data(expected.stdout.utf8)) as? [String: Any])?["badges"]
          as? [String: Any]
        let unlocked = (badges?["unlocked"] as? [[String: Any]] ?? []).map {
          "\($0["id"] as? String ?? "") \($0["date"] as? String ?? "")"
        }
        let stored = try await opened.unlocks(catalog: "discipline", user: user.id).map { "\($0.badge) \($0.date)" }
        #expect(stored.sorted() == unlocked.sorted(), "\(user.id)")
      }
      try await opened.close()
      withExtendedLifetime(servers) {}
    }
  }
}
