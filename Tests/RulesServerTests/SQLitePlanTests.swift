import Foundation
import StoreTestSupport
import Testing

@testable import RulesStore

/// SQLite's plans for the statements every save runs: each reads what it needs by a key, never
/// a whole table or index (a save's cost must not grow with the store).
@Suite struct SQLitePlanTests {
  /// The save's cursor update reads the events past an id by the rowid. Without `NOT
  /// INDEXED`, SQLite scanned all of `events_by_user` for the GROUP BY's order, at every PUT.
  @Test func eachUsersNewestEventIsReadPastTheIdByTheRowid() async throws {
    try await withTemporaryFolder { folder in
      let address = try await Backend.sqlite.freshAddress(in: folder)
      try await StoreAddress.open(address).close()
      let statement = SQLiteStore.saveNewest.sqlite.replacingOccurrences(of: "?", with: "100")
      let plan = try MigrationTests.sql(.sqlite, address, "EXPLAIN QUERY PLAN \(statement);")
      #expect(plan.contains("SEARCH events USING INTEGER PRIMARY KEY (rowid>?)"), "\(plan)")
      #expect(!plan.contains("SCAN events"), "\(plan)")
    }
  }
}
