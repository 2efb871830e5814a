import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The Umm al-Qura months, computed with Foundation's `Calendar(identifier: .islamicUmmAlQura)`
/// once per month per process and kept: Foundation takes a fifth of a millisecond for a month,
/// a lookup here a binary search. Thread-safe: every evaluator shares `shared`.
@_spi(CompiledDay) public final class HijriMonths: @unchecked Sendable {
  /// One Hijri month: its first day and the day after its last (day numbers), its year and
  /// its month (1 to 12).
  @_spi(CompiledDay) public struct Month: Sendable, Equatable {
    /// The day number of the month's first day.
    @_spi(CompiledDay) public var start: Int
    /// The day number of the day after the month's last.
    @_spi(CompiledDay) public var end: Int
    /// The Hijri year.
    @_spi(CompiledDay) public var year: Int
    /// The month, 1 (Muharram) to 12 (Dhu al-Hijjah).
    @_spi(CompiledDay) public var month: Int
  }

  /// The months every evaluator reads.
  @_spi(CompiledDay) public static let shared = HijriMonths()

  /// Guards `months`, the process-wide table every evaluator reads and extends (a month
  /// computed once per process).
  private let lock = NSLock()
  /// The months computed so far, in date order, none overlapping.
  private var months: [Month] = []
  private let calendar: Calendar = {
    var calendar = Calendar(identifier: .islamicUmmAlQura)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// The month the day `number` (days since 1970-01-01) falls in.
  @_spi(CompiledDay) public func month(containing number: Int) -> Month {
    lock.lock()
    defer { lock.unlock() }
    let index = months.partitioningIndex { $0.end > number }
    if index < months.count, months[index].start <= number { return months[index] }
    let month = compute(number)
    months.insert(month, at: index)
    return month
  }

  /// The Hijri date of the day `number`: year, month, day of the month and the month's days.
  @_spi(CompiledDay) public func date(ofDay number: Int) -> (year: Int, month: Int, day: Int, monthDays: Int) {
    let month = month(containing: number)
    return (month.year, month.month, number - month.start + 1, month.end - month.start)
  }

  private func compute(_ number: Int) -> Month {
    let date = Date(timeIntervalSince1970: Double(number) * 86_400)
    let parts = calendar.dateComponents([.year, .month], from: date)
    guard let interval = calendar.dateInterval(of: .month, for: date) else {
      return Month(start: number, end: number + 1, year: parts.year ?? 0, month: parts.month ?? 0)
    }
    let start = Int((interval.start.timeIntervalSince1970 / 86_400).rounded())
    let end = Int((interval.end.timeIntervalSince1970 / 86_400).rounded())
    return Month(start: start, end: end, year: parts.year ?? 0, month: parts.month ?? 0)
  }
}

/// An evaluator's view of the calendar built-ins: the Hijri month of the last day asked
/// about is kept, so a run through consecutive days asks `HijriMonths` once a month. Public for
/// generated days (`CompiledDay`), which load the same built-ins as `DayRunner`.
@_spi(CompiledDay) public struct DayCalendar {
  private var month = HijriMonths.Month(start: 0, end: 0, year: 0, month: 0)

  /// A calendar that has looked at no day yet.
  @_spi(CompiledDay) public init() {}

  /// The Hijri date of the day `number`, and its month's days.
  @inline(__always)
  @_spi(CompiledDay) public mutating func hijri(ofDay number: Int) -> (year: Int, month: Int, day: Int, monthDays: Int)
  {
    if number < month.start || number >= month.end { month = HijriMonths.shared.month(containing: number) }
    return (month.year, month.month, number - month.start + 1, month.end - month.start)
  }

  /// How many days of the period of `sum` that holds the day `number` come before it (0 on
  /// the period's first day): what a period sum adds to the day's value (`Window.intBase(newest:)`).
  @inline(__always)
  @_spi(CompiledDay) public mutating func daysBefore(
    _ sum: PeriodSum, ofDay number: Int, weekStart: WeekStart
  ) -> Int {
    switch sum {
    case .week: weekStart.daysSinceStart(ofDay: number)
    case .month: CalendarDay.civil(number).day - 1
    case .hijriMonth: hijri(ofDay: number).day - 1
    }
  }
}
