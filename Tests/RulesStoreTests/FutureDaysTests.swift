import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import StoreTestSupport
import Testing

/// A day in the future (`FutureDays`): the user's today in their zone by a pinned clock, the
/// day of slack, the import's date, and a store that already holds future days and states.
@Suite struct FutureDaysTests {
  /// A clock stopped at `instant` (ISO 8601 with its zone).
  static func at(_ instant: String) -> FutureDays {
    let date = ISO8601DateFormatter().date(from: instant)!
    return FutureDays { date }
  }

  static func user(_ zone: String?, changes: [TimeZoneChange] = []) -> LoadedUser {
    var user = LoadedUser(
      user: "u", start: nil, timeZone: zone, revision: 0, rebuild: false, state: nil, stateDate: nil, days: [],
      allDays: true)
    user.timeZoneChanges = changes
    return user
  }

  /// The last second before a local midnight and the midnight itself, on both sides of the
  /// date line: Kiritimati (UTC+14) begins 2026-03-10 at 2026-03-09T10:00Z, Pago Pago (UTC-11)
  /// at 2026-03-10T11:00Z.
  @Test(arguments: [
    ("Pacific/Kiritimati", "2026-03-09T09:59:59Z", "2026-03-09"),
    ("Pacific/Kiritimati", "2026-03-09T10:00:00Z", "2026-03-10"),
    ("Pacific/Pago_Pago", "2026-03-10T10:59:59Z", "2026-03-09"),
    ("Pacific/Pago_Pago", "2026-03-10T11:00:00Z", "2026-03-10"),
    ("UTC", "2026-03-09T23:59:59Z", "2026-03-09"),
    ("UTC", "2026-03-10T00:00:00Z", "2026-03-10"),
  ])
  func theUsersTodayTurnsAtTheirMidnightAndOneDayOfSlackIsWritten(
    _ zone: String, _ instant: String, _ today: String
  ) throws {
    let clock = Self.at(instant)
    let catalog = try loadCatalog("discipline")
    // A user without a zone is in UTC.
    let user = Self.user(zone == "UTC" ? nil : zone)
    #expect(clock.today(for: user, in: catalog) == day(today))
    #expect(clock.latest(for: user, in: catalog) == day(today) + 1)
    #expect(UserEvaluation.day(nil, for: user, in: catalog, clock: clock) == day(today))
    try clock.check(day(today), for: user, in: catalog)
    try clock.check(day(today) + 1, for: user, in: catalog)
    try clock.check(day("2020-01-01"), for: user, in: catalog)
    #expect(throws: FutureDate(date: day(today) + 2, today: day(today), zone: zone)) {
      try clock.check(day(today) + 2, for: user, in: catalog)
    }
  }

  @Test func oneInstantIsTwoTodaysAcrossTheDateLine() throws {
    // 12:00 UTC: 02:00 on the 10th in Kiritimati, 01:00 on the 9th in Pago Pago.
    let clock = Self.at("2026-03-09T12:00:00Z")
    let catalog = try loadCatalog("discipline")
    let kiritimati = Self.user("Pacific/Kiritimati")
    let pagoPago = Self.user("Pacific/Pago_Pago")
    try clock.check(day("2026-03-11"), for: kiritimati, in: catalog)
    #expect(throws: FutureDate(date: day("2026-03-11"), today: day("2026-03-09"), zone: "Pacific/Pago_Pago")) {
      try clock.check(day("2026-03-11"), for: pagoPago, in: catalog)
    }
    #expect(
      FutureDate(date: day("2026-03-11"), today: day("2026-03-09"), zone: "Pacific/Pago_Pago").message
        == "2026-03-11 is in the future: the user's today is 2026-03-09 (Pacific/Pago_Pago); days up to 2026-03-10 (today and one day of slack) may be written"
    )
    // A user who moved from Pago Pago to Kiritimati at 06:00 UTC is on Kiritimati's day.
    let moved = Self.user(
      "Pacific/Pago_Pago",
      changes: [
        TimeZoneChange(
          at: ISO8601DateFormatter().date(from: "2026-03-09T06:00:00Z")!,
          zone: TimeZone(identifier: "Pacific/Kiritimati")!)
      ])
    #expect(clock.today(for: moved, in: catalog) == day("2026-03-10"))
    #expect(Self.at("2026-03-09T05:59:59Z").today(for: moved, in: catalog) == day("2026-03-08"))
    // The latest date that is today somewhere: UTC's today and the slack.
    #expect(clock.latestAnywhere == day("2026-03-10"))
  }

  /// SalahStreak's Isha after midnight (issue 39): with `day_starts_at: "04:00"` a user in
  /// Riyadh (UTC+3) at 01:30 local time is still on yesterday, and on today from 04:00.
  @Test func aDayThatStartsLaterIsYesterdayUntilItStarts() throws {
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
    try withTemporaryFolderSync { folder in
      let file = folder.appendingPathComponent("late.yaml")
      try source.replacingOccurrences(of: "\ninputs:", with: "\nday_starts_at: \"04:00\"\ninputs:")
        .write(to: file, atomically: true, encoding: .utf8)
      let late = try loadCatalog(path: file.path)
      #expect(late.dayStartsAt.description == "04:00")
      let user = Self.user("Asia/Riyadh")
      // 01:30 and 03:59:59 in Riyadh on 2026-03-10: still the 9th. 04:00: the 10th.
      #expect(Self.at("2026-03-09T22:30:00Z").today(for: user, in: late) == day("2026-03-09"))
      #expect(Self.at("2026-03-10T00:59:59Z").today(for: user, in: late) == day("2026-03-09"))
      #expect(Self.at("2026-03-10T01:00:00Z").today(for: user, in: late) == day("2026-03-10"))
      // The shipped catalog's day starts at midnight.
      #expect(Self.at("2026-03-09T22:30:00Z").today(for: user, in: try loadCatalog("discipline")) == day("2026-03-10"))
      // The future-day check follows: on the 9th (01:30 on the 10th) the 11th is beyond the slack.
      #expect(throws: FutureDate(date: day("2026-03-11"), today: day("2026-03-09"), zone: "Asia/Riyadh")) {
        try Self.at("2026-03-09T22:30:00Z").check(day("2026-03-11"), for: user, in: late)
      }
    }
  }

  /// A user's own day start (`PUT .../users/{user}`'s `day_starts_at`, an import line's) is
  /// kept by the store and decides their today, in place of the catalog's.
  @Test(arguments: Backend.all)
  func aUsersOwnDayStartIsStoredAndDecidesToday(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      try await withTemporaryFolder { folder in
        let file = folder.appendingPathComponent("days.jsonl")
        try """
        {"user": "owl", "date": "2026-03-09", "planned": true, "timezone": "Asia/Riyadh", "day_starts_at": "02:00"}
        {"user": "lark", "date": "2026-03-09", "planned": true, "timezone": "Asia/Riyadh"}
        {"user": "bad", "date": "2026-03-09", "planned": true, "day_starts_at": "2am"}

        """.write(to: file, atomically: true, encoding: .utf8)
        var importer = Importer(catalog: catalog)
        importer.read(file: file.path)
        #expect(
          importer.errors == [
            "\(file.path):3: error: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '2am'"
          ])
        _ = try await store.importRecords(
          catalog: catalog.id, users: importer.users, records: importer.records.filter { $0.user != "bad" })
      }
      let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["lark", "owl"])
      #expect(loaded.map(\.dayStartsAt) == [nil, DayStart("02:00")])
      // 01:30 in Riyadh on the 10th: still the 9th for the owl, the 10th for the lark.
      let clock = Self.at("2026-03-09T22:30:00Z")
      #expect(clock.today(for: loaded[0], in: catalog) == day("2026-03-10"))
      #expect(clock.today(for: loaded[1], in: catalog) == day("2026-03-09"))
      // The future-day listing reads it too: the owl's 2026-03-11 is past her today and the slack.
      _ = try await store.importRecords(
        catalog: catalog.id, users: [],
        records: [
          ImportRecord(
            user: "owl", date: day("2026-03-11"), record: #"{"planned":true,"completed":false}"#, encoded: nil),
          ImportRecord(
            user: "lark", date: day("2026-03-11"), record: #"{"planned":true,"completed":false}"#, encoded: nil),
        ])
      #expect(
        try await clock.users(in: store, catalog: catalog)
          == [FutureDaysUser(user: "owl", today: day("2026-03-09"), days: 1, latest: day("2026-03-11"))])
      // A PUT replaces every detail: without day_starts_at the catalog's midnight is back.
      try await store.withLockedUser(
        catalog: catalog.id, user: "owl", put: nil, info: ImportUser(user: "owl", timeZone: "Asia/Riyadh"),
        allDays: false
      ) { _ in (nil, ()) }
      let cleared = try await store.loadUsers(catalog: catalog.id, ids: ["owl"])
      #expect(cleared[0].dayStartsAt == nil)
      #expect(clock.today(for: cleared[0], in: catalog) == day("2026-03-10"))
    }
  }

  @Test func anImportRefusesRecordsAfterItsDate() throws {
    let catalog = try loadCatalog("discipline")
    try withTemporaryFolderSync { folder in
      let file = folder.appendingPathComponent("days.jsonl")
      try """
      {"user": "a", "date": "2026-03-10", "planned": true}
      {"user": "a", "date": "2026-03-11", "planned": true}
      {"user": "b", "date": "2099-01-01", "planned": true}

      """.write(to: file, atomically: true, encoding: .utf8)
      var importer = Importer(catalog: catalog)
      importer.date = .today(Self.at("2026-03-09T23:59:59Z"))
      importer.read(file: file.path)
      #expect(
        importer.errors == [
          "\(file.path):2: error: 'date': 2026-03-11 is after the import's date, 2026-03-10 (today in UTC and one day of slack for the zones ahead of it; --date D sets another)",
          "\(file.path):3: error: 'date': 2099-01-01 is after the import's date, 2026-03-10 (today in UTC and one day of slack for the zones ahead of it; --date D sets another)",
        ])
      var given = Importer(catalog: catalog)
      given.date = .given(day("2026-03-10"))
      given.read(file: file.path)
      #expect(
        given.errors.first
          == "\(file.path):2: error: 'date': 2026-03-11 is after the import's date, 2026-03-10 (--date)")
      // Without a date (the store's own callers), any date is read.
      var any = Importer(catalog: catalog)
      any.read(file: file.path)
      #expect(any.errors == [])
      #expect(any.records.count == 3)
    }
  }

  /// Alice holds a day in 2099 written before such days were refused; Bob the same days but
  /// that one. Both are evaluated alike today, by the batch and by a read.
  static let days = (1...9).map { #"{"user": "USER", "date": "2026-03-0\#($0)", "planned": true, "completed": true}"# }
    .joined(separator: "\n")

  func importDays(_ store: any StoreBackend, _ catalog: StoreCatalog, future: Bool) async throws {
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("days.jsonl")
      var text = Self.days.replacingOccurrences(of: "USER", with: "alice") + "\n"
      text += Self.days.replacingOccurrences(of: "USER", with: "bob") + "\n"
      if future { text += #"{"user": "alice", "date": "2099-01-01", "planned": true, "completed": true}"# + "\n" }
      try text.write(to: file, atomically: true, encoding: .utf8)
      var importer = Importer(catalog: catalog)
      importer.read(file: file.path)
      #expect(importer.errors == [])
      _ = try await store.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
    }
  }

  /// The evaluation of today as `GET .../progress` makes it (read only), with Bob's name for Alice's.
  func today(_ store: any StoreBackend, _ catalog: StoreCatalog, _ user: String, clock: FutureDays) async throws
    -> (json: String, warnings: [String])
  {
    try await store.evaluateReading(catalog: catalog.id, user: user) { loaded in
      let (_, check) = try UserEvaluation.run(
        loaded!, catalog: catalog, on: UserEvaluation.day(nil, for: loaded, in: catalog, clock: clock), clock: clock)
      return (check.json.replacingOccurrences(of: #""alice""#, with: #""bob""#), check.warnings)
    }
  }

  @Test(arguments: Backend.all)
  func aStoreHoldingA2099DayStillBatchesAndReadsToday(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      try await importDays(store, catalog, future: true)
      let clock = Self.at("2026-03-09T12:00:00Z")
      var batch = Batch(store: store, catalog: catalog, date: nil, shard: nil)
      batch.clock = clock
      let summary = try await batch.run()
      #expect(summary.users == 2)
      #expect(summary.failed.isEmpty)
      let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice", "bob"])
      #expect(loaded.map(\.stateDate) == [day("2026-03-09"), day("2026-03-09")])
      let alice = try await today(store, catalog, "alice", clock: clock)
      let bob = try await today(store, catalog, "bob", clock: clock)
      #expect(alice.json == bob.json)
      #expect(alice.warnings == [])
      #expect(
        try await clock.users(in: store, catalog: catalog)
          == [FutureDaysUser(user: "alice", today: day("2026-03-09"), days: 1, latest: day("2099-01-01"))])
      // Tomorrow (within the slack) is not listed; neither is another catalog's user.
      #expect(try await Self.at("2098-12-31T12:00:00Z").users(in: store, catalog: catalog) == [])
      #expect(try await clock.users(in: store, catalog: loadCatalog("rizq")) == [])
    }
  }

  @Test(arguments: Backend.all)
  func aStateSavedIn2099IsReplacedByTheNextBatchOfToday(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let catalog = try loadCatalog("discipline")
      try await importDays(store, catalog, future: true)
      // What `PUT .../days/2099-01-01` did before such days were refused: a state as of 2099.
      let future = day("2099-01-01")
      _ = try await store.evaluateLocked(catalog: catalog.id, user: "alice") { loaded in
        try UserEvaluation.run(loaded!, catalog: catalog, on: future)
      }
      #expect(try await store.loadUsers(catalog: catalog.id, ids: ["alice"])[0].stateDate == future)
      let clock = Self.at("2026-03-09T12:00:00Z")
      // Read only: today from her days alone, the state left as it is.
      let read = try await today(store, catalog, "alice", clock: clock)
      let bob = try await today(store, catalog, "bob", clock: clock)
      #expect(read.json == bob.json)
      #expect(try await store.loadUsers(catalog: catalog.id, ids: ["alice"])[0].stateDate == future)
      var batch = Batch(store: store, catalog: catalog, date: nil, shard: nil)
      batch.clock = clock
      let summary = try await batch.run()
      #expect(summary.users == 2)
      #expect(summary.userDays == 18, "nine days each: Alice is counted from her days")
      #expect(summary.failed.isEmpty)
      let loaded = try await store.loadUsers(catalog: catalog.id, ids: ["alice"])
      #expect(loaded[0].stateDate == day("2026-03-09"), "the state of 2099 is replaced by today's")
      #expect(loaded[0].days.map(\.date) == [day("2026-03-09"), future], "the state counts no day after today")
      let after = try await today(store, catalog, "alice", clock: clock)
      #expect(after.json == (try await today(store, catalog, "bob", clock: clock).json))
      #expect(after.warnings == [])
      // The next day continues from that state.
      let next = Self.at("2026-03-10T12:00:00Z")
      batch.clock = next
      let tomorrow = try await batch.run()
      #expect(tomorrow.userDays == 2, "one day each")
      #expect(
        try await today(store, catalog, "alice", clock: next).json
          == (try await today(store, catalog, "bob", clock: next).json))
    }
  }
}

/// `withTemporaryFolder` for a test that does not wait.
func withTemporaryFolderSync<R>(_ body: (URL) throws -> R) throws -> R {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-store-tests-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}
