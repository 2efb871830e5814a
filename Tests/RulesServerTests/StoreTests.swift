import Foundation
import RulesEngine
import RulesStore
import XCTest

/// One suite, two backends: SQLiteStoreTests and PostgresStoreTests run every check below
/// (XCTest on Linux finds only the test methods a class declares itself).
class StoreTestCase: XCTestCase {
  /// A new, empty store.
  func makeStore() async throws -> any RulesStore { fatalError("override") }

  func open() async throws -> any RulesStore {
    let store = try await makeStore()
    addTeardownBlock { try? await store.close() }
    return store
  }

  func importLines(_ store: any RulesStore, _ catalog: StoreCatalog, _ text: String) async throws -> ImportSummary {
    let folder = try temporaryFolder(self)
    let file = folder.appendingPathComponent("records.jsonl")
    try text.write(to: file, atomically: true, encoding: .utf8)
    var importer = Importer(catalog: catalog)
    importer.read(file: file.path)
    XCTAssertEqual(importer.errors, [])
    return try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
  }

  static let week = (1...7).map { #"{"user": "alice", "date": "2026-01-0\#($0)", "planned": true, "completed": true}"# }
    .joined(separator: "\n")

  func checkTheSchemaIsCreatedOnFirstUseAndVersioned() async throws {
    let store = try await open()
    let version = try await store.schemaVersion()
    XCTAssertEqual(version, 1)
  }

  func checkImportIsIdempotentPerUserAndDate() async throws {
    let store = try await open()
    let catalog = try loadCatalog("discipline")
    let first = try await importLines(store, catalog, Self.week)
    XCTAssertEqual(first, ImportSummary(records: 7, users: 1, changed: 7))
    let again = try await importLines(store, catalog, Self.week)
    XCTAssertEqual(again, ImportSummary(records: 7, users: 1, changed: 0))
    let changed = try await importLines(
      store, catalog, #"{"user": "alice", "date": "2026-01-07", "planned": true, "completed": false}"#)
    XCTAssertEqual(changed.changed, 1)
    let users = try await store.loadUsers(catalog: catalog.id, ids: ["alice", "nobody"])
    XCTAssertEqual(users.map(\.user), ["alice"])
    XCTAssertEqual(users[0].days.count, 7)
    XCTAssertEqual(users[0].days.last?.record, #"{"planned":true,"completed":false}"#)
  }

  func checkBatchSavesStatesAndUnlocksOnceAndContinuesFromTheState() async throws {
    let store = try await open()
    let catalog = try loadCatalog("discipline")
    _ = try await importLines(store, catalog, Self.week)
    let batch = Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil)
    let first = try await batch.run()
    XCTAssertEqual(first.users, 1)
    XCTAssertEqual(first.userDays, 7)
    XCTAssertGreaterThan(first.unlocks.values.reduce(0, +), 0)
    let unlocks = try await store.unlocks(catalog: catalog.id, user: "alice")
    XCTAssertEqual(unlocks.count, first.unlocks.values.reduce(0, +))
    let second = try await batch.run()
    XCTAssertEqual(second.unlocks, [:], "run twice for one date, it unlocks nothing new")
    let unlocksAgain = try await store.unlocks(catalog: catalog.id, user: "alice")
    XCTAssertEqual(unlocksAgain, unlocks)
    // The next day costs one user-day.
    _ = try await importLines(
      store, catalog, #"{"user": "alice", "date": "2026-01-08", "planned": true, "completed": true}"#)
    let next = try await Batch(store: store, catalog: catalog, date: day("2026-01-08"), shard: nil).run()
    XCTAssertEqual(next.userDays, 1)
    let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
    XCTAssertEqual(loaded[0].stateDate, day("2026-01-08"))
    XCTAssertEqual(loaded[0].days.map(\.date), [day("2026-01-08")], "only the days the state has not counted")
  }

  func checkAChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates() async throws {
    let store = try await open()
    let catalog = try loadCatalog("discipline")
    _ = try await importLines(store, catalog, Self.week)
    _ = try await Batch(store: store, catalog: catalog, date: day("2026-01-07"), shard: nil).run()
    let before = try await store.unlocks(catalog: catalog.id, user: "alice")
    // Day 2 was a miss after all: counted again from every stored day.
    _ = try await importLines(
      store, catalog, #"{"user": "alice", "date": "2026-01-02", "planned": true, "completed": false}"#)
    var loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
    XCTAssertTrue(loaded[0].rebuild)
    XCTAssertEqual(loaded[0].days.count, 7)
    let summary = try await Batch(store: store, catalog: catalog, date: day("2026-01-08"), shard: nil).run()
    XCTAssertEqual(summary.rebuilt, 1)
    loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
    XCTAssertFalse(loaded[0].rebuild)
    let after = try await store.unlocks(catalog: catalog.id, user: "alice")
    for unlock in before { XCTAssertTrue(after.contains(unlock), "\(unlock) kept with its date") }
    let state = try XCTUnwrap(loaded[0].state)
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: state) as? [String: Any])
    let training = (json["streaks"] as? [String: Any])?["training"] as? [String: Any]
    XCTAssertEqual(training?["current"] as? Int, 5, "day 2 missed: days 3 to 7 count")
  }

  func checkASaveWhoseUserChangedSinceTheLoadIsLeftOut() async throws {
    let store = try await open()
    let catalog = try loadCatalog("discipline")
    _ = try await importLines(store, catalog, Self.week)
    let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
    let (saved, _) = try UserEvaluation.run(loaded[0], catalog: catalog, on: day("2026-01-07"))
    _ = try await importLines(
      store, catalog, #"{"user": "alice", "date": "2026-01-06", "planned": false}"#)
    let kept = try await store.save(catalog: catalog.id, checks: [try XCTUnwrap(saved)])
    XCTAssertEqual(kept, [])
    let unlocks = try await store.unlocks(catalog: catalog.id, user: "alice")
    XCTAssertEqual(unlocks, [])
  }

  func checkALockedPutStoresTheDayEvaluatesAndSavesOnce() async throws {
    let store = try await open()
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
    XCTAssertEqual(
      news.enumerated().filter { $0.offset % 2 == 1 }.flatMap(\.element), [], "the same request twice: new is empty")
    let unlocks = try await store.unlocks(catalog: catalog.id, user: "bob")
    XCTAssertEqual(unlocks.map(\.badge).sorted(), news.flatMap { $0 }.sorted())
  }

  func checkAnEarlierDayPutAfterALaterOneIsStoredAndCounted() async throws {
    let store = try await open()
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
    XCTAssertTrue(earlier.json.contains(#""date": "2026-01-03""#), earlier.json)
    let date = day("2026-01-05")
    let now = try await store.evaluateLocked(catalog: catalog.id, user: "dan") { loaded in
      try UserEvaluation.run(loaded!, catalog: catalog, on: date)
    }
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(now.json.utf8)) as? [String: Any])
    let training = (json["streaks"] as? [String: Any])?["training"] as? [String: Any]
    XCTAssertEqual(training?["current"] as? Int, 2, "days 4 and 5 after the miss on day 3")
    let after = try await store.unlocks(catalog: catalog.id, user: "dan")
    for unlock in before { XCTAssertTrue(after.contains(unlock), "\(unlock) kept with its date") }
  }

  func checkShardsSplitTheUsersWithoutOverlap() async throws {
    let store = try await open()
    let catalog = try loadCatalog("discipline")
    let lines = (0..<40).map { #"{"user": "u\#($0)", "date": "2026-01-01", "planned": true, "completed": true}"# }
    _ = try await importLines(store, catalog, lines.joined(separator: "\n"))
    var total = 0
    for index in 0..<3 {
      var batch = Batch(store: store, catalog: catalog, date: day("2026-01-01"), shard: Shard("\(index)/3"))
      batch.chunk = 4
      let summary = try await batch.run()
      XCTAssertGreaterThan(summary.users, 0)
      total += summary.users
    }
    XCTAssertEqual(total, 40)
  }
}

final class SQLiteStoreTests: StoreTestCase {
  func testAnEarlierDayPutAfterALaterOneIsStoredAndCounted() async throws {
    try await checkAnEarlierDayPutAfterALaterOneIsStoredAndCounted()
  }
  func testTheSchemaIsCreatedOnFirstUseAndVersioned() async throws {
    try await checkTheSchemaIsCreatedOnFirstUseAndVersioned()
  }
  func testImportIsIdempotentPerUserAndDate() async throws { try await checkImportIsIdempotentPerUserAndDate() }
  func testBatchSavesStatesAndUnlocksOnceAndContinuesFromTheState() async throws {
    try await checkBatchSavesStatesAndUnlocksOnceAndContinuesFromTheState()
  }
  func testAChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates() async throws {
    try await checkAChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates()
  }
  func testASaveWhoseUserChangedSinceTheLoadIsLeftOut() async throws {
    try await checkASaveWhoseUserChangedSinceTheLoadIsLeftOut()
  }
  func testALockedPutStoresTheDayEvaluatesAndSavesOnce() async throws {
    try await checkALockedPutStoresTheDayEvaluatesAndSavesOnce()
  }
  func testShardsSplitTheUsersWithoutOverlap() async throws { try await checkShardsSplitTheUsersWithoutOverlap() }

  override func makeStore() async throws -> any RulesStore {
    try SQLiteStore(path: try temporaryFolder(self).appendingPathComponent("store.sqlite").path)
  }

  func testAPlainPathAndSqlitePrefixOpenTheSameFile() async throws {
    let path = try temporaryFolder(self).appendingPathComponent("s.db").path
    let first = try await StoreAddress.open("sqlite:" + path)
    try await first.close()
    let second = try await StoreAddress.open(path)
    let version = try await second.schemaVersion()
    XCTAssertEqual(version, 1)
    try await second.close()
  }
}

final class PostgresStoreTests: StoreTestCase {
  func testAnEarlierDayPutAfterALaterOneIsStoredAndCounted() async throws {
    try await checkAnEarlierDayPutAfterALaterOneIsStoredAndCounted()
  }
  func testTheSchemaIsCreatedOnFirstUseAndVersioned() async throws {
    try await checkTheSchemaIsCreatedOnFirstUseAndVersioned()
  }
  func testImportIsIdempotentPerUserAndDate() async throws { try await checkImportIsIdempotentPerUserAndDate() }
  func testBatchSavesStatesAndUnlocksOnceAndContinuesFromTheState() async throws {
    try await checkBatchSavesStatesAndUnlocksOnceAndContinuesFromTheState()
  }
  func testAChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates() async throws {
    try await checkAChangedPastRecordRebuildsTheUserAndUnlocksKeepTheirDates()
  }
  func testASaveWhoseUserChangedSinceTheLoadIsLeftOut() async throws {
    try await checkASaveWhoseUserChangedSinceTheLoadIsLeftOut()
  }
  func testALockedPutStoresTheDayEvaluatesAndSavesOnce() async throws {
    try await checkALockedPutStoresTheDayEvaluatesAndSavesOnce()
  }
  func testShardsSplitTheUsersWithoutOverlap() async throws { try await checkShardsSplitTheUsersWithoutOverlap() }

  override func makeStore() async throws -> any RulesStore {
    try await PostgresStore.open(url: try await TestPostgres.freshDatabase())
  }
}

final class CalendarDayTextTests: XCTestCase {
  func testTheStoresDayTextIsFoundationsForEveryDayOfTheYearsTheEngineHandles() throws {
    var day = try CalendarDay("1900-01-01")
    let last = try CalendarDay("2199-12-31")
    while day <= last {
      XCTAssertEqual(day.iso, day.description)
      XCTAssertEqual(CalendarDay.parsed(day.description), day)
      day = day + 1
    }
    for bad in ["2026-02-29", "2100-02-29", "1899-12-31", "2200-01-01", "2026-13-01", "2026-00-10", "2026-1-01", "x"] {
      XCTAssertNil(CalendarDay.parsed(bad), bad)
    }
    XCTAssertEqual(CalendarDay.parsed("2000-02-29")?.iso, "2000-02-29")
  }
}
