import Foundation
import StoreTestSupport
import Testing

@testable import RulesStore

/// A store of each schema version that the builds before GRDB's migrator wrote (versions 1 to
/// 4, recorded in `rules_migrations` alone), and of each version after, opens at
/// `Schema.version`, its versions the migrator's identifiers, each version's tables there once.
@Suite(.serialized) struct MigratorTests {
  /// What versions after `version` added, dropped, and their records forgotten (SQLite: the
  /// migrator's table too, which the builds before it did not have).
  static func back(to version: Int, _ backend: Backend) -> String {
    var script = ""
    if version < consoleSignouts { script += "DROP TABLE console_signouts;\n" }
    if version < periodBoards {
      // Version 11 (branch period-boards): the period standings, their counts (and SQLite's
      // triggers, dropped with their table) and the boards seen and closed.
      script += "DROP TABLE leaderboard_periods; DROP TABLE period_standings_counts; DROP TABLE period_standings;\n"
    }
    if version < support { script += "ALTER TABLE users DROP COLUMN support;\n" }
    if version < earnings { script += "DROP TABLE earnings;\n" }
    if version < experiments {
      // Version 8 (branch experiments): revisions, experiments, each unlock's and event's revision.
      script += "DROP TABLE catalog_revisions; DROP TABLE experiments; DROP TABLE experiment_users;\n"
      script += "ALTER TABLE unlocks DROP COLUMN catalog_revision;\n"
      if version >= 3 { script += "ALTER TABLE events DROP COLUMN catalog_revision;\n" }
    }
    if version < standingCounts {
      // Version 7 (branch speed-pg): the counts of standings, and on SQLite their triggers.
      script += "DROP TABLE standings_counts;\n"
      if backend == .sqlite {
        for trigger in ["insert", "delete", "update"] { script += "DROP TRIGGER standings_counts_\(trigger);\n" }
      }
    }
    if version < unlocksByDate { script += "DROP INDEX unlocks_by_date;\n" }
    if version < userDetails {
      script += "ALTER TABLE users DROP COLUMN day_starts_at; ALTER TABLE users DROP COLUMN pauses;\n"
    }
    if version < 4 { script += "DROP TABLE standings; DROP TABLE standings_filled; DROP INDEX states_by_date;\n" }
    if version < 3 { script += "DROP TABLE events; DROP TABLE event_marks; DROP TABLE deliveries;\n" }
    script += "DELETE FROM rules_migrations WHERE version > \(version);\n"
    if backend == .sqlite { script += "DROP TABLE grdb_migrations;\n" }
    return script
  }

  /// The version that added the users' `day_starts_at` and `pauses`.
  static let userDetails = 5
  /// The version that added `unlocks_by_date`.
  static let unlocksByDate = 6
  /// The version that added `standings_counts`.
  static let standingCounts = 7
  /// The version that added catalog revisions and experiments.
  static let experiments = 8
  /// The version that added `earnings`.
  static let earnings = 9
  /// The version that added the users' `support`.
  static let support = 10
  /// The version that added `period_standings` (branch period-boards).
  static let periodBoards = 11
  /// The version that added `console_signouts` (issue 52).
  static let consoleSignouts = 12

  static var allVersions: String { (1...Schema.version).map(String.init).joined(separator: "\n") }

  @Test(arguments: Backend.all, Array(2..<Schema.version))
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
          == Self.allVersions)
      if backend == .sqlite {
        #expect(
          try MigrationTests.sql(
            backend, address, "SELECT identifier FROM grdb_migrations ORDER BY LENGTH(identifier), identifier;")
            == Self.allVersions.split(separator: "\n").map { "v\($0)" }.joined(separator: "\n"))
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
        "INSERT INTO rules_migrations (version, applied_at) VALUES (\(Schema.version + 1), '2027-01-01T00:00:00Z');")
      await #expect {
        try await StoreAddress.open(address)
      } throws: { error in
        "\(error)".hasSuffix(
          "the store is at schema version \(Schema.version + 1); this rules-server knows up to \(Schema.version) (upgrade it)"
        )
      }
      #expect(
        try MigrationTests.sql(backend, address, "SELECT MAX(version) FROM rules_migrations;")
          == "\(Schema.version + 1)")
    }
  }
}
