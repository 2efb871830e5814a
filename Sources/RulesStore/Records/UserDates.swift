@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's days after a date, with their time zone (`StoreBackend.daysAfter`).
package struct UserDates: Sendable, Equatable {
  package var user: String
  package var timeZone: String?
  package var timeZoneChanges: [TimeZoneChange]
  /// In date order.
  package var dates: [CalendarDay]

  package init(user: String, timeZone: String?, timeZoneChanges: [TimeZoneChange], dates: [CalendarDay]) {
    self.user = user
    self.timeZone = timeZone
    self.timeZoneChanges = timeZoneChanges
    self.dates = dates
  }
}
