import Foundation
import PostgresNIO
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Synchronization
import Testing

@testable import RulesStore

/// Batch workers that overlap on PostgreSQL (issue #52, 5): every transaction that locks users
/// locks them in one order, so three batches at once over the same users, with PUTs between,
/// meet no deadlock (PostgreSQL's own count of deadlocks stays where it was); a deadlock or a
/// serialization failure that happens all the same is run again a bounded number of times; and
/// what a command prints of a PostgreSQL failure is PostgreSQL's message and SQLSTATE.
@Suite struct PostgresLockingTests {
  /// What tasks of the test tell, from any thread.
  final class Told: Sendable {
    private let items = Mutex<[String]>([])
    private let number = Mutex(0)
    func add(_ item: String) { items.withLock { $0.append(item) } }
    var all: [String] { items.withLock { $0 } }
    /// One more attempt; the attempts so far.
    func attempt() -> Int {
      number.withLock {
        $0 += 1
        return $0
      }
    }
    var attempts: Int { number.withLock { $0 } }
    func reset() { number.withLock { $0 = 0 } }
  }

  /// PostgreSQL's count of deadlocks detected in the database at `address`.
  static func deadlocks(_ address: String) throws -> Int {
    Int(
      try MigrationTests.sql(
        .postgres, address, "SELECT deadlocks FROM pg_stat_database WHERE datname = current_database();")) ?? -1
  }

  @Test func overlappingBatchesAndPutsMeetNoDeadlock() async throws {
    guard Backend.all.contains(.postgres) else { return }
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await Backend.postgres.freshAddress(in: folder)
      let catalog = try loadCatalog("rizq")
      let ids = (1...40).map { "user-\($0)" }
      let lines = ids.flatMap { id in
        (1...5).map {
          #"{"user": "\#(id)", "date": "2026-01-0\#($0)", "duas_completed": \#($0 % 3), "habits_completed": 1, "habits_total": 2}"#
        }
      }
      let days = folder.appendingPathComponent("days.jsonl")
      try lines.joined(separator: "\n").write(to: days, atomically: true, encoding: .utf8)
      let imported = try Binary.run("rules-server", ["import", "rizq", days.path, "--store", address])
      #expect(imported.status == 0, "\(imported.stderr)")
      let before = try Self.deadlocks(address)
      let store = try await StoreAddress.open(address)
      let failures = Told()
      for round in 0..<24 {
        let date = CalendarDay.parsed("2026-01-05")! + round
        await withTaskGroup(of: Void.self) { group in
          // Three workers, each saving the 40 users in one transaction, in an order of its own
          // (the evaluations, split over the cores, end in any order).
          for _ in 0..<3 {
            group.addTask {
              let batch = Batch(store: store, catalog: catalog, date: date, shard: nil)
              do {
                let summary = try await batch.run()
                if !summary.failed.isEmpty { failures.add("\(summary.failed)") }
              } catch {
                failures.add(StoreError.text(error))
              }
            }
          }
          // PUTs meanwhile: one user each, holding their lock.
          for id in ids.shuffled().prefix(6) {
            group.addTask {
              let day = StoredDay(date: date, record: #"{"duas_completed":2,"habits_completed":1,"habits_total":2}"#)
              do {
                _ = try await store.evaluateLocked(catalog: "rizq", user: id, put: day) { loaded in
                  guard let loaded else { return (nil, ()) }
                  return (try UserEvaluation.run(loaded, catalog: catalog, on: date).0, ())
                }
              } catch {
                failures.add(StoreError.text(error))
              }
            }
          }
        }
      }
      try await store.close()
      #expect(failures.all == [])
      // Every session has ended (its statistics flushed): PostgreSQL detected no deadlock.
      try MigrationTests.awaitOtherSessionsEnded(.postgres, address)
      #expect(try Self.deadlocks(address) == before)
    }
  }

  @Test func aDeadlockOrSerializationFailureIsRunAgainABoundedNumberOfTimes() async throws {
    guard Backend.all.contains(.postgres) else { return }
    try await withTemporaryFolder { folder in
      let address = try await Backend.postgres.freshAddress(in: folder)
      let store = try await PostgresStore.open(url: address)
      // PostgreSQL's own errors, raised on the first two attempts: the third commits.
      let attempts = Told()
      let answer = try await store.transaction { connection -> Int in
        let attempt = attempts.attempt()
        if attempt == 1 {
          try await connection.query(
            "DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01'; END $$", logger: store.logger)
        }
        if attempt == 2 {
          try await connection.query(
            "DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$",
            logger: store.logger)
        }
        return attempt
      }
      #expect(answer == 3)
      // Always a deadlock: tried 1 + retries times, then the caller's, in PostgreSQL's words.
      attempts.reset()
      do {
        _ = try await store.transaction { connection -> Int in
          _ = attempts.attempt()
          try await connection.query(
            "DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = '40P01', DETAIL = 'two waits'; END $$",
            logger: store.logger)
          return 0
        }
        Issue.record("a transaction that always deadlocks succeeded")
      } catch {
        #expect(StoreError.text(error) == "deadlock detected (SQLSTATE 40P01): two waits")
      }
      #expect(attempts.attempts == 1 + PostgresStore.retries)
      // Another error is not run again.
      attempts.reset()
      await #expect(throws: (any Error).self) {
        _ = try await store.transaction { connection -> Int in
          _ = attempts.attempt()
          try await connection.query(
            "DO $$ BEGIN RAISE EXCEPTION 'taken' USING ERRCODE = '23505'; END $$", logger: store.logger)
          return 0
        }
      }
      #expect(attempts.attempts == 1)
      try await store.close()
    }
  }

  @Test func aCommandPrintsPostgreSQLsOwnMessageAndSQLState() async throws {
    guard Backend.all.contains(.postgres) else { return }
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await Backend.postgres.freshAddress(in: folder)
      let days = folder.appendingPathComponent("days.jsonl")
      try #"{"user": "a", "date": "2026-01-01", "planned": true, "completed": true}"#.write(
        to: days, atomically: true, encoding: .utf8)
      #expect(try Binary.run("rules-server", ["import", "discipline", days.path, "--store", address]).status == 0)
      try TestPostgres.runPSQL(address, "ALTER TABLE days RENAME TO days_gone")
      let cases: [([String], String)] = [
        (["batch", "discipline", "--date", "2026-01-02"], #"error: relation "days" does not exist (SQLSTATE 42P01)"#),
        (
          ["eval", "discipline", "--user", "a", "--date", "2026-01-02"],
          #"error: relation "days" does not exist (SQLSTATE 42P01)"#
        ),
        // An error no command catches (swift-argument-parser would print the generic text).
        (["experiment", "show", "x"], #"error: relation "experiments" does not exist (SQLSTATE 42P01)"#),
      ]
      for (arguments, message) in cases {
        if arguments[0] == "experiment" { try TestPostgres.runPSQL(address, "ALTER TABLE experiments RENAME TO gone") }
        let ran = try Binary.run("rules-server", arguments + ["--store", address])
        #expect(ran.status == 1, "\(arguments): \(ran.stderr)")
        #expect(ran.stderr.contains(message), "\(arguments): \(ran.stderr)")
        #expect(!ran.stderr.contains("Generic description"), "\(arguments): \(ran.stderr)")
      }
    }
  }
}
