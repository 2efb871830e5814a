import Foundation
@_spi(CompiledDay) import RulesCatalog
import Testing

@testable import RulesRuntime

/// Periods against Foundation's calendars, day by day: weeks as `Calendar` numbers them with
/// the catalog's first weekday and 4 days in the first week (ISO 8601's rule for Mondays),
/// Gregorian months, and Umm al-Qura months.
@Suite struct PeriodTests {
  static let days = (try! CalendarDay("1999-12-01")).number...(try! CalendarDay("2031-01-31")).number

  static func pad(_ value: Int, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
  }

  static func weekID(_ day: CalendarDay, firstWeekday: Int) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    calendar.firstWeekday = firstWeekday
    calendar.minimumDaysInFirstWeek = 4
    let date = Date(timeIntervalSince1970: Double(day.number) * 86_400)
    let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
    return "\(pad(parts.yearForWeekOfYear!, 4))-W\(pad(parts.weekOfYear!, 2))"
  }

  @Test(arguments: [(WeekStart.monday, 2), (.sunday, 1), (.saturday, 7)])
  func weeksAsFoundationNumbersThem(start: WeekStart, firstWeekday: Int) throws {
    for number in Self.days {
      let day = CalendarDay(number: number)
      let week = Period.containing(day, kind: .week, weekStart: start)
      #expect(week.id == Self.weekID(day, firstWeekday: firstWeekday), "\(day)")
      #expect(week.contains(day) && week.end.number - week.start.number == 7)
      #expect(start.daysSinceStart(ofDay: week.start.number) == 0)
      #expect(Period(id: week.id, kind: .week, weekStart: start) == week)
    }
  }

  @Test func isoWeeks() throws {
    var iso = Calendar(identifier: .iso8601)
    iso.timeZone = TimeZone(identifier: "UTC")!
    for number in Self.days where number % 3 == 0 {
      let date = Date(timeIntervalSince1970: Double(number) * 86_400)
      let parts = iso.dateComponents([.yearForWeekOfYear, .weekOfYear], from: date)
      let expected = "\(Self.pad(parts.yearForWeekOfYear!, 4))-W\(Self.pad(parts.weekOfYear!, 2))"
      #expect(Period.containing(CalendarDay(number: number), kind: .week).id == expected)
    }
  }

  @Test func monthsAndDays() throws {
    for number in Self.days {
      let day = CalendarDay(number: number)
      let month = Period.containing(day, kind: .month)
      #expect(month.id == String(day.description.prefix(7)))
      #expect(month.start.description == month.id + "-01")
      #expect(month.contains(day) && !month.contains(month.end))
      #expect(CalendarDay(number: month.end.number - 1).description.prefix(7) == month.id.prefix(7))
      #expect(Period(id: month.id, kind: .month) == month)
      #expect(Period.containing(day, kind: .day).id == day.description)
    }
  }

  @Test func hijriMonthsAsFoundationCountsThem() throws {
    var calendar = Calendar(identifier: .islamicUmmAlQura)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    for number in Self.days {
      let day = CalendarDay(number: number)
      let parts = calendar.dateComponents(
        [.year, .month], from: Date(timeIntervalSince1970: Double(number) * 86_400))
      let month = Period.containing(day, kind: .hijriMonth)
      #expect(month.id == "\(Self.pad(parts.year!, 4))-\(Self.pad(parts.month!, 2))", "\(day)")
      #expect(month.contains(day))
      #expect((29...30).contains(month.end.number - month.start.number))
      if number == month.start.number {
        #expect(Period(id: month.id, kind: .hijriMonth) == month)
      }
    }
  }

  /// Known days: Ramadan 1447 began on 2026-02-18 (Umm al-Qura); 2026 has 53 ISO weeks, 2027 52;
  /// a week from Sunday numbers 2026-01-04 (a Sunday) week 1.
  @Test func knownPeriods() throws {
    #expect(Period(id: "1447-09", kind: .hijriMonth)?.start.description == "2026-02-18")
    #expect(Period(id: "2026-W53", kind: .week)?.start.description == "2026-12-28")
    #expect(Period(id: "2027-W53", kind: .week) == nil)
    #expect(Period(id: "2026-W01", kind: .week, weekStart: .sunday)?.start.description == "2026-01-04")
    #expect(Period(id: "2026-W22", kind: .week)?.start.description == "2026-05-25")
    #expect(Period.containing(try CalendarDay("2026-01-01"), kind: .week).id == "2026-W01")
    #expect(Period.containing(try CalendarDay("2027-01-01"), kind: .week).id == "2026-W53")
    #expect(Period(id: "all", kind: .all)?.contains(try CalendarDay("2026-05-09")) == true)
  }

  @Test(arguments: [
    ("2026-W00", Period.Kind.week), ("2026-W54", .week), ("2026-W5", .week), ("2026W22", .week),
    ("2026-w22", .week), ("1899-W52", .week), ("2026-13", .month), ("2026-5", .month), ("2026-05-01", .month),
    ("26-05", .month), ("1447-13", .hijriMonth), ("1447-00", .hijriMonth), ("1447-9", .hijriMonth),
    ("2026-02-30", .day), ("everything", .all), ("", .week), ("", .month), ("2026-05", .week),
  ])
  func badIDs(id: String, kind: Period.Kind) {
    #expect(Period(id: id, kind: kind) == nil)
  }
}
