import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// What the check of one date must show: each item is one value to compare, with the place
/// it was written so a failure points at it.
package struct Expectation: Sendable {
  package var date: CalendarDay
  package var checks: [Check]

  package struct Check: Sendable {
    package var what: Subject
    package var mark: Mark
  }

  package enum Subject: Sendable {
    case streak(name: String, field: StreakField, value: Int)
    /// A streak's `start` or `last_protected` (nil: null).
    case streakDate(name: String, field: String, value: CalendarDay?)
    /// Exactly the days a freeze covered since the last check (`new_protected`).
    case streakDates(name: String, value: [CalendarDay])
    /// A periodic streak's current period: its id (`period`, nil for none).
    case streakPeriod(name: String, value: String?)
    /// A periodic streak's `period_count` or `goal` (nil for a streak that is not periodic).
    case streakPeriodNumber(name: String, field: String, value: Int?)
    case metric(name: String, value: ScalarValue)
    case unlocked(id: String, date: CalendarDay?)
    case new([String])
    case locked(id: String)
    case reached([String])
    case milestoneToday(String?)
    case milestoneNext(String?)
    case daysUntil(Int)
    /// The milestones reached since the last check, in day order (exactly these).
    case milestonesNew([String])
    /// The next milestone's date.
    case nextDate(CalendarDay)
    /// The locked badge closest to unlocking (`badges.next`), or nil.
    case nextBadge(String?)
    /// Exactly the locked badges that wait for the next check.
    case waiting([String])
    /// Exactly the prerequisites of a locked badge still locked (`badges.locked[].requires`).
    case requires(id: String, locked: [String])
    /// A display field of the message of the day (nil: null).
    case messageField(key: String, value: String?)
    /// A display field of a badge, in `unlocked` or `locked` (nil: null).
    case badgeField(id: String, key: String, value: ScalarValue)
    /// A metric's progress towards its next value: `current` or `target`.
    case metricProgress(name: String, field: String, value: ScalarValue)
    /// A declared leaderboard's value and period (`leaderboards`; nil: not asked).
    case leaderboard(id: String, period: String?, value: ScalarValue?)
    case quote(String?)
    case message(String?)
    case messageText(String)
  }
}
