import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A calendar day (no time, no zone), counted as days since 1970-01-01 in the Gregorian
/// calendar. Parsing and printing are date arithmetic (the same days as Foundation's Gregorian
/// `Calendar` for every day of `years`); the engine itself only adds and compares day numbers.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public var number: Int

  /// The day `number` days after 1970-01-01.
  public init(number: Int) {
    self.number = number
  }

  /// Gregorian, in UTC: a calendar day is the same everywhere once it is a day.
  static let calendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// The years the engine handles. Evaluating walks every day from a history's first day, so a
  /// day in year 0001 or 9999 (a typo or a hostile file) would keep an evaluation busy for minutes.
  public static let years = 1900...2199

  /// Parses `YYYY-MM-DD`. Throws an `EngineError` (`bad-date`) when the text is malformed, when
  /// the day does not exist (`2026-02-30`) or when it is outside `years`.
  public init(_ text: String) throws(EngineError) {
    guard let number = Self.parse(text) else {
      throw EngineError(.badDate, Self.problem(with: text) ?? "'\(text)' is not a date")
    }
    self.number = number
  }

  /// The day number of `YYYY-MM-DD`, or nil. Proleptic Gregorian arithmetic (H. Hinnant's
  /// days_from_civil), which is Foundation's Gregorian calendar for every day of `years`,
  /// without its cost: a store reads and writes millions of dates.
  private static func parse(_ text: String) -> Int? {
    var text = text
    return text.withUTF8 { bytes -> Int? in
      guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return nil }
      func digits(_ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
          let byte = bytes[index]
          guard byte >= 48, byte <= 57 else { return nil }
          value = value * 10 + Int(byte - 48)
        }
        return value
      }
      guard let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
        years.contains(year), (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
      else { return nil }
      let y = month <= 2 ? year - 1 : year
      let era = (y >= 0 ? y : y - 399) / 400
      let yoe = y - era * 400
      let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
      return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// The first and last day numbers of `years` (1900-01-01 and 2199-12-31).
  static let numbers = -25_567...84_005

  /// Why `text` is not a day, for messages; nil when it is one.
  package static func problem(with text: String) -> String? {
    let bytes = Array(text.utf8)
    let shaped =
      bytes.count == 10 && bytes[4] == 45 && bytes[7] == 45
      && bytes.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }
    guard shaped else { return "'\(text)' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31" }
    if let year = Int(text.prefix(4)), !years.contains(year) {
      return "\(text) is outside the years the engine handles (\(years.lowerBound) to \(years.upperBound))"
    }
    guard parse(text) != nil else { return "\(text) is not a day of the calendar" }
    return nil
  }

  /// The day a moment falls on in `zone` (the user's "today" is `CalendarDay(Date(), in: zone)`).
  public init(_ date: Date, in zone: TimeZone) {
    let timeZone = zone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    let utc = Self.calendar.date(from: parts) ?? date
    self.number = Int((utc.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Today in `timeZone`.
  public static func today(in timeZone: TimeZone) -> CalendarDay {
    CalendarDay(Date(), in: timeZone)
  }

  /// The user's day at a moment in `zone` when their day starts at `dayStart` (a catalog's
  /// `day_starts_at`): the day before the date while the clock there is before the start. The
  /// clock is read in the zone at that moment, so a day start follows DST as the date does.
  package init(_ date: Date, in zone: TimeZone, dayStartsAt dayStart: DayStart) {
    self.init(date, in: zone)
    guard dayStart.minutes > 0 else { return }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let time = calendar.dateComponents([.hour, .minute], from: date)
    if (time.hour ?? 0) * 60 + (time.minute ?? 0) < dayStart.minutes { number -= 1 }
  }

  var date: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }

  /// The day of the year, 1 for January 1st.
  public var dayOfYear: Int {
    Self.calendar.ordinality(of: .day, in: .year, for: date) ?? 1
  }

  /// The Gregorian year, month and day of the month of the day `number`: H. Hinnant's
  /// civil_from_days, Foundation's Gregorian calendar for every day of `years`.
  @inlinable @_spi(CompiledDay) public static func civil(_ number: Int) -> (year: Int, month: Int, day: Int) {
    let z = number + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    guard Self.numbers.contains(number) else { return foundationDescription }
    let (year, month, day) = Self.civil(number)
    return String(unsafeUninitializedCapacity: 10) { buffer in
      func put(_ value: Int, _ at: Int, _ width: Int) {
        var value = value
        for index in stride(from: at + width - 1, through: at, by: -1) {
          buffer[index] = UInt8(48 + value % 10)
          value /= 10
        }
      }
      put(year, 0, 4)
      buffer[4] = 45
      put(month, 5, 2)
      buffer[7] = 45
      put(day, 8, 2)
      return 10
    }
  }

  /// `YYYY-MM-DD` through Foundation's calendar (days outside `years`).
  var foundationDescription: String {
    let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
    let year = parts.year ?? 1970
    let month = parts.month ?? 1
    let day = parts.day ?? 1
    return String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// Whether `lhs` comes before `rhs`.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.number < rhs.number }

  /// The day `rhs` days after `lhs` (before, for a negative `rhs`).
  public static func + (lhs: CalendarDay, rhs: Int) -> CalendarDay {
    CalendarDay(number: lhs.number + rhs)
  }

  /// The days from `rhs` to `lhs`.
  public static func - (lhs: CalendarDay, rhs: CalendarDay) -> Int { lhs.number - rhs.number }
}
