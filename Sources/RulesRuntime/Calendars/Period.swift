import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog

/// A period of the user's calendar that a period sum (`week(x)`), a repeating badge or a
/// leaderboard counts over: a day, a week (from the catalog's `week_starts`), a Gregorian month,
/// a Hijri month (Umm al-Qura) or all time. Its id is what events, leaderboards and the API
/// print: `2026-05-09`, `2026-W22`, `2026-05`, `1447-09`, `all`.
package struct Period: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The kinds of period, as catalogs write them.
  package enum Kind: String, Sendable, Hashable, CaseIterable {
    case day, week, month
    case hijriMonth = "hijri_month"
    case all
  }

  /// The kind.
  package let kind: Kind
  /// The period's first day.
  package let start: CalendarDay
  /// The day after the period's last (`all`: the day after the last day the engine handles).
  package let end: CalendarDay
  /// The id: `2026-05-09`, `2026-W22`, `2026-05`, `1447-09`, `all`.
  package let id: String

  package var description: String { id }

  package static func < (a: Period, b: Period) -> Bool { a.start < b.start }

  /// Whether `day` falls in the period.
  package func contains(_ day: CalendarDay) -> Bool { start <= day && day < end }

  /// The period of `kind` that `day` falls in; weeks begin on `weekStart`.
  package static func containing(_ day: CalendarDay, kind: Kind, weekStart: WeekStart = .monday) -> Period {
    switch kind {
    case .day:
      return Period(kind: .day, start: day, end: CalendarDay(number: day.number + 1), id: day.description)
    case .week:
      let start = day.number - weekStart.daysSinceStart(of: day)
      let middle = CalendarDay(number: start + 3)
      let (year, _, _) = middle.civil
      let week = (middle.dayOfYear - 1) / 7 + 1
      return Period(
        kind: .week, start: CalendarDay(number: start), end: CalendarDay(number: start + 7),
        id: "\(pad(year, 4))-W\(pad(week, 2))")
    case .month:
      let (year, month, dayOfMonth) = day.civil
      let start = day.number - dayOfMonth + 1
      let next = month == 12 ? "\(pad(year + 1, 4))-01-01" : "\(pad(year, 4))-\(pad(month + 1, 2))-01"
      let end = (try? CalendarDay(next))?.number ?? CalendarDay.numbers.upperBound + 1
      return Period(
        kind: .month, start: CalendarDay(number: start), end: CalendarDay(number: end),
        id: "\(pad(year, 4))-\(pad(month, 2))")
    case .hijriMonth:
      let month = HijriMonths.shared.month(containing: day.number)
      return Period(
        kind: .hijriMonth, start: CalendarDay(number: month.start), end: CalendarDay(number: month.end),
        id: "\(pad(month.year, 4))-\(pad(month.month, 2))")
    case .all:
      return Period(
        kind: .all, start: CalendarDay(number: CalendarDay.numbers.lowerBound),
        end: CalendarDay(number: CalendarDay.numbers.upperBound + 1), id: "all")
    }
  }

  /// The period of `kind` whose id is `id` (`2026-W22` for a week, `2026-05` for a month,
  /// `1447-09` for a Hijri month, `2026-05-09` for a day, `all`), or nil when no such period is
  /// within the years the engine handles (`2027-W53`: 2027 has 52 weeks).
  package init?(id: String, kind: Kind, weekStart: WeekStart = .monday) {
    let found: Period?
    switch kind {
    case .day:
      found = (try? CalendarDay(id)).map { Self.containing($0, kind: .day) }
    case .week:
      let parts = id.split(separator: "-W", omittingEmptySubsequences: false)
      guard parts.count == 2, let year = Self.number(parts[0], digits: 4), let week = Self.number(parts[1], digits: 2),
        week >= 1, let january = try? CalendarDay("\(Self.pad(year, 4))-01-01")
      else { return nil }
      // Week 1 holds the year's first middle day (the 4th day of a week: Thursday for weeks
      // from Monday, as ISO 8601).
      let firstMiddle = january.number + (3 - weekStart.daysSinceStart(of: january) + 7) % 7
      let middle = CalendarDay(number: firstMiddle + (week - 1) * 7)
      guard middle.civil.year == year, CalendarDay.numbers.contains(middle.number - 3) else { return nil }
      found = Self.containing(middle, kind: .week, weekStart: weekStart)
    case .month:
      found = (try? CalendarDay(id + "-01")).flatMap { id.count == 7 ? Self.containing($0, kind: .month) : nil }
    case .hijriMonth:
      let parts = id.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 2, let year = Self.number(parts[0], digits: 4), let month = Self.number(parts[1], digits: 2),
        (1...12).contains(month)
      else { return nil }
      // 1 Muharram 1 AH is about day -492,148 (622-07-19); a Hijri year about 354.367 days. Start
      // mid-month near the estimate and step a month at a time to the month asked for.
      var guess = -492_148 + Int((Double(year - 1) * 354.367).rounded(.down)) + Int(Double(month - 1) * 29.53) + 15
      var result: Period?
      for _ in 0..<4 {
        guard CalendarDay.numbers.contains(guess) else { break }
        let candidate = Self.containing(CalendarDay(number: guess), kind: .hijriMonth)
        let (y, m) = (
          HijriMonths.shared.month(containing: guess).year, HijriMonths.shared.month(containing: guess).month
        )
        let distance = (year - y) * 12 + (month - m)
        if distance == 0 {
          result = candidate
          break
        }
        guess = distance > 0 ? candidate.end.number + 14 : candidate.start.number - 15
      }
      found = result
    case .all:
      found = id == "all" ? Self.containing(CalendarDay(number: 0), kind: .all) : nil
    }
    guard let found, found.id == id, CalendarDay.numbers.contains(found.start.number),
      CalendarDay.numbers.contains(found.end.number - 1)
    else { return nil }
    self = found
  }

  private init(kind: Kind, start: CalendarDay, end: CalendarDay, id: String) {
    self.kind = kind
    self.start = start
    self.end = end
    self.id = id
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  private static func number(_ text: Substring, digits: Int) -> Int? {
    guard text.count == digits, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }
}

extension WeekStart {
  /// Days from the week's first day to `day` (0 to 6).
  package func daysSinceStart(of day: CalendarDay) -> Int { daysSinceStart(ofDay: day.number) }
}

extension CalendarDay {
  /// The day's Gregorian year, month and day of the month.
  fileprivate var civil: (year: Int, month: Int, day: Int) { Self.civil(number) }
}
