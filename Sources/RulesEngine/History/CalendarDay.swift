import Foundation

/// A calendar day (no time, no zone), counted as days since 1970-01-01 in the Gregorian
/// calendar. Conversions go through Foundation's `Calendar`; the engine itself only adds
/// and compares day numbers.
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

  /// The day number of `YYYY-MM-DD`, or nil.
  private static func parse(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45,
      let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)),
      let day = Int(text.suffix(2)),
      bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (48...57).contains($0.element) }),
      Self.years.contains(year)
    else { return nil }
    let components = DateComponents(year: year, month: month, day: day)
    guard components.isValidDate(in: Self.calendar),
      let date = Self.calendar.date(from: components)
    else { return nil }
    return Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Why `text` is not a day, for messages; nil when it is one.
  public static func problem(with text: String) -> String? {
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

  var date: Date { Date(timeIntervalSince1970: Double(number) * 86_400) }

  /// The day of the year, 1 for January 1st.
  public var dayOfYear: Int {
    Self.calendar.ordinality(of: .day, in: .year, for: date) ?? 1
  }

  /// `YYYY-MM-DD`.
  public var description: String {
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
