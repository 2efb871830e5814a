@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's days after a date, with their time zone (`StoreBackend.daysAfter`).
public struct UserDates: Sendable, Equatable {
  public var user: String
  public var timeZone: String?
  public var timeZoneChanges: [TimeZoneChange]
  /// In date order.
  public var dates: [CalendarDay]

  public init(user: String, timeZone: String?, timeZoneChanges: [TimeZoneChange], dates: [CalendarDay]) {
    self.user = user
    self.timeZone = timeZone
    self.timeZoneChanges = timeZoneChanges
    self.dates = dates
  }
}
