import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import StoreTestSupport
import Testing

/// `unlocksPerDay`: one read of the unlocks dated each day of a range, equal to counting every
/// user's unlocks one by one, on both stores.
@Suite struct UnlocksPerDayTests {
  /// Imports generated users of `name` and evaluates them every third day up to `last`.
  func evaluate(_ store: any StoreBackend, _ name: String, last: CalendarDay, seed: UInt64) async throws -> [String] {
    let catalog = try loadCatalog(name)
    let generated = GeneratedUsers(catalog: catalog, count: 40, span: 45, last: last, seed: seed)
    try await withTemporaryFolder { folder in
      let lines = folder.appendingPathComponent("days.jsonl")
      try generated.jsonLines().write(to: lines, atomically: true, encoding: .utf8)
      var importer = Importer(catalog: catalog)
      importer.read(file: lines.path)
      #expect(importer.errors.isEmpty)
      _ = try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
    }
    // A check every third day: unlocks on many dates (a check unlocks at its date).
    for date in stride(from: -42, through: 0, by: 3).map({ last + $0 }) {
      _ = try await Batch(store: store, catalog: catalog, date: date, shard: nil).run()
    }
    return generated.users.map(\.id)
  }

  @Test(
    "each day's count equals the users' unlocks counted one by one; other catalogs not counted", arguments: Backend.all)
  func equalsTheBruteForceCount(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let last = day("2026-03-31")
      let users = try await evaluate(store, "rizq", last: last, seed: 71)
      _ = try await evaluate(store, "salahstreak", last: last, seed: 72)
      var expected: [CalendarDay: Int] = [:]
      for user in users {
        for unlock in try await store.unlocks(catalog: "rizq", user: user) { expected[unlock.date, default: 0] += 1 }
      }
      #expect(expected.values.reduce(0, +) > 40, "the users unlock something on several days")
      #expect(expected.count > 5, "unlocks on several dates")
      // The whole span and a margin of days without unlocks on each side.
      let from = last + -60
      let through = last + 5
      let days = try await store.unlocksPerDay(catalog: "rizq", from: from, through: through)
      #expect(days.map(\.date) == (0...65).map { from + $0 }, "every day of the range, oldest first")
      #expect(days.map(\.unlocks) == days.map { expected[$0.date] ?? 0 })
      // A part of it: the bounds are counted, the days outside are not.
      let busiest = expected.max { $0.value < $1.value }!.key
      let part = try await store.unlocksPerDay(catalog: "rizq", from: busiest, through: busiest + 3)
      #expect(part.map(\.date) == (0...3).map { busiest + $0 })
      #expect(part.map(\.unlocks) == part.map { expected[$0.date] ?? 0 })
      #expect(part[0].unlocks == expected[busiest])
      // A range that ends before it begins has no days; a catalog without unlocks, zeros.
      #expect(try await store.unlocksPerDay(catalog: "rizq", from: last, through: last + -1).isEmpty)
      let none = try await store.unlocksPerDay(catalog: "onward", from: from, through: through)
      #expect(none.count == 66 && none.allSatisfy { $0.unlocks == 0 })
      // The stats of a day agree (their `unlocks_on_date`, each badge's users summed).
      let stats = try await store.stats(catalog: "rizq", date: busiest, streaks: [])
      #expect(stats.unlocksOnDate.map(\.users).reduce(0, +) == expected[busiest])
    }
  }
}
