import Foundation
import RulesBackend
import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// Day records through the store as PUT day saves them, and the events they tell.
struct EventHistory {
  let store: any StoreBackend
  let catalog: StoreCatalog
  let user: String

  /// PUT day: the record of `date` stored and the user evaluated as of it, in one transaction.
  @discardableResult
  func put(_ date: String, _ values: [(String, JSONValue)], start: String? = nil) async throws -> UserCheck {
    guard case .success(let record) = catalog.schema.record(values) else {
      throw StoreTestFailure("bad record \(values)")
    }
    let catalog = self.catalog
    let info = start.map { ImportUser(user: user, start: day($0)) }
    return try await store.evaluateLocked(
      catalog: catalog.id, user: user,
      put: catalog.storedDay(day(date), record),
      info: info
    ) { loaded in try UserEvaluation.run(loaded!, catalog: catalog, on: day(date)) }
  }

  /// The user's events, as `kind subject date data`, in id order.
  func events() async throws -> [String] {
    try await eventLines(store, user: user)
  }
}

@Suite struct EventsTests {
  static func rizqDay(_ duas: Int, _ done: Int, _ total: Int) -> [(String, JSONValue)] {
    [("duas_completed", .int(duas)), ("habits_completed", .int(done)), ("habits_total", .int(total))]
  }

  @Test("RIZQ, day by day: first step, a streak started and extended, a level, a week, a break", arguments: Backend.all)
  func rizqDayByDay(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let history = EventHistory(store: store, catalog: try loadCatalog("rizq"), user: "amina")
      for date in 1...7 { try await history.put("2026-05-0\(date)", Self.rizqDay(1, 1, 1)) }
      // 05-08: nothing done (the day in progress: the streak still stands); 05-09: a habit again.
      try await history.put("2026-05-08", Self.rizqDay(0, 0, 1))
      try await history.put("2026-05-09", Self.rizqDay(1, 1, 1))
      let events = try await history.events()
      // 05-01: one dua (10 XP) and First Step (50 XP): 60 XP is level 2 (50 XP).
      #expect(events.contains("badge.unlocked first-step 2026-05-01 {}"))
      #expect(events.contains(#"streak.started streak 2026-05-01 {"length":1}"#))
      #expect(events.contains(#"streak.started perfect 2026-05-01 {"length":1}"#))
      #expect(events.contains(#"level.reached level 2026-05-01 {"level":2}"#))
      for date in 2...7 {
        #expect(events.contains(#"streak.extended streak 2026-05-0\#(date) {"length":\#(date)}"#))
        #expect(events.contains(#"streak.extended perfect 2026-05-0\#(date) {"length":\#(date)}"#))
      }
      // 05-07: seven days, Week Warrior (100 XP): 70 + 50 + 100 = 220 XP is level 3 (200 XP).
      #expect(events.contains("badge.unlocked week-warrior 2026-05-07 {}"))
      #expect(events.contains(#"level.reached level 2026-05-07 {"level":3}"#))
      // 05-09 counts 05-08, a day without a habit: both streaks broke at 7 and start again.
      #expect(events.contains(#"streak.broken streak 2026-05-09 {"length":7}"#))
      #expect(events.contains(#"streak.started streak 2026-05-09 {"length":1}"#))
      #expect(events.contains(#"streak.broken perfect 2026-05-09 {"length":7}"#))
      #expect(events.count { $0.hasPrefix("streak.extended streak ") } == 6, "at most one a day")
      #expect(!events.contains { $0.hasPrefix("freeze.") || $0.hasPrefix("milestone.") })
    }
  }

  static let perfect: [(String, JSONValue)] = ["fajr", "dhuhr", "asr", "maghrib", "isha"].map { ($0, .string("done")) }
  static let missed: [(String, JSONValue)] = ["fajr", "dhuhr", "asr", "maghrib", "isha"].map {
    ($0, .string("missed"))
  }

  @Test("SalahStreak: a freeze earned on the 7th perfect day and used on a missed day", arguments: Backend.all)
  func salahFreeze(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let history = EventHistory(store: store, catalog: try loadCatalog("salahstreak"), user: "bilal")
      for date in 1...7 { try await history.put("2026-05-0\(date)", Self.perfect) }
      try await history.put("2026-05-08", Self.missed)
      try await history.put("2026-05-09", Self.perfect)
      let events = try await history.events()
      #expect(events.contains(#"streak.started salah 2026-05-01 {"length":1}"#))
      #expect(events.contains(#"freeze.earned salah 2026-05-07 {"earned":1,"freezes":1}"#))
      // 05-09 counts 05-08: the freeze covers it; the streak goes on.
      #expect(events.contains(#"streak.protected salah 2026-05-08 {"date":"2026-05-08","freezes":0}"#))
      #expect(events.contains(#"streak.extended salah 2026-05-09 {"length":8}"#))
      #expect(!events.contains { $0.hasPrefix("streak.broken") })
      #expect(events.count { $0.hasPrefix("streak.started") } == 1)
    }
  }

  @Test(
    "ImanPath: milestones on days 1, 3 and 7 since the commitment; a relapse breaks the streak", arguments: Backend.all)
  func imanpathMilestones(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let history = EventHistory(store: store, catalog: try loadCatalog("imanpath"), user: "yusuf")
      try await history.put("2026-05-01", [("relapse", .bool(false))], start: "2026-05-01")
      for date in 2...8 { try await history.put("2026-05-0\(date)", [("relapse", .bool(false))]) }
      try await history.put("2026-05-09", [("relapse", .bool(true))])
      try await history.put("2026-05-10", [("relapse", .bool(false))])
      let events = try await history.events()
      #expect(events.contains(#"milestone.reached tawbah 2026-05-02 {"streak":"streak","day":1}"#))
      #expect(events.contains(#"milestone.reached tajdeed 2026-05-04 {"streak":"streak","day":3}"#))
      #expect(events.contains(#"milestone.reached sabr 2026-05-08 {"streak":"streak","day":7}"#))
      #expect(events.contains(#"streak.started streak 2026-05-01 {"length":1}"#))
      // The relapse on 05-09 loses the 7 days the streak had on 05-08.
      #expect(events.contains(#"streak.broken streak 2026-05-09 {"length":7}"#))
      // Day 1 after the relapse: the streak runs again from 05-09 and Tawbah is reached again.
      #expect(events.contains(#"streak.started streak 2026-05-09 {"length":1}"#))
      #expect(events.contains(#"milestone.reached tawbah 2026-05-10 {"streak":"streak","day":1}"#))
    }
  }

  @Test("the same PUT twice, a rerun and a rebuild tell nothing again", arguments: Backend.all)
  func repeatedPutTellsNothingTwice(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("rizq")
      let history = EventHistory(store: store, catalog: catalog, user: "amina")
      for date in 1...7 { try await history.put("2026-05-0\(date)", Self.rizqDay(2, 1, 1)) }
      let once = try await history.events()
      #expect(!once.isEmpty)
      try await history.put("2026-05-07", Self.rizqDay(2, 1, 1))
      try await history.put("2026-05-07", Self.rizqDay(2, 1, 1))
      #expect(try await history.events() == once)
      // Counted again from every day (as POST .../rebuild does): the facts are the same.
      _ = try await store.withLockedUser(catalog: catalog.id, user: "amina", put: nil, info: nil, allDays: true) {
        loaded in
        var loaded = loaded!
        loaded.rebuild = true
        return try UserEvaluation.run(loaded, catalog: catalog, on: day("2026-05-07"))
      }
      #expect(try await history.events() == once)
      // A batch as of the same day.
      _ = try await Batch(store: store, catalog: catalog, date: day("2026-05-07"), shard: nil).run()
      #expect(try await history.events() == once)
    }
  }

  @Test(
    "a batch's badge.unlocked events are the unlocks table, row for row; a rerun and a second worker add none",
    arguments: Backend.all)
  func batchEventsAreTheUnlocks(_ backend: Backend) async throws {
    for name in ShippedCatalogs.names {
      try await withStore(backend) { store, _ in
        let catalog = try loadCatalog(name)
        let last = day("2026-03-31")
        let generated = GeneratedUsers(catalog: catalog, count: 60, span: 45, last: last, seed: 29)
        var importer = Importer(catalog: catalog)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = folder.appendingPathComponent("days.jsonl")
        try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
        importer.read(file: lines.path)
        #expect(importer.errors.isEmpty)
        _ = try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
        // Two workers at once, as of a day in the middle; then both again at the last day.
        for date in [last + -20, last] {
          async let one = Batch(store: store, catalog: catalog, date: date, shard: nil).run()
          async let two = Batch(store: store, catalog: catalog, date: date, shard: nil).run()
          _ = try await (one, two)
        }
        let events = try await eventLines(store)
        #expect(Set(events).count == events.count, "\(name): no event twice")
        let badges = events.filter { $0.contains(" badge.unlocked ") }.map {
          let parts = $0.split(separator: " ")
          return "\(parts[0]) \(parts[2]) \(parts[3])"
        }
        var unlocks: [String] = []
        for user in generated.users {
          unlocks += try await store.unlocks(catalog: catalog.id, user: user.id).map {
            "\(user.id) \($0.badge) \($0.date)"
          }
        }
        #expect(badges.sorted() == unlocks.sorted(), "\(name)")
        #expect(!unlocks.isEmpty || name == "imanpath", "\(name) unlocks something")
        // A rerun of the last day tells nothing new.
        _ = try await Batch(store: store, catalog: catalog, date: last, shard: nil).run()
        #expect(try await eventLines(store) == events, "\(name)")
      }
    }
  }
}
