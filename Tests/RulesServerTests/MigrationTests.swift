import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesStore

/// Schema version 1 to 2, in place: a version-1 store (its tables and rows as version 1 wrote
/// them: JSON records, JSON states, unlocks without a catalog version) is migrated by the first
/// binary that opens it, with nothing lost, and evaluates as a store that was version 2 from
/// the start; killed during the migration, it is left at a whole version, never half of one
/// (each version in a transaction of its own: GRDB's migrator on SQLite, the same list on PostgreSQL).
@Suite(.serialized) struct MigrationTests {
  /// Version 1's tables, as the version-1 code created them (frozen here: the schema moves on).
  static func version1(_ backend: Backend) -> String {
    let bool = backend == .sqlite ? "INTEGER NOT NULL DEFAULT 0" : "BOOLEAN NOT NULL DEFAULT FALSE"
    let bigint = backend == .sqlite ? "INTEGER" : "BIGINT"
    return """
      CREATE TABLE rules_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
      CREATE TABLE users (catalog TEXT NOT NULL, user_id TEXT NOT NULL, start TEXT, timezone TEXT,
        revision \(bigint) NOT NULL DEFAULT 0, rebuild \(bool), PRIMARY KEY (catalog, user_id));
      CREATE TABLE days (catalog TEXT NOT NULL, user_id TEXT NOT NULL, date TEXT NOT NULL, record TEXT NOT NULL,
        PRIMARY KEY (catalog, user_id, date));
      CREATE TABLE states (catalog TEXT NOT NULL, user_id TEXT NOT NULL, date TEXT NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY (catalog, user_id));
      CREATE TABLE unlocks (catalog TEXT NOT NULL, user_id TEXT NOT NULL, badge TEXT NOT NULL, date TEXT NOT NULL,
        UNIQUE (catalog, user_id, badge));
      CREATE INDEX unlocks_by_badge ON unlocks (catalog, badge, date);
      INSERT INTO rules_migrations (version, applied_at) VALUES (1, '2026-11-01T00:00:00Z');
      """
  }

  /// Runs SQL on a store with its command-line client (`sqlite3`, `psql`).
  /// Takes a store written by this build back to schema version 2 as it was: what the later
  /// versions added dropped (`MigratorTests.back`), their migrations forgotten (and SQLite's
  /// `grdb_migrations`, which no build of version 2 wrote).
  static func backToVersion2(_ backend: Backend, _ address: String) throws {
    _ = try sql(backend, address, MigratorTests.back(to: 2, backend))
  }

  static func sql(_ backend: Backend, _ address: String, _ script: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    switch backend {
    case .sqlite:
      process.arguments = ["sqlite3", "-bail", String(address.dropFirst("sqlite:".count))]
    case .postgres:
      process.arguments = ["psql", "-q", "-At", "-v", "ON_ERROR_STOP=1", "--single-transaction", address]
    }
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data(script.utf8))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw StoreTestFailure("the SQL failed on \(address)") }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits (up to 10 s) until no session but the caller's is connected to the PostgreSQL
  /// database at `address`; on SQLite a killed process holds nothing, and this returns at once.
  static func awaitOtherSessionsEnded(_ backend: Backend, _ address: String) throws {
    guard backend == .postgres else { return }
    for _ in 0..<1_000 {
      let others = try sql(
        backend, address,
        "SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid();")
      if others == "0" { return }
      usleep(10_000)
    }
    throw StoreTestFailure("a killed process's session on \(address) did not end in 10 s")
  }

  static func quoted(_ text: String?) -> String {
    text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
  }

  static let catalogs = ["rizq", "salahstreak", "onward"]
  static let middle = CalendarDay.parsed("2026-03-10")!
  static let last = CalendarDay.parsed("2026-03-31")!

  /// A state's JSON without the fields version 1 did not write yet (each streak's
  /// `last_protected`): what a version-1 store holds.
  static func asVersion1Wrote(_ json: String) throws -> String {
    guard var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
      throw StoreTestFailure("a state that is not a JSON object")
    }
    if let streaks = object["streaks"] as? [String: [String: Any]] {
      object["streaks"] = streaks.mapValues { streak in streak.filter { $0.key != "last_protected" } }
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
  }

  /// The generated users of the `index`th catalog of `catalogs`; with `protected`, SalahStreak's
  /// also hold one whose freeze covers a day (eight perfect days, a miss, two perfect days
  /// before `middle`), so that a state without `last_protected` reads wrong.
  static func generated(_ index: Int, protected: Bool = false) throws -> GeneratedUsers {
    let name = catalogs[index]
    var generated = GeneratedUsers(
      catalog: try loadCatalog(name), count: 6, span: 50, last: last, seed: UInt64(index + 40))
    if protected, name == "salahstreak" {
      let prayers = ["fajr", "dhuhr", "asr", "maghrib", "isha"]
      var user = GeneratedUsers.User(id: "salahstreak-shielded", start: nil, days: [])
      for offset in -11 ... -1 {
        let status = offset == -3 ? "\"missed\"" : "\"done\""
        user.days.append(((middle + offset).description, prayers.map { ($0, status) }))
      }
      generated.users.append(user)
    }
    return generated
  }

  /// Writes, as version 1 did, the generated users of `catalogs` evaluated up to `middle`:
  /// their rows, JSON records and JSON states (without the fields version 1 did not have, with
  /// `asVersion1`), and unlocks. Returns the JSON Lines per catalog.
  static func writeVersion1(
    _ backend: Backend, _ address: String, folder: URL, asVersion1: Bool = false
  ) throws -> [String: URL] {
    var script = version1(backend)
    var files: [String: URL] = [:]
    for (index, name) in catalogs.enumerated() {
      let catalog = try loadCatalog(name)
      let generated = try generated(index, protected: asVersion1)
      let lines = folder.appendingPathComponent("\(name).jsonl")
      try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
      files[name] = lines
      var importer = Importer(catalog: catalog)
      importer.read(file: lines.path)
      #expect(importer.errors.isEmpty, "\(importer.errors)")
      for user in generated.users {
        let info = importer.users.first { $0.user == user.id }
        let days = importer.records.filter { $0.user == user.id }.map { StoredDay(date: $0.date, record: $0.record) }
        script += """
          INSERT INTO users (catalog, user_id, start, timezone, revision) VALUES \
          (\(quoted(name)), \(quoted(user.id)), \(quoted(info?.start?.description)), NULL, 1);

          """
        for day in days {
          script += """
            INSERT INTO days VALUES (\(quoted(name)), \(quoted(user.id)), \(quoted(day.date.description)), \(quoted(day.record)));

            """
        }
        let check = try catalog.check(
          user: user.id, start: info?.start, timeZone: nil, on: middle, days: days, state: nil)
        // Version 1 saved the state as JSON.
        let state = try UserState(binary: try #require(check.state), for: catalog.engine)
        var json = String(decoding: try state.json(), as: UTF8.self)
        if asVersion1 { json = try asVersion1Wrote(json) }
        script += """
          INSERT INTO states VALUES (\(quoted(name)), \(quoted(user.id)), \(quoted(middle.description)), \(quoted(json)));

          """
        for unlock in check.new {
          script += """
            INSERT INTO unlocks VALUES (\(quoted(name)), \(quoted(user.id)), \(quoted(unlock.badge)), \(quoted(unlock.date.description)));

            """
        }
      }
    }
    _ = try sql(backend, address, script)
    return files
  }

  @Test(arguments: Backend.all)
  func aVersion1StoreMigratesWithNothingLost(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let old = try await backend.freshAddress(in: folder)
      let fresh = try await backend.freshAddress(in: folder)
      let files = try Self.writeVersion1(backend, old, folder: folder)
      let unlocksBefore = try Self.sql(
        backend, old, "SELECT catalog, user_id, badge, date FROM unlocks ORDER BY catalog, user_id, badge;")
      let daysBefore = try Self.sql(backend, old, "SELECT COUNT(*) FROM days;")

      // The first binary that opens it migrates it.
      let migrated = try await StoreAddress.open(old)
      #expect(try await migrated.schemaVersion() == Schema.version)
      #expect(
        try Self.sql(
          backend, old, "SELECT catalog, user_id, badge, date FROM unlocks ORDER BY catalog, user_id, badge;")
          == unlocksBefore)
      #expect(try Self.sql(backend, old, "SELECT COUNT(*) FROM unlocks WHERE catalog_version IS NOT NULL;") == "0")
      #expect(try Self.sql(backend, old, "SELECT COUNT(*) FROM days;") == daysBefore)

      // A store that was version 2 from the start, with the same records, evaluated to the same day.
      for name in Self.catalogs {
        let imported = try Binary.run("rules-server", ["import", name, files[name]!.path, "--store", fresh])
        #expect(imported.status == 0, "\(imported.stderr)")
        let batch = try Binary.run(
          "rules-server", ["batch", name, "--store", fresh, "--date", Self.middle.description])
        #expect(batch.status == 0, "\(batch.stderr)")
      }
      let other = try await StoreAddress.open(fresh)
      for name in Self.catalogs {
        let catalog = try loadCatalog(name)
        // The migrated store's JSON states are read as they are...
        for user in try await migrated.userIDs(catalog: name, after: nil, limit: 100) {
          let loaded = try #require(try await migrated.readUser(catalog: name, user: user, allDays: false))
          #expect(loaded.state?.first == UInt8(ascii: "{"), "\(user): a version-1 state is JSON until saved again")
        }
        // ...and both stores go on the same way: a batch to the end of the month.
        for store in [old, fresh] {
          let batch = try Binary.run(
            "rules-server", ["batch", name, "--store", store, "--date", Self.last.description, "--format", "json"])
          #expect(batch.status == 0, "\(batch.stderr)")
        }
        for user in try await other.userIDs(catalog: name, after: nil, limit: 100) {
          #expect(
            try await migrated.unlocks(catalog: name, user: user) == other.unlocks(catalog: name, user: user),
            "\(user): the same unlocks, with the same dates")
          var answers: [String?] = []
          for store in [migrated, other] {
            answers.append(
              try await store.evaluateReading(catalog: name, user: user) { loaded in
                #expect(loaded?.state?.first == UInt8(ascii: "R"), "\(user): saved again, the state is binary")
                return try loaded.map { try UserEvaluation.run($0, catalog: catalog, on: Self.last).1.json }
              })
          }
          #expect(answers[0] != nil && answers[0] == answers[1], "\(user): the same evaluation")
        }
      }
      #expect(try Self.sql(backend, old, "SELECT COUNT(*) FROM unlocks WHERE catalog_version IS NULL;") != "0")
      #expect(
        try Self.sql(backend, fresh, "SELECT COUNT(*) FROM unlocks WHERE catalog_version IS NULL;") == "0",
        "every unlock of version 2 records its catalog version")
      try await migrated.close()
      try await other.close()
    }
  }

  /// An evaluation's JSON without what is new since the last check (`badges.new`,
  /// `milestones.new`, each streak's `new_protected`), its keys sorted.
  static func sinceLastCheckLeftOut(_ json: String) throws -> String {
    guard var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
      throw StoreTestFailure("not an evaluation: \(json)")
    }
    for key in ["badges", "milestones"] {
      if var section = object[key] as? [String: Any] {
        section["new"] = nil
        object[key] = section
      }
    }
    if let streaks = object["streaks"] as? [String: [String: Any]] {
      object["streaks"] = streaks.mapValues { $0.filter { $0.key != "new_protected" } }
    }
    return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
  }

  /// Issue #52: a SalahStreak user's `last_protected` was null after a version-1 store
  /// migrated, and stayed null, where `rules eval` of the same days gave the day a freeze
  /// covered: a state saved before a field existed was read as if the field were empty. Such a
  /// state is counted again from the user's days at its next read, so every user of the
  /// migrated store answers as `rules eval` of their history, read and after a batch.
  @Test(arguments: Backend.all)
  func aStateSavedBeforeAFieldExistedAgreesWithRulesEvalAfterTheMigration(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      _ = try Self.writeVersion1(backend, address, folder: folder, asVersion1: true)
      var compared = 0
      var protected = 0
      func compare(_ name: String, _ generated: GeneratedUsers, on date: CalendarDay) throws {
        for user in generated.users {
          let history = folder.appendingPathComponent("\(user.id).yaml")
          try generated.yaml(user).write(to: history, atomically: true, encoding: .utf8)
          let expected = try Binary.run(
            "rules", ["eval", name, "--history", history.path, "--date", "\(date)", "--format", "json"])
          #expect(expected.status == 0, "\(expected.stderr)")
          let stored = try Binary.run(
            "rules-server",
            ["eval", name, "--store", address, "--user", user.id, "--date", "\(date)", "--format", "json"])
          #expect(stored.status == 0, "\(stored.stderr)")
          // All but what is new since the last check: `rules eval` without a state makes its first.
          #expect(
            try Self.sinceLastCheckLeftOut(stored.stdout) == Self.sinceLastCheckLeftOut(expected.stdout),
            "\(name) \(user.id) as of \(date)")
          compared += 1
          if expected.stdout.contains(#""last_protected": "2"#) { protected += 1 }
        }
      }
      for (index, name) in Self.catalogs.enumerated() {
        let generated = try Self.generated(index, protected: true)
        // The first binary to open the store migrates it; its JSON states are counted again
        // when read...
        try compare(name, generated, on: Self.middle)
        // ...and when saved (in binary) by a batch of the same day.
        let batch = try Binary.run(
          "rules-server", ["batch", name, "--store", address, "--date", Self.middle.description])
        #expect(batch.status == 0, "\(batch.stderr)")
        try compare(name, generated, on: Self.middle)
      }
      #expect(compared == (Self.catalogs.count * 6 + 1) * 2)
      #expect(protected > 0, "no user had a freeze cover a day: the test could not fail")
    }
  }

  @Test(
    "killed (kill -9) while it migrates, a store is at a whole version, never half of one",
    arguments: Backend.all)
  func killedDuringTheMigration(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let address = try await backend.freshAddress(in: folder)
      let rows = 40_000
      _ = try Self.sql(
        backend, address,
        Self.version1(backend) + """
          INSERT INTO users (catalog, user_id, revision) SELECT 'rizq', 'u' || i, 1 FROM \
          \(backend == .sqlite ? "(WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) SELECT i FROM n)" : "generate_series(1, \(rows)) AS n(i)");
          INSERT INTO states SELECT catalog, user_id, '2026-01-01', '{"format": "rules-state", "user": "' || user_id || '"}' FROM users;
          """)
      var killed = 0
      var delay = 0.0
      while true {
        let process = try Binary.start(
          "rules-server", ["eval", "rizq", "--store", address, "--user", "u1", "--date", "2026-01-02"],
          stdout: FileHandle.nullDevice, stderr: FileHandle.nullDevice)
        // A blocking sleep: an awaited one may resume long after the delay when the tests running
        // beside this one hold the cooperative threads, and the migration would end unkilled.
        usleep(UInt32(delay * 1000))
        if process.isRunning {
          kill(process.processIdentifier, SIGKILL)
          killed += 1
        }
        process.waitUntilExit()
        // A killed client's PostgreSQL session goes on until it reads the closed socket: a COMMIT
        // already sent still lands. The store is read once that session has ended, in one
        // statement (one snapshot), or a version and its columns could be read either side of it.
        try Self.awaitOtherSessionsEnded(backend, address)
        let read =
          backend == .sqlite
          ? try Self.sql(
            backend, address,
            "SELECT MAX(version) || '|' || (SELECT COUNT(*) FROM pragma_table_info('unlocks') WHERE name = 'catalog_version') FROM rules_migrations;"
          )
          : try Self.sql(
            backend, address,
            "SELECT MAX(version) || '|' || (SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'unlocks' AND column_name = 'catalog_version') FROM rules_migrations;"
          )
        let parts = read.split(separator: "|").map(String.init)
        try #require(parts.count == 2, "\(read)")
        let version = parts[0]
        let columns = parts[1]
        // Each version in a transaction of its own (SQLite: GRDB's migrator; PostgreSQL: the
        // same ordered list).
        #expect((1...Schema.version).map(String.init).contains(version))
        #expect(try Self.sql(backend, address, "SELECT COUNT(*) FROM states;") == "\(rows)")
        #expect(columns == (version == "1" ? "0" : "1"), "version \(version) has its columns, and only those")
        if version == "\(Schema.version)" { break }
        delay += 15
        if delay > 20_000 { throw StoreTestFailure("the store was never migrated") }
      }
      #expect(killed > 0, "the test killed no migration (\(delay) ms)")
      let store = try await StoreAddress.open(address)
      #expect(try await store.schemaVersion() == Schema.version)
      try await store.close()
    }
  }
}
