import Foundation
import HTTPTypes
import HummingbirdTesting
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore
import RulesTestSupport
import StoreTestSupport
import Testing

/// Leaderboards that reset (issue 39, item 3) in the store, on both stores: users in time zones
/// from UTC−12 to UTC+14 log days by PUTs at instants across week, month and Hijri month ends
/// (each user's local date picks the period) and a batch evaluates them all; each board of each
/// period equals a brute-force ranking of what the users' days sum to as of their last
/// evaluation in it (top and windows around users); `leaderboard.closed` is told once per period
/// that has ended everywhere, with its top 10, even when two stores close at once; and
/// `GET .../leaderboards/{id}?period=` answers current and past periods and refuses bad ones.
@Suite(.serialized) struct PeriodLeaderboardTests {
  static let yaml = """
    catalog: league
    week_starts: monday
    inputs:
      duas: {type: int, min: 0, max: 100}
    metrics:
      month_duas: month(duas)
    leaderboards:
      - {id: weekly, value: week(duas), period: week}
      - {id: monthly, value: month_duas, period: month}
      - {id: hijri, value: hijri_month(duas), period: hijri_month}
      - {id: daily, value: duas, period: day}
      - {id: lifetime, value: total(duas), period: all}
    """
  static let zones = [
    "Etc/GMT+12", "Pacific/Pago_Pago", "America/New_York", "UTC", "Asia/Riyadh", "Pacific/Kiritimati",
  ]
  static let users = (0..<30).map { ["u", "U", "Zed", "abe", "é"][$0 % 5] + String($0) }
  static let kinds: [String: Period.Kind] = [
    "weekly": .week, "monthly": .month, "hijri": .hijriMonth, "daily": .day, "lifetime": .all,
  ]
  /// 2026-03-14 00:00 UTC: the instants run 7 hours apart over the Hijri month's end
  /// (2026-03-19), weeks' ends and the month's (03-31).
  static let first = Date(timeIntervalSince1970: 1_773_446_400)

  /// What the users logged and when each was evaluated, to rank by hand.
  struct Model {
    var records: [String: [CalendarDay: Int]] = [:]
    /// Per board (`LEADERBOARD@PERIOD`), each user's last evaluation date in it.
    var evaluated: [String: [String: CalendarDay]] = [:]

    mutating func evaluate(_ user: String, on date: CalendarDay) {
      for (id, kind) in PeriodLeaderboardTests.kinds {
        let period = Period.containing(date, kind: kind)
        let board = Standings.board(id, period.id)
        evaluated[board, default: [:]][user] = max(evaluated[board]?[user] ?? date, date)
      }
    }

    /// A user's value on `board` by brute force: their days of the period (all time for
    /// `lifetime`) up to their last evaluation in it.
    func value(_ board: String, _ user: String) -> Double? {
      guard let date = evaluated[board]?[user] else { return nil }
      let id = String(board.prefix { $0 != "@" })
      let period = Period.containing(date, kind: PeriodLeaderboardTests.kinds[id]!)
      let days = (records[user] ?? [:]).filter { period.contains($0.key) && $0.key <= date }
      return Double(id == "daily" ? (days[date] ?? 0) : days.values.reduce(0, +))
    }

    func ranking(_ board: String) -> [(rank: Int, user: String, value: Double)] {
      let rows = (evaluated[board] ?? [:]).keys.map { ($0, value(board, $0)!) }
      let sorted = rows.sorted {
        $0.1 != $1.1 ? $0.1 > $1.1 : Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8))
      }
      return sorted.map { user, value in (rows.count { $0.1 > value } + 1, user, value) }
    }
  }

  static func catalog(in folder: URL) throws -> StoreCatalog {
    let path = folder.appendingPathComponent("league.yaml")
    try yaml.write(to: path, atomically: true, encoding: .utf8)
    return try loadCatalog(path: path.path)
  }

  /// Each user's PUTs at the instants (about 4 in 10), then a batch at the last instant.
  static func fill(_ store: any StoreBackend, _ catalog: StoreCatalog) async throws -> Model {
    var model = Model()
    var random = SplitMix64(seed: 39)
    var instant = first
    for _ in 0..<80 {
      for (index, user) in users.enumerated() where Int.random(in: 0..<10, using: &random) < 4 {
        let zone = zones[index % zones.count]
        let today = CalendarDay(instant, in: TimeZone(identifier: zone)!)
        let duas = Int.random(in: 0..<20, using: &random)
        let text = #"{"duas":\#(duas)}"#
        let now = instant
        try await store.evaluateLocked(
          catalog: catalog.id, user: user, put: StoredDay(date: today, record: text, encoded: catalog.encoded(text)),
          info: ImportUser(user: user, timeZone: zone)
        ) { loaded in
          let loaded = try #require(loaded)
          let (saved, _) = try UserEvaluation.run(loaded, catalog: catalog, on: today, clock: FutureDays { now })
          return (saved, ())
        }
        model.records[user, default: [:]][today] = duas
        model.evaluate(user, on: today)
      }
      instant += 7 * 3600
    }
    var batch = Batch(store: store, catalog: catalog, date: nil, shard: nil)
    let last = instant
    batch.clock = FutureDays { last }
    let summary = try await batch.run()
    #expect(summary.failed.isEmpty)
    for (index, user) in users.enumerated() where model.records[user] != nil {
      model.evaluate(user, on: CalendarDay(last, in: TimeZone(identifier: zones[index % zones.count])!))
    }
    return model
  }

  static func rows(_ board: Leaderboard?) -> [String] {
    (board?.entries ?? []).map { "\($0.rank) \($0.user) \($0.value)" }
  }

  @Test("each period's board equals a brute-force ranking, top and around users", arguments: Backend.all)
  func ranking(_ backend: Backend) async throws {
    try await withStore(backend) { store, folder in
      let catalog = try Self.catalog(in: folder)
      let model = try await Self.fill(store, catalog)
      var random = SplitMix64(seed: 3)
      #expect(model.evaluated.keys.count > 30)
      #expect(model.evaluated.keys.contains("hijri@1447-09") && model.evaluated.keys.contains("hijri@1447-10"))
      for board in model.evaluated.keys.sorted() {
        let ranking = model.ranking(board)
        let expected = ranking.map { "\($0.rank) \($0.user) \($0.value)" }
        let top = try await store.leaderboard(catalog: catalog.id, name: board, limit: 100, around: nil, in: .period)
        #expect(Self.rows(top) == expected, "\(board)")
        for position in Set([
          0, ranking.count / 2, ranking.count - 1, Int.random(in: 0..<ranking.count, using: &random),
        ]) {
          for limit in [1, 4, 7] {
            let read = try await store.leaderboard(
              catalog: catalog.id, name: board, limit: limit, around: ranking[position].user, in: .period)
            let after = ranking.count - 1 - position
            let before = min(position, max((limit - 1) / 2, limit - 1 - after))
            let window = ranking[(position - before)...(position + min(after, limit - 1 - before))]
            #expect(
              Self.rows(read) == window.map { "\($0.rank) \($0.user) \($0.value)" },
              "\(board) around \(ranking[position].user), limit \(limit)")
          }
        }
      }
      // A user deleted leaves every board, with the counts that rank the others.
      _ = try await store.deleteUser(catalog: catalog.id, user: Self.users[0])
      var without = model
      for board in without.evaluated.keys { without.evaluated[board]?[Self.users[0]] = nil }
      let board = "lifetime@all"
      let read = try await store.leaderboard(
        catalog: catalog.id, name: board, limit: 5, around: without.ranking(board).last?.user, in: .period)
      #expect(Self.rows(read) == without.ranking(board).suffix(5).map { "\($0.rank) \($0.user) \($0.value)" })
    }
  }

  @Test("leaderboard.closed is told once per period ended everywhere, with its top 10", arguments: Backend.all)
  func closings(_ backend: Backend) async throws {
    try await withStore(backend) { store, folder in
      let catalog = try Self.catalog(in: folder)
      let model = try await Self.fill(store, catalog)
      // The batch closed what had ended everywhere by its clock (2026-04-06 08:00 UTC): the
      // periods whose last day is before 04-05 (04-05 itself has not ended at UTC−12 with a day
      // that starts at noon). What remains closes later, once, even when two stores race.
      let batchClock = Self.first + 80 * 7 * 3600
      #expect(LeaderboardClosings.cutoff(at: batchClock).description == "2026-04-05")
      func ended(before cutoff: String) -> [String] {
        model.evaluated.keys.filter { board in
          let id = String(board.prefix { $0 != "@" })
          guard id != "lifetime", let date = model.evaluated[board]?.values.first else { return false }
          return Period.containing(date, kind: Self.kinds[id]!).end.number - 1 < day(cutoff).number
        }.sorted()
      }
      let byBatch = ended(before: "2026-04-05")
      #expect(byBatch.contains("hijri@1447-09") && byBatch.contains("monthly@2026-03"))
      #expect(!byBatch.contains("weekly@2026-W14") && byBatch.contains("weekly@2026-W13"))
      let told = try await store.events(EventQuery(limit: 1000, catalog: catalog.id, kind: "leaderboard.closed"))
      #expect(told.count == byBatch.count)
      let later = Date(timeIntervalSince1970: 1_777_593_600)  // 2026-05-01
      var closings: [[String]] = []
      if backend == .postgres {
        // Two servers on one database.
        let other = try await StoreAddress.open(store.description)
        async let first = store.closeLeaderboards(catalog, at: later)
        async let second = other.closeLeaderboards(catalog, at: later)
        closings = [try await first, try await second]
        try await other.close()
      } else {
        closings = [try await store.closeLeaderboards(catalog, at: later)]
      }
      closings.append(try await store.closeLeaderboards(catalog, at: later + 86_400))
      let expected = ended(before: "2026-05-01")
      #expect(closings.joined().sorted() == expected.filter { !byBatch.contains($0) })
      #expect(expected.contains("monthly@2026-04") && expected.contains("hijri@1447-10"))
      let events = try await store.events(EventQuery(limit: 1000, catalog: catalog.id, kind: "leaderboard.closed"))
      func period(_ event: StoredEvent) -> String {
        let data = try? JSONSerialization.jsonObject(with: Data(event.data.utf8)) as? [String: Any]
        return data?["period"] as? String ?? ""
      }
      #expect(events.map { "\($0.subject)@\(period($0))" }.sorted() == expected)
      for event in events {
        let board = "\(event.subject)@\(period(event))"
        let top = model.ranking(board).prefix(10).map { entry in
          #"{"rank":\#(entry.rank),"user":\#(JSONValue.string(entry.user).serialized(indent: nil)),"value":\#(Int(entry.value))}"#
        }
        let closed = try #require(Period(id: period(event), kind: Self.kinds[event.subject]!))
        #expect(
          event.data
            == #"{"leaderboard":"\#(event.subject)","period":"\#(closed.id)","start":"\#(closed.start)","end":"\#(event.date)","top":[\#(top.joined(separator: ","))]}"#
        )
        #expect(event.date == CalendarDay(number: closed.end.number - 1).description && event.user.isEmpty)
      }
    }
  }
}
