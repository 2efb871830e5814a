import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// A day that starts later (`day_starts_at`, issue 39): the Swift API's today from an instant,
/// and every bad value refused where it is written.
@Suite("a day that starts later")
struct DayStartTests {
  static func engine(_ dayStartsAt: String?) throws -> Engine {
    Engine(
      try Fixture.catalog(
        """
        catalog: demo
        \(dayStartsAt.map { "day_starts_at: \($0)" } ?? "")
        inputs: {n: {type: int}}
        """))
  }

  static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

  @Test("at 01:30 with day_starts_at 04:00 it is still yesterday; at 04:00 it is today")
  func yesterdayUntilTheStart() throws {
    let engine = try Self.engine("\"04:00\"")
    let riyadh = TimeZone(identifier: "Asia/Riyadh")!
    #expect(engine.today(at: Self.instant("2026-03-09T22:30:00Z"), in: riyadh) == Fixture.day("2026-03-09"))
    #expect(engine.today(at: Self.instant("2026-03-10T00:59:00Z"), in: riyadh) == Fixture.day("2026-03-09"))
    #expect(engine.today(at: Self.instant("2026-03-10T01:00:00Z"), in: riyadh) == Fixture.day("2026-03-10"))
    // Without day_starts_at the day changes at midnight.
    #expect(
      try Self.engine(nil).today(at: Self.instant("2026-03-09T22:30:00Z"), in: riyadh) == Fixture.day("2026-03-10"))
  }

  @Test("written with or without quotes, 04:00 is the same start")
  func quotes() throws {
    let utc = TimeZone(identifier: "UTC")!
    let at = Self.instant("2026-03-10T03:59:00Z")
    #expect(try Self.engine("04:00").today(at: at, in: utc) == Fixture.day("2026-03-09"))
    #expect(try Self.engine("'04:00'").today(at: at, in: utc) == Fixture.day("2026-03-09"))
  }

  @Test("the start is read on the local clock, so it follows DST as midnight does")
  func daylightSaving() throws {
    let engine = try Self.engine("\"02:30\"")
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    // 2026-03-29: clocks go from 02:00 to 03:00 in Berlin (01:00Z). 00:59Z is 01:59 CET: still
    // the 28th; 01:00Z is 03:00 CEST: past 02:30, the 29th.
    #expect(engine.today(at: Self.instant("2026-03-29T00:59:00Z"), in: berlin) == Fixture.day("2026-03-28"))
    #expect(engine.today(at: Self.instant("2026-03-29T01:00:00Z"), in: berlin) == Fixture.day("2026-03-29"))
    // In summer time 02:29 local is 00:29Z.
    #expect(engine.today(at: Self.instant("2026-07-01T00:29:00Z"), in: berlin) == Fixture.day("2026-06-30"))
    #expect(engine.today(at: Self.instant("2026-07-01T00:30:00Z"), in: berlin) == Fixture.day("2026-07-01"))
  }

  @Test(
    "a bad day_starts_at is refused where it is written",
    arguments: [
      ("4", "2:16: error: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM"),
      (
        "\"25:00\"",
        "2:16: error: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '25:00'"
      ),
      (
        "\"13:00\"",
        "2:16: error: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '13:00'"
      ),
      (
        "\"4:00\"",
        "2:16: error: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '4:00'"
      ),
    ])
  func badValues(_ value: String, _ message: String) {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      day_starts_at: \(value)
      inputs: {n: {type: int}}
      """)
    #expect(diagnostics.contains { $0.hasPrefix(message) }, "\(diagnostics)")
  }

  @Test("a user's own day start decides today in place of the catalog's, earlier or later")
  func usersOwnStart() throws {
    let riyadh = TimeZone(identifier: "Asia/Riyadh")!
    let at0130 = Self.instant("2026-03-09T22:30:00Z")  // 01:30 on the 10th in Riyadh
    let late = try Self.engine("\"04:00\"")
    let midnight = try Self.engine(nil)
    // The user's 01:00 ends their 9th before the catalog's 04:00 would.
    #expect(late.today(at: at0130, in: riyadh, dayStartsAt: DayStart("01:00")) == Fixture.day("2026-03-10"))
    #expect(late.today(at: at0130, in: riyadh, dayStartsAt: .midnight) == Fixture.day("2026-03-10"))
    #expect(late.today(at: at0130, in: riyadh, dayStartsAt: nil) == Fixture.day("2026-03-09"))
    // A night owl's 02:00 on a catalog whose day starts at midnight.
    #expect(midnight.today(at: at0130, in: riyadh, dayStartsAt: DayStart("02:00")) == Fixture.day("2026-03-09"))
    #expect(midnight.today(at: at0130, in: riyadh) == Fixture.day("2026-03-10"))
  }

  @Test("a history's day_starts_at is read, and a bad one refused at its line")
  func historyKey() throws {
    let catalog = try Fixture.catalog("catalog: demo\ninputs: {n: {type: int}}")
    let history = try Fixture.history(
      """
      day_starts_at: "03:30"
      days:
        - {date: 2026-03-01, n: 1}
      """, for: catalog)
    #expect(history.dayStartsAt == DayStart("03:30"))
    #expect(try Fixture.history("days: []", for: catalog).dayStartsAt == nil)
    #expect(
      Fixture.historyDiagnostics("day_starts_at: \"13:00\"\ndays: []", for: catalog) == [
        "1:16: 'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '13:00'"
      ])
  }

  @Test("day_starts_at survives the catalog's export")
  func export() throws {
    let engine = try Self.engine("\"03:15\"")
    let exported = try Engine(exportedCatalog: Data(CatalogExport.json(engine.catalog).serialized().utf8))
    #expect(
      exported.today(at: Self.instant("2026-03-10T03:14:00Z"), in: TimeZone(identifier: "UTC")!)
        == Fixture.day("2026-03-09"))
  }
}
