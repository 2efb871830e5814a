import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesStore

/// The batch's reading (`StoreBackend.loadUsers` with the catalog's encoding): the days stored
/// in that encoding come without their JSON, in date order, on both stores (issue 41).
@Suite struct BatchReadingTests {
  static let lines =
    (1...9).map { #"{"user": "alice", "date": "2026-01-0\#($0)", "planned": true, "completed": \#($0 % 3 != 0)}"# }
    + [#"{"user": "bob", "date": "2026-01-02", "planned": false}"#]

  func imported(_ store: any StoreBackend, _ catalog: StoreCatalog) async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("records.jsonl")
      // Out of date order in the file: the store gives them back in order.
      try Self.lines.reversed().joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
      var importer = Importer(catalog: catalog)
      importer.read(file: file.path)
      #expect(importer.errors == [])
      _ = try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
    }
  }

  @Test(arguments: Backend.all)
  func daysInTheCatalogsEncodingComeWithoutTheirJSONAndInDateOrder(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      try await imported(store, catalog)
      let prefix = try #require(catalog.encoded(#"{"planned":true}"#)).prefix(8)
      let full = try await store.loadUsers(catalog: catalog.id, ids: ["bob", "alice", "nobody"])
      let bare = try await store.loadUsers(
        catalog: catalog.id, ids: ["bob", "alice", "nobody"], encoding: Data(prefix))
      #expect(full.map(\.user) == ["bob", "alice"])
      #expect(bare.map(\.user) == ["bob", "alice"])
      let alice = try #require(full.last)
      #expect(alice.days.map(\.date) == (1...9).map { day("2026-01-0\($0)") })
      #expect(alice.days[2].record == #"{"planned":true,"completed":false}"#)
      #expect(bare.last?.days.map(\.date) == alice.days.map(\.date))
      #expect(bare.last?.days.map(\.encoded) == alice.days.map(\.encoded))
      #expect(bare.flatMap(\.days).allSatisfy { $0.record.isEmpty })
      // Another encoding's days keep their JSON.
      let other = try await store.loadUsers(catalog: catalog.id, ids: ["alice"], encoding: Data(repeating: 7, count: 8))
      #expect(other.first?.days == alice.days)
    }
  }

  @Test(arguments: Backend.all)
  func aDayReadWithoutItsJSONThatTheCatalogCannotDecodeAsksForEveryDay(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      try await imported(store, catalog)
      // An encoded form the catalog refuses (its fingerprint, then a value no bool takes).
      let prefix = try #require(catalog.encoded(#"{"planned":true}"#)).prefix(8)
      let day = StoredDay(date: day("2026-01-01"), record: "", encoded: Data(prefix) + Data([0x06, 0x00]))
      #expect(throws: NeedsAllDays.self) {
        _ = try catalog.check(user: "alice", start: nil, timeZone: nil, on: day.date, days: [day], state: nil)
      }
      // With its JSON, the day is read from the JSON.
      var readable = day
      readable.record = #"{"planned":true,"completed":true}"#
      let check = try catalog.check(
        user: "alice", start: nil, timeZone: nil, on: day.date, days: [readable], state: nil)
      #expect(check.warnings == [])
    }
  }
}
