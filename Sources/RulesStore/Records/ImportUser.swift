import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user's start, time zone, time zone changes, calendar and day start, as `PUT .../users/{user}`,
/// import lines and history files give them (nil: leave as stored by an import; `PUT` clears
/// what it leaves out).
package struct ImportUser: Sendable, Equatable {
  package var user: String
  package var start: CalendarDay?
  package var timeZone: String?
  /// The moments the user's zone changed, in time order (an empty list clears them).
  package var timeZoneChanges: [TimeZoneChange]?
  /// The calendar's name (`UserCalendar.name`, e.g. `islamic-umalqura`).
  package var calendar: String?
  /// When the user's own day changes (`DayStart`; nil: the catalog's).
  package var dayStartsAt: DayStart?
  /// The user's pauses (a history file's `pauses`, an import line's; nil: leave as stored; an
  /// empty list clears them).
  package var pauses: [Pause]?

  /// Whether a detail given changes what the user's counted days hold (not the day start or
  /// the calendar, which only pick today and the quote): a change counts them again.
  var changesCounting: Bool { start != nil || timeZoneChanges != nil || timeZone != nil || pauses != nil }

  package init(
    user: String, start: CalendarDay? = nil, timeZone: String? = nil, timeZoneChanges: [TimeZoneChange]? = nil,
    calendar: String? = nil, dayStartsAt: DayStart? = nil, pauses: [Pause]? = nil
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.timeZoneChanges = timeZoneChanges
    self.calendar = calendar
    self.dayStartsAt = dayStartsAt
    self.pauses = pauses
  }

  /// `users.timezone_changes` as the store keeps it (nil: none).
  var timeZoneChangesText: String? { timeZoneChanges.flatMap(ZoneHistory.text) }
}
