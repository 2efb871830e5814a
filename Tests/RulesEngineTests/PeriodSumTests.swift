import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing

/// `week(x)`, `month(x)` and `hijri_month(x)` (issue 39): the sum of `x` over the current
/// calendar period, today included, by hand across week, month, year and Hijri month ends, and
/// against a brute-force sum over the records of each day's `Period`.
@Suite("period sums")
struct PeriodSumTests {
  static func catalog(weekStarts: String?) -> String {
    """
    catalog: demo
    \(weekStarts.map { "week_starts: \($0)" } ?? "")
    inputs: {n: {type: int, min: 0, max: 1000}, x: {type: number, min: 0, max: 100}, b: {type: bool}}
    metrics:
      week_n: week(n)
      month_x: month(x)
      hijri_b: hijri_month(b)
      week_b: week(b)
      month_n: month(n)
      hijri_n: hijri_month(n)
    badges:
      - {id: busy-week, name: Busy week, when: week(n) >= 10}
    """
  }

  @Test("a week from Monday by default: a Sunday closes it, the Monday after starts again")
  func weekFromMonday() throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: nil))
    // 2026-05-09 is a Saturday, 05-10 a Sunday, 05-11 a Monday.
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-05-09, n: 3}
        - {date: 2026-05-10, n: 4}
        - {date: 2026-05-11, n: 5}
      """, for: catalog)
    let results = try Fixture.evaluate(catalog, history, on: ["2026-05-09", "2026-05-10", "2026-05-11", "2026-05-12"])
    #expect(results.map { $0.metric("week_n") } == [.int(3), .int(7), .int(5), .int(5)])
  }

  @Test("week_starts: sunday and saturday move the week's first day")
  func weekStarts() throws {
    let days = """
      days:
        - {date: 2026-05-08, n: 1}
        - {date: 2026-05-09, n: 2}
        - {date: 2026-05-10, n: 4}
      """
    // Friday 05-08, Saturday 05-09, Sunday 05-10.
    let sunday = try Fixture.catalog(Self.catalog(weekStarts: "sunday"))
    let saturday = try Fixture.catalog(Self.catalog(weekStarts: "saturday"))
    #expect(
      try Fixture.evaluate(sunday, Fixture.history(days, for: sunday), on: "2026-05-10").metric("week_n") == .int(4))
    #expect(
      try Fixture.evaluate(saturday, Fixture.history(days, for: saturday), on: "2026-05-10").metric("week_n") == .int(6)
    )
    #expect(
      try Fixture.evaluate(saturday, Fixture.history(days, for: saturday), on: "2026-05-08").metric("week_n") == .int(1)
    )
  }

  @Test("a month and a year end: February starts from zero, so does January")
  func monthAndYearEnds() throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: nil))
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-01-30, x: 1.5}
        - {date: 2026-01-31, x: 2.25}
        - {date: 2026-02-01, x: 4}
        - {date: 2026-12-31, x: 8, n: 2}
        - {date: 2027-01-01, x: 16, n: 3}
      """, for: catalog)
    let results = try Fixture.evaluate(
      catalog, history, on: ["2026-01-31", "2026-02-01", "2026-02-28", "2026-12-31", "2027-01-01"])
    #expect(results.map { $0.metric("month_x") } == [.number(3.75), .number(4), .number(4), .number(8), .number(16)])
    // 2026-12-31 is a Thursday and 2027-01-01 a Friday: one ISO week (2026-W53) holds both.
    #expect(results[4].metric("week_n") == .int(5))
  }

  @Test("a Hijri month end: Ramadan 1447 ends on 2026-03-19, Shawwal starts on the 20th")
  func hijriMonthEnd() throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: nil))
    #expect(Period.containing(Fixture.day("2026-03-19"), kind: .hijriMonth).id == "1447-09")
    #expect(Period.containing(Fixture.day("2026-03-20"), kind: .hijriMonth).id == "1447-10")
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-03-18, b: true}
        - {date: 2026-03-19, b: true}
        - {date: 2026-03-20, b: true}
        - {date: 2026-03-21, b: false}
      """, for: catalog)
    let results = try Fixture.evaluate(catalog, history, on: ["2026-03-19", "2026-03-20", "2026-03-21"])
    #expect(results.map { $0.metric("hijri_b") } == [.int(2), .int(1), .int(1)])
  }

  @Test("a badge on a week's sum unlocks on the day the week reaches it, and stays unlocked")
  func badgeOnAWeek() throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: nil))
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-05-04, n: 6}
        - {date: 2026-05-10, n: 3}
        - {date: 2026-05-11, n: 5}
        - {date: 2026-05-12, n: 5}
      """, for: catalog)
    let result = try Fixture.evaluate(catalog, history, on: "2026-05-12")
    #expect(result.badges.unlocked.map(\.id) == ["busy-week"])
    #expect(result.badges.unlocked.first?.date == Fixture.day("2026-05-12"))
  }

  @Test(
    "every day's period sums equal a brute-force sum over that day's period, carrying the state",
    arguments: [("monday", UInt64(1)), ("sunday", 2), ("saturday", 3)])
  func bruteForce(weekStarts: String, seed: UInt64) throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: weekStarts))
    let start = WeekStart(rawValue: weekStarts)!
    var random = SplitMix64(seed: seed)
    // About 14 months from a day in late December, a third of the days without a record.
    let first = Fixture.day("2025-12-20").number
    var lines: [String] = []
    var records: [Int: (n: Int, x: Double, b: Bool)] = [:]
    for number in first..<(first + 430) where random.next() % 3 != 0 {
      let record = (n: Int(random.next() % 20), x: Double(random.next() % 400) / 4, b: random.next() % 2 == 0)
      records[number] = record
      lines.append("  - {date: \(CalendarDay(number: number)), n: \(record.n), x: \(record.x), b: \(record.b)}")
    }
    let history = try Fixture.history("days:\n" + lines.joined(separator: "\n") + "\n", for: catalog)
    let dates = (first..<(first + 430)).filter { $0.isMultiple(of: 3) || random.next() % 4 == 0 }
    let results = try Fixture.evaluate(catalog, history, on: dates.map { CalendarDay(number: $0).description })
    var mismatches: [String] = []
    for (day, result) in zip(dates, results) {
      func sum<T: AdditiveArithmetic>(_ kind: Period.Kind, _ value: ((n: Int, x: Double, b: Bool)) -> T) -> T {
        let period = Period.containing(CalendarDay(number: day), kind: kind, weekStart: start)
        return (period.start.number...day).reduce(T.zero) { total, number in
          records[number].map { total + value($0) } ?? total
        }
      }
      let expected: [String: Value] = [
        "week_n": .int(sum(.week) { $0.n }), "week_b": .int(sum(.week) { $0.b ? 1 : 0 }),
        "month_x": .number(sum(.month) { $0.x }), "month_n": .int(sum(.month) { $0.n }),
        "hijri_b": .int(sum(.hijriMonth) { $0.b ? 1 : 0 }), "hijri_n": .int(sum(.hijriMonth) { $0.n }),
      ]
      for (name, value) in expected where result.metric(name) != value {
        mismatches.append("\(CalendarDay(number: day)) \(name): \(String(describing: result.metric(name))) != \(value)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
  }

  @Test("a period sum's saved state reads back in binary and goes on from where it was")
  func stateRoundTrip() throws {
    let catalog = try Fixture.catalog(Self.catalog(weekStarts: nil))
    let engine = Engine(catalog)
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-05-11, n: 2}
        - {date: 2026-05-12, n: 3}
        - {date: 2026-05-14, n: 4}
      """, for: catalog)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    let first = try engine.check(user: "u", start: nil, on: Fixture.day("2026-05-12"), records: records, state: nil)
    let saved = try UserState(binary: first.state.binary(), for: engine)
    let second = try engine.check(user: "u", start: nil, on: Fixture.day("2026-05-14"), records: records, state: saved)
    #expect(second.evaluation.metric("week_n") == .int(9))
    let fresh = try engine.check(user: "u", start: nil, on: Fixture.day("2026-05-14"), records: records, state: nil)
    #expect(fresh.evaluation.metric("week_n") == .int(9))
  }

  @Test("a period sum over text or an enum is refused with a located message")
  func badArguments() {
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        inputs: {mood: {type: enum, values: [low, high]}}
        metrics:
          m: week(mood)
        """
      ).contains { $0.contains("week adds up numbers or counts the days something holds") })
    #expect(
      Fixture.diagnostics(
        """
        catalog: demo
        week_starts: friday
        inputs: {n: {type: int}}
        """
      ).contains { $0.hasPrefix("2:14: error:") })
  }

  @Test(
    "docs/catalog-format.md's weekly challenge is examples/weekly-challenge/weekly.yaml, and does what the text says")
  func documentedChallenge() throws {
    let docs = try String(
      contentsOf: Fixture.repository.appendingPathComponent("docs/catalog-format.md"), encoding: .utf8)
    let section = try #require(docs.range(of: "## Weeks and months: a weekly challenge"))
    let block = try #require(docs[section.upperBound...].range(of: "```yaml\n"))
    let end = try #require(docs[block.upperBound...].range(of: "```"))
    let file = try String(
      contentsOf: Fixture.repository.appendingPathComponent("examples/weekly-challenge/weekly.yaml"), encoding: .utf8)
    #expect(String(docs[block.upperBound..<end.lowerBound]) == file, "the docs show the example file as it is")
    let catalog = try Fixture.catalog(file)
    // Saturday 2026-05-09 begins a week: the Friday before is last week's.
    let history = try Fixture.history(
      """
      days:
        - {date: 2026-05-08, duas_completed: 15}
        - {date: 2026-05-09, duas_completed: 12}
        - {date: 2026-05-10, duas_completed: 8}
      """, for: catalog)
    let results = try Fixture.evaluate(catalog, history, on: ["2026-05-09", "2026-05-10"])
    #expect(results.map { $0.metric("duas_this_week") } == [.int(12), .int(20)])
    #expect(results[0].message?.text == "8 duas to go for this week's challenge")
    #expect(results[1].message?.text == "This week's challenge is done")
    #expect(results[1].badges.unlocked.map(\.id) == ["first-challenge", "weekly-challenge"])
    #expect(results[1].metric("days_this_month") == .int(3))
  }
}
