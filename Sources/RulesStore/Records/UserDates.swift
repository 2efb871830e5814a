@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's days after a date, with their time zone (`StoreBackend.daysAfter`).
package struct UserDates: Sendable, Equatable {
  package var user: String
  package var timeZone: String?
  package var timeZoneChanges: [TimeZoneChange]
  /// The user's own day start (nil: the catalog's).
  package var dayStartsAt: DayStart?
  /// In date order.
  package var dates: [CalendarDay]

  package init(
    user: String, timeZone: String?, timeZoneChanges: [TimeZoneChange], dayStartsAt: DayStart? = nil,
    dates: [CalendarDay]
  ) {
    self.user = user
    self.timeZone = timeZone
    self.timeZoneChanges = timeZoneChanges
    self.dayStartsAt = dayStartsAt
    self.dates = dates
  }
}
