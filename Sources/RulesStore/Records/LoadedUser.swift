import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// A user as an evaluation needs them: who they are, their saved state and the days it has
/// not counted (every day when there is no state, or when the state must be rebuilt).
package struct LoadedUser: Sendable {
  package var user: String
  package var start: CalendarDay?
  package var timeZone: String?
  /// The moments the user's zone changed, in time order.
  package var timeZoneChanges: [TimeZoneChange] = []
  /// The user's calendar (Gregorian when none is stored).
  package var calendar: UserCalendar = .gregorian
  /// When the user's own day changes (`PUT .../users/{user}`'s `day_starts_at`); nil: the
  /// catalog's.
  package var dayStartsAt: DayStart?
  /// The user's pauses, in date order (`users.pauses`).
  package var pauses: [Pause] = []
  /// The freezes support granted and the days it restored (`users.support`).
  package var support = UserSupport()
  /// Bumped by every change of the user's days; a save holds it (optimistic check).
  package var revision: Int64
  /// A record changed for a day the state has counted: count every day again.
  package var rebuild: Bool
  /// The saved state: its binary form (`UserState.binary()`), or the JSON a version-1 store
  /// saved (read as JSON; the next save writes it in binary).
  package var state: Data?
  package var stateDate: CalendarDay?
  package var days: [StoredDay]
  /// Whether `days` holds every stored day of the user.
  package var allDays: Bool

  package init(
    user: String, start: CalendarDay?, timeZone: String?, revision: Int64, rebuild: Bool, state: Data?,
    stateDate: CalendarDay?, days: [StoredDay], allDays: Bool
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.revision = revision
    self.rebuild = rebuild
    self.state = state
    self.stateDate = stateDate
    self.days = days
    self.allDays = allDays
  }

  package var zone: TimeZone? { timeZone.flatMap(TimeZone.init(identifier:)) }
}
