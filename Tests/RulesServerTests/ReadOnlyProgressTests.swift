import Foundation
import StoreTestSupport
import Testing

/// `GET .../progress` takes no write lock on either store: it answers while another process
/// holds SQLite's write lock (`BEGIN IMMEDIATE`) or the user's row in PostgreSQL
/// (`SELECT ... FOR UPDATE`), where a PUT of that user waits.
@Suite(.serialized) struct ReadOnlyProgressTests {
  /// Starts a process that takes the store's write lock (SQLite) or the user's row lock
  /// (PostgreSQL) and holds it for `seconds`; returns once it holds it.
  static func holdLock(_ backend: Backend, _ address: String, user: String, seconds: Int, in folder: URL) throws
    -> Process
  {
    let ready = folder.appendingPathComponent("locked-\(UUID().uuidString)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    switch backend {
    case .sqlite:
      let path = String(address.dropFirst("sqlite:".count))
      process.arguments = [
        "python3", "-c",
        """
        import sqlite3, time
        c = sqlite3.connect(\(path.debugDescription), isolation_level=None)
        c.execute('BEGIN IMMEDIATE')
        open(\(ready.path.debugDescription), 'w').close()
        time.sleep(\(seconds))
        c.execute('ROLLBACK')
        """,
      ]
    case .postgres:
      // psql's \o opens the file once the row is locked (the query before it has run).
      let script = folder.appendingPathComponent("lock.sql")
      try """
      BEGIN;
      SELECT 1 FROM users WHERE user_id = '\(user)' FOR UPDATE;
      \\o \(ready.path)
      SELECT 1;
      \\o
      SELECT pg_sleep(\(seconds));
      ROLLBACK;
      """.write(to: script, atomically: true, encoding: .utf8)
      process.arguments = ["psql", "-q", "-v", "ON_ERROR_STOP=1", address, "-f", script.path]
    }
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let clock = ContinuousClock()
    let began = clock.now
    while !FileManager.default.fileExists(atPath: ready.path) {
      guard clock.now - began < .seconds(20), process.isRunning else {
        throw StoreTestFailure("the lock was not taken")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return process
  }

  @Test(arguments: Backend.all)
  func progressAnswersWhileAWriterHoldsTheLock(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      let server = try ServerProcess(store: address)
      for day in 1...3 {
        let answer = try server.request(
          "PUT", "/v1/catalogs/discipline/users/alice/days/2026-01-0\(day)",
          body: #"{"planned": true, "completed": true}"#)
        #expect(answer.status == 200, "\(answer.body)")
      }
      let before = try server.request("GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-03")
      let holder = try Self.holdLock(backend, address, user: "alice", seconds: 6, in: folder)
      let clock = ContinuousClock()
      let began = clock.now
      let during = try server.request("GET", "/v1/catalogs/discipline/users/alice/progress?date=2026-01-03")
      let took = clock.now - began
      #expect(during.status == 200, "\(during.body)")
      #expect(during.body == before.body)
      #expect(took < .seconds(3), "progress waited \(took) for the lock")
      #expect(holder.isRunning, "the lock was still held while progress answered")
      holder.waitUntilExit()
      withExtendedLifetime(server) {}
    }
  }
}
