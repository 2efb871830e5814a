import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The calendar a user lives by, which decides the day of the year of the quote rotation
/// (`rotation: day-of-year`), as an app's `Calendar.current` does. Named by the identifiers of
/// CLDR and Apple's `Calendar.Identifier` (`Calendar.current.identifier` on Apple platforms
/// gives them): `gregorian` (the default), `islamic-umalqura`, `persian`... Dates in histories
/// stay Gregorian (`YYYY-MM-DD`) whatever the calendar.
public struct UserCalendar: Sendable, Hashable, CustomStringConvertible {
  /// The calendar's name, e.g. `islamic-umalqura`.
  public let name: String
  /// Foundation's identifier of the calendar.
  public let identifier: Calendar.Identifier

  /// The Gregorian calendar: the default.
  public static let gregorian = UserCalendar(name: "gregorian", identifier: .gregorian)

  /// Every calendar a history or an API call may name, by name.
  public static let all: [UserCalendar] = [
    .gregorian,
    UserCalendar(name: "islamic-umalqura", identifier: .islamicUmmAlQura),
    UserCalendar(name: "islamic", identifier: .islamic),
    UserCalendar(name: "islamic-civil", identifier: .islamicCivil),
    UserCalendar(name: "islamic-tbla", identifier: .islamicTabular),
    UserCalendar(name: "persian", identifier: .persian),
    UserCalendar(name: "hebrew", identifier: .hebrew),
    UserCalendar(name: "indian", identifier: .indian),
    UserCalendar(name: "buddhist", identifier: .buddhist),
    UserCalendar(name: "japanese", identifier: .japanese),
    UserCalendar(name: "republic-of-china", identifier: .republicOfChina),
    UserCalendar(name: "chinese", identifier: .chinese),
    UserCalendar(name: "coptic", identifier: .coptic),
    UserCalendar(name: "ethiopic", identifier: .ethiopicAmeteMihret),
    UserCalendar(name: "ethiopic-amete-alem", identifier: .ethiopicAmeteAlem),
    UserCalendar(name: "iso8601", identifier: .iso8601),
  ]

  private init(name: String, identifier: Calendar.Identifier) {
    self.name = name
    self.identifier = identifier
  }

  /// The calendar named `name`. Throws an `EngineError` (`bad-value`) naming the calendars
  /// there are when there is none of that name.
  public init(named name: String) throws(EngineError) {
    guard let found = Self.all.first(where: { $0.name == name }) else {
      throw EngineError(.badValue, Self.unknownMessage(name))
    }
    self = found
  }

  /// The calendar of Foundation's `identifier` (an app passes `Calendar.current.identifier`),
  /// or nil for one the engine does not name.
  public init?(_ identifier: Calendar.Identifier) {
    guard let found = Self.all.first(where: { $0.identifier == identifier }) else { return nil }
    self = found
  }

  /// What is said of a calendar name that is none: "did you mean", then every name.
  package static func unknownMessage(_ name: String) -> String {
    let names = all.map(\.name)
    let hint = Suggestion.closest(to: name, in: names).map { " (did you mean '\($0)'?)" } ?? ""
    return "'\(name)' is not a calendar\(hint); use one of \(names.joined(separator: ", "))"
  }

  /// The day of the year of `day` in this calendar, 1 for the year's first day.
  public func dayOfYear(_ day: CalendarDay) -> Int {
    if identifier == .gregorian { return day.dayOfYear }
    var calendar = Calendar(identifier: identifier)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.ordinality(of: .day, in: .year, for: day.date) ?? 1
  }

  /// The calendar's name.
  public var description: String { name }
}
