/// A built-in value of the day being evaluated that comes from the calendar: the ISO weekday
/// and the Hijri (Umm al-Qura) date. Each enters the day as an input does.
@_spi(CompiledDay) public enum CalendarField: String, Sendable, Hashable, CaseIterable {
  /// `weekday`: 1 for Monday to 7 for Sunday (ISO 8601); Jumu'ah is 5.
  case weekday
  /// `hijri.year`: the year of the Hijri date in the Umm al-Qura calendar, e.g. 1447.
  case hijriYear
  /// `hijri.month`: 1 (Muharram) to 12 (Dhu al-Hijjah); Ramadan is 9.
  case hijriMonth
  /// `hijri.day`: the day of the Hijri month, 1 to 30.
  case hijriDay
  /// `hijri.month_days`: how many days the Hijri month has, 29 or 30 (its last day is
  /// `hijri.day == hijri.month_days`: "every day of Ramadan" unlocks on Ramadan's last day).
  case hijriMonthDays

  /// The name an expression writes.
  @_spi(CompiledDay) public var name: String {
    switch self {
    case .weekday: "weekday"
    case .hijriYear: "hijri.year"
    case .hijriMonth: "hijri.month"
    case .hijriDay: "hijri.day"
    case .hijriMonthDays: "hijri.month_days"
    }
  }

  /// The fields of `hijri`, as an expression writes them after `hijri.`.
  static let hijriFields: [String: CalendarField] = [
    "year": .hijriYear, "month": .hijriMonth, "day": .hijriDay, "month_days": .hijriMonthDays,
  ]

  /// What the value means, for `rules list` and the docs.
  @_spi(CompiledDay) public var summary: String {
    switch self {
    case .weekday: "the day's weekday, 1 (Monday) to 7 (Sunday); Jumu'ah is 5"
    case .hijriYear: "the day's Hijri year (Umm al-Qura), e.g. 1447"
    case .hijriMonth: "the day's Hijri month (Umm al-Qura), 1 (Muharram) to 12 (Dhu al-Hijjah); Ramadan is 9"
    case .hijriDay: "the day's day of the Hijri month (Umm al-Qura), 1 to 30"
    case .hijriMonthDays: "the number of days of the day's Hijri month (Umm al-Qura), 29 or 30"
    }
  }

  /// The ISO weekday of a day number (days since 1970-01-01, a Thursday).
  @inline(__always)
  @_spi(CompiledDay) public static func weekday(ofDay number: Int) -> Int {
    ((number + 3) % 7 + 7) % 7 + 1
  }
}
