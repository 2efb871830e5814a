import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import StoreTestSupport
import Testing

/// The schema version of `unlocks_by_date` (branch console-speed): a store of the version before
/// it migrates in place with every row kept, gets the index, and counts unlocks per day as the
/// rows say.
@Suite(.serialized) struct UnlocksByDateMigrationTests {
  @Test("a store of the version before unlocks_by_date keeps its rows and gets the index", arguments: Backend.all)
  func theVersionBeforeMigratesKeepingEveryRow(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      _ = try EventsEndToEndTests.importGenerated("rizq", count: 30, store: address, folder: folder, seed: 83)
      for date in ["2026-03-20", "2026-03-31"] {
        let batch = try Binary.run("rules-server", ["batch", "rizq", "--store", address, "--date", date])
        #expect(batch.status == 0, "\(batch.stderr)")
      }
      let before = MigratorTests.unlocksByDate - 1
      _ = try MigrationTests.sql(backend, address, MigratorTests.back(to: before, backend))
      let indexes =
        backend == .sqlite
        ? "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'unlocks_by_date';"
        : "SELECT COUNT(*) FROM pg_indexes WHERE indexname = 'unlocks_by_date';"
      #expect(try MigrationTests.sql(backend, address, indexes) == "0")
      #expect(try MigrationTests.sql(backend, address, "SELECT MAX(version) FROM rules_migrations;") == "\(before)")
      let tables = ["users", "days", "states", "unlocks", "standings", "events"]
      func rows() throws -> [String] {
        try tables.map { try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM \($0);") }
          + [
            try MigrationTests.sql(
              backend, address, "SELECT user_id, badge, date, catalog_version FROM unlocks ORDER BY user_id, badge;")
          ]
      }
      let kept = try rows()
      #expect(Int(kept[3])! > 30, "the users unlocked badges on two dates")

      let store = try await StoreAddress.open(address)
      #expect(try await store.schemaVersion() == Schema.version)
      #expect(try rows() == kept)
      #expect(try MigrationTests.sql(backend, address, indexes) == "1")
      let counted = try MigrationTests.sql(
        backend, address, "SELECT date, COUNT(*) FROM unlocks WHERE catalog = 'rizq' GROUP BY date ORDER BY date;")
      let days = try await store.unlocksPerDay(catalog: "rizq", from: day("2026-01-01"), through: day("2026-03-31"))
      #expect(
        days.filter { $0.unlocks > 0 }.map { "\($0.date)|\($0.unlocks)" }.joined(separator: "\n") == counted)
      try await store.close()
    }
  }

  /// SQLite's plan for the per-day count reads the index alone (covering), not the table.
  @Test func sqliteCountsFromTheIndex() async throws {
    try await withTemporaryFolder { folder in
      let address = try await Backend.sqlite.freshAddress(in: folder)
      try await StoreAddress.open(address).close()
      let plan = try MigrationTests.sql(
        .sqlite, address,
        "EXPLAIN QUERY PLAN SELECT date, COUNT(*) FROM unlocks WHERE catalog = 'c' AND date >= '2026-01-01' AND date <= '2026-01-30' GROUP BY date;"
      )
      #expect(plan.contains("USING COVERING INDEX unlocks_by_date (catalog=? AND date>? AND date<?)"), "\(plan)")
    }
  }
}
