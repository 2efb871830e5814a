import Foundation
import RulesEngine
import RulesSource

/// What the check of one date must show: each item is one value to compare, with the place
/// it was written so a failure points at it.
public struct Expectation: Sendable {
  public var date: CalendarDay
  public var checks: [Check]

  public struct Check: Sendable {
    public var what: Subject
    public var mark: Mark
  }

  public enum Subject: Sendable {
    case streak(name: String, field: StreakField, value: Int)
    case metric(name: String, value: ScalarValue)
    case unlocked(id: String, date: CalendarDay?)
    case new([String])
    case locked(id: String)
    case reached([String])
    case milestoneToday(String?)
    case milestoneNext(String?)
    case daysUntil(Int)
    case quote(String?)
    case message(String?)
    case messageText(String)
  }
}
