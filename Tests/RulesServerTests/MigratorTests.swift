import Foundation
import StoreTestSupport
import Testing

@testable import RulesStore

/// A store of each schema version that the builds before GRDB's migrator wrote (versions 1 to
/// 4, recorded in `rules_migrations` alone) opens at version 4, its versions the migrator's
/// identifiers, each version's tables there once.
@Suite(.serialized) struct MigratorTests {
  /// What versions after `version` added, dropped, and their records forgotten (SQLite: the
  /// migrator's table too, which the builds before it did not have).
  static func back(to version: Int, _ backend: Backend) -> String {
    var script = ""
    // Branch `repeats`: each earning of a repeating badge.
    if version < 5 { script += "DROP TABLE IF EXISTS earnings;\n" }
    if version < 4 { script += "DROP TABLE standings; DROP TABLE standings_filled; DROP INDEX states_by_date;\n" }
    if version < 3 { script += "DROP TABLE events; DROP TABLE event_marks; DROP TABLE deliveries;\n" }
    script += "DELETE FROM rules_migrations WHERE version > \(version);\n"
    if backend == .sqlite { script += "DROP TABLE grdb_migrations;\n" }
    return script
  }

  @Test(arguments: Backend.all, [2, 3, 4])
  func aStoreOfAnEarlierBuildMigrates(_ backend: Backend, version: Int) async throws {
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      try await StoreAddress.open(address).close()
      _ = try MigrationTests.sql(backend, address, Self.back(to: version, backend))
      #expect(try MigrationTests.sql(backend, address, "SELECT MAX(version) FROM rules_migrations;") == "\(version)")

      let store = try await StoreAddress.open(address)
      #expect(try await store.schemaVersion() == Schema.version)
      try await store.close()
      #expect(
        try MigrationTests.sql(backend, address, "SELECT version FROM rules_migrations ORDER BY version;")
          == (1...Schema.version).map(String.init).joined(separator: "\n"))
      if backend == .sqlite {
        #expect(
          try MigrationTests.sql(backend, address, "SELECT identifier FROM grdb_migrations ORDER BY identifier;")
            == (1...Schema.version).map { "v\($0)" }.joined(separator: "\n"))
      }
      // Version 3's and 4's tables are there, and empty.
      #expect(try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM events;") == "0")
      #expect(try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM standings;") == "0")
      // Opened again, nothing runs twice.
      try await StoreAddress.open(address).close()
      #expect(try MigrationTests.sql(backend, address, "SELECT COUNT(*) FROM rules_migrations;") == "\(Schema.version)")
    }
  }

  /// A store at a version newer than this build knows is refused, and left as it is.
  @Test(arguments: Backend.all)
  func aNewerStoreIsRefused(_ backend: Backend) async throws {
    let newer = Schema.version + 1
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      try await StoreAddress.open(address).close()
      _ = try MigrationTests.sql(
        backend, address,
        "INSERT INTO rules_migrations (version, applied_at) VALUES (\(newer), '2027-01-01T00:00:00Z');")
      await #expect {
        try await StoreAddress.open(address)
      } throws: { error in
        "\(error)".hasSuffix(
          "the store is at schema version \(newer); this rules-server knows up to \(Schema.version) (upgrade it)")
      }
      #expect(try MigrationTests.sql(backend, address, "SELECT MAX(version) FROM rules_migrations;") == "\(newer)")
    }
  }
}
