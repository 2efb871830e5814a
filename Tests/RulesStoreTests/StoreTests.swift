import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesStore

/// The store on both backends (SQLite and PostgreSQL: `Backend.all`), one test each.
@Suite struct StoreTests {
  func importLines(_ store: any StoreBackend, _ catalog: StoreCatalog, _ text: String) async throws -> ImportSummary {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("records.jsonl")
      try text.write(to: file, atomically: true, encoding: .utf8)
      var importer = Importer(catalog: catalog)
      importer.read(file: file.path)
      #expect(importer.errors == [])
      return try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
    }
  }

  static let week = (1...7).map { #"{"user": "alice", "date": "2026-01-0\#($0)", "planned": true, "completed": true}"# }
    .joined(separator: "\n")

  @Test(arguments: Backend.all)
  func theSchemaIsCreatedOnFirstUseAndVersioned(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let version = try await store.schemaVersion()
      #expect(version == Schema.version)
    }
  }

  @Test(arguments: Backend.all)
  func importIsIdempotentPerUserAndDate(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      let first = try await importLines(store, catalog, Self.week)
      #expect(first == ImportSummary(records: 7, users: 1, changed: 7))
      let again = try await importLines(store, catalog, Self.week)
      #expect(again == ImportSummary(records: 7, users: 1, changed: 0))
      let changed = try await importLines(
        store, catalog, #"{"user": "alice", "date": "2026-01-07", "planned": true, "completed": false}"#)
      #expect(changed.changed == 1)
      let users = try await store.loadUsers(catalog: catalog.id, ids: ["alice", "nobody"])
      #expect(users.map(\.user) == ["alice"])
      #expect(users[0].days.count == 7)
      #expect(users[0].days.last?.record == #"{"planned":true,"completed":false}"#)
    }
  }

  /// `GET .../progress`'s cache trusts this read: on SQLite it is read on the caller's thread
  /// from a connection of its own, and must see every write the pool's connections committed.
  @Test(arguments: Backend.all)
  func theRevisionReadAtOnceFollowsImportBatchAndDelete(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      func atOnce() throws -> Int64?? {
        if case .value(let revision) = try store.revisionAtOnce(catalog: catalog.id, user: "alice") { return revision }
        return nil
      }
      switch backend {
      case .postgres:
        #expect(try atOnce() == nil, "PostgreSQL is asked over the network: always awaited")
      case .sqlite:
        #expect(try atOnce() == .some(nil), "no such user: no revision")
        _ = try await importLines(store, catalog, Self.week)
        let imported = try await store.revision(catalog: catalog.id, user: "alice")
        #expect(imported != nil)
        #expect(try atOnce() == imported)
        _ = try await Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil).run()
        let batched = try await store.revision(catalog: catalog.id, user: "alice")
        #expect(batched != imported, "the batch's save is a new revision")
        #expect(try atOnce() == batched)
        #expect(try await store.deleteUser(catalog: catalog.id, user: "alice"))
        #expect(try atOnce() == .some(nil))
      }
    }
  }

  @Test(arguments: Backend.all)
  func batchSavesStatesAndUnlocksOnceAndContinuesFromTheState(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      _ = try await importLines(store, catalog, Self.week)
      let batch = Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil)
      let first = try await batch.run()
      #expect(first.users == 1)
      #expect(first.userDays == 7)
      #expect(first.unlocks.values.reduce(0, +) > 0)
      let unlocks = try await store.unlocks(catalog: catalog.id, user: "alice")
      #expect(unlocks.count == first.unlocks.values.reduce(0, +))
      let second = try await batch.run()
      #expect(second.unlocks == [:], "run twice for one date, it unlocks nothing new")
      let unlocksAgain = try await store.unlocks(catalog: catalog.id, user: "alice")
      #expect(unlocksAgain == unlocks)
      // The next day costs one user-day.
      _ = try await importLines(
        store, catalog, #"{"user": "alice", "date": "2026-01-08", "planned": true, "completed": true}"#)
      let next = try await Batch(store: store, catalog: catalog, date: day("2026-01-08"), shard: nil).run()
      #expect(next.userDays == 1)
      let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
      #expect(loaded[0].stateDate == day("2026-01-08"))
      #expect(loaded[0].days.map(\.date) == [day("2026-01-08")], "only the days the state has not counted")
    }
  }

  @Test(arguments: Backend.all)
  func aChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      _ = try await importLines(store, catalog, Self.week)
      _ = try await Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil).run()
      let before = try await store.unlocks(catalog: catalog.id, user: "alice")
      // Day 2 was a miss after all: counted again from every stored day.
      _ = try await importLines(
        store, catalog, #"{"user": "alice", "date": "2026-01-02", "planned": true, "completed": false}"#)
      var loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
      #expect(loaded[0].rebuild)
      #expect(loaded[0].days.count == 7)
      let summary = try await Batch(store: store, catalog: catalog, date: day("2026-01-08"), shard: nil).run()
      #expect(summary.rebuilt == 1)
      loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
      #expect(!loaded[0].rebuild)
      let after = try await store.unlocks(catalog: catalog.id, user: "alice")
      for unlock in before { #expect(after.contains(unlock), "\(unlock) kept with its date") }
      let state = try #require(loaded[0].state)
      // The state is stored in binary; its JSON says the same.
      let json = try #require(
        JSONSerialization.jsonObject(with: try UserState(binary: state, for: catalog.engine).json()) as? [String: Any])
      let training = (json["streaks"] as? [String: Any])?["training"] as? [String: Any]
      #expect(training?["current"] as? Int == 5, "day 2 missed: days 3 to 7 count")
    }
  }

  @Test(arguments: Backend.all)
  func aSaveWhoseUserChangedSinceTheLoadIsLeftOut(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      _ = try await importLines(store, catalog, Self.week)
      let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
      let (saved, _) = try UserEvaluation.run(loaded[0], catalog: catalog, on: day("2026-01-07"))
      _ = try await importLines(
        store, catalog, #"{"user": "alice", "date": "2026-01-06", "planned": false}"#)
      let kept = try await store.save(catalog: catalog.id, checks: [try #require(saved)])
      #expect(kept == [])
      let unlocks = try await store.unlocks(catalog: catalog.id, user: "alice")
      #expect(unlocks == [])
    }
  }

  @Test(arguments: Backend.all)
  func aLockedPutStoresTheDayEvaluatesAndSavesOnce(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      var news: [[String]] = []
      for number in 1...3 {
        let date = day("2026-01-0\(number)")
        for _ in 0..<2 {
          let check = try await store.evaluateLocked(
            catalog: catalog.id, user: "bob", put: StoredDay(date: date, record: #"{"planned":true,"completed":true}"#)
          ) { loaded in try UserEvaluation.run(loaded!, catalog: catalog, on: date) }
          news.append(check.new.map(\.badge))
        }
      }
      #expect(
        (news.enumerated().filter { $0.offset % 2 == 1 }.flatMap(\.element)) == [],
        "the same request twice: new is empty")
      let unlocks = try await store.unlocks(catalog: catalog.id, user: "bob")
      #expect(unlocks.map(\.badge).sorted() == news.flatMap { $0 }.sorted())
    }
  }

  @Test(arguments: Backend.all)
  func anEarlierDayPutAfterALaterOneIsStoredAndCounted(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      func put(_ text: String, _ record: String) async throws -> UserCheck {
        let date = day(text)
        return try await store.evaluateLocked(
          catalog: catalog.id, user: "dan", put: StoredDay(date: date, record: record)
        ) { loaded in try UserEvaluation.run(loaded!, catalog: catalog, on: date) }
      }
      for number in 1...5 { _ = try await put("2026-01-0\(number)", #"{"planned":true,"completed":true}"#) }
      let before = try await store.unlocks(catalog: catalog.id, user: "dan")
      // The same record again for an earlier day: nothing to count again.
      _ = try await put("2026-01-02", #"{"planned":true,"completed":true}"#)
      // A changed earlier day: stored, and the user counted again from every day.
      let earlier = try await put("2026-01-03", #"{"planned":true,"completed":false}"#)
      #expect(earlier.json.contains(#""date": "2026-01-03""#), "\(earlier.json)")
      let date = day("2026-01-05")
      let now = try await store.evaluateLocked(catalog: catalog.id, user: "dan") { loaded in
        try UserEvaluation.run(loaded!, catalog: catalog, on: date)
      }
      let json = try #require(JSONSerialization.jsonObject(with: Data(now.json.utf8)) as? [String: Any])
      let training = (json["streaks"] as? [String: Any])?["training"] as? [String: Any]
      #expect(training?["current"] as? Int == 2, "days 4 and 5 after the miss on day 3")
      let after = try await store.unlocks(catalog: catalog.id, user: "dan")
      for unlock in before { #expect(after.contains(unlock), "\(unlock) kept with its date") }
    }
  }

  @Test(arguments: Backend.all)
  func shardsSplitTheUsersWithoutOverlap(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      let lines = (0..<40).map { #"{"user": "u\#($0)", "date": "2026-01-01", "planned": true, "completed": true}"# }
      _ = try await importLines(store, catalog, lines.joined(separator: "\n"))
      var total = 0
      for index in 0..<3 {
        var batch = Batch(store: store, catalog: catalog, date: day("2026-01-01"), shard: Shard("\(index)/3"))
        batch.chunk = 4
        let summary = try await batch.run()
        #expect(summary.users > 0)
        total += summary.users
      }
      #expect(total == 40)
    }
  }

  @Test("the store counts a shipped catalog's days with its compiled day, any other on the interpreter")
  func shippedCatalogsUseTheirCompiledDay() throws {
    for name in ShippedCatalogs.names {
      let catalog = try loadCatalog(name)
      #expect(catalog.engine.compiledDay.map { $0.catalog } == name, "\(name)")
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("changed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let discipline = try String(
      contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
    let changed = folder.appendingPathComponent("discipline.yaml")
    try (discipline + "\n# a comment changes nothing\n").write(to: changed, atomically: true, encoding: .utf8)
    #expect(try loadCatalog(path: changed.path).engine.compiledDay != nil, "a comment does not change the day")
    #expect(discipline.contains("when: training.current >= 14"))
    try discipline.replacingOccurrences(of: "when: training.current >= 14", with: "when: training.current >= 15")
      .write(to: changed, atomically: true, encoding: .utf8)
    #expect(try loadCatalog(path: changed.path).engine.compiledDay == nil, "a badge's threshold does")
  }

  @Test func aPlainPathAndSqlitePrefixOpenTheSameFile() async throws {
    try await withTemporaryFolder { folder in
      let path = folder.appendingPathComponent("s.db").path
      let first = try await StoreAddress.open("sqlite:" + path)
      try await first.close()
      let second = try await StoreAddress.open(path)
      let version = try await second.schemaVersion()
      #expect(version == Schema.version)
      try await second.close()
    }
  }
}

/// The day texts of the store (`iso`, `parsed`) and of the engine (`description`, `init`) are
/// Foundation's Gregorian calendar for every day of the years the engine handles.
@Suite struct CalendarDayTextTests {
  @Test func theDayTextsAreFoundationsForEveryDayOfTheYearsTheEngineHandles() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var day = try CalendarDay("1900-01-01")
    let last = try CalendarDay("2199-12-31")
    var days = 0
    while day <= last {
      let parts = calendar.dateComponents(
        [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day.number) * 86_400))
      // Padded by hand: String(format:) with CVarArgs crashed once here under a parallel run.
      func padded(_ value: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
      }
      let text = "\(padded(parts.year!, 4))-\(padded(parts.month!, 2))-\(padded(parts.day!, 2))"
      if day.description != text || day.description != text || CalendarDay.parsed(text) != day
        || (try? CalendarDay(text)) != day
      {
        Issue.record("\(day.number): Foundation says \(text); iso \(day.description), description \(day.description)")
      }
      day = day + 1
      days += 1
    }
    #expect(days == 109_573)
    for bad in ["2026-02-29", "2100-02-29", "1899-12-31", "2200-01-01", "2026-13-01", "2026-00-10", "2026-1-01", "x"] {
      #expect(CalendarDay.parsed(bad) == nil, "\(bad)")
      #expect((try? CalendarDay(bad)) == nil, "\(bad)")
    }
    #expect(CalendarDay.parsed("2000-02-29")?.description == "2000-02-29")
    #expect(try CalendarDay("2000-02-29").description == "2000-02-29")
    // Outside the years, the description is still Foundation's.
    #expect(CalendarDay(number: -25_568).description == "1899-12-31")
    #expect(CalendarDay(number: 84_006).description == "2200-01-01")
  }
}

/// A user id is its bytes (#34): `café` with a precomposed `é` (NFC) and with a combining accent
/// (NFD) are two users through the import, the load and the batch, on both stores.
@Suite struct UserIDBytesStoreTests {
  static let composed = "caf\u{E9}"
  static let decomposed = "cafe\u{301}"

  @Test(arguments: Backend.all)
  func twoSpellingsOfCafeAreTwoUsers(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      let lines =
        (1...7).map { #"{"user": "\#(Self.composed)", "date": "2026-01-0\#($0)", "planned": true, "completed": true}"# }
        + (1...3).map {
          #"{"user": "\#(Self.decomposed)", "date": "2026-01-0\#($0)", "planned": true, "completed": true}"#
        }
      let summary = try await StoreTests().importLines(store, catalog, lines.joined(separator: "\n"))
      #expect(summary == ImportSummary(records: 10, users: 2, changed: 10))
      let users = try await store.loadUsers(catalog: catalog.id, ids: [Self.composed, Self.decomposed])
      #expect(users.map { Array($0.user.utf8) } == [Array(Self.composed.utf8), Array(Self.decomposed.utf8)])
      #expect(users.map(\.days.count) == [7, 3])
      let result = try await Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil).run()
      #expect(result.users == 2)
      let composedUnlocks = try await store.unlocks(catalog: catalog.id, user: Self.composed)
      let decomposedUnlocks = try await store.unlocks(catalog: catalog.id, user: Self.decomposed)
      #expect(composedUnlocks.map(\.badge).contains("first-week"))
      #expect(!decomposedUnlocks.map(\.badge).contains("first-week"))
    }
  }
}
