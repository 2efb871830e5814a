import Foundation
import RulesEngine
import RulesSource

/// A scenario file: the catalog it tests and its scenarios.
public struct ScenarioFile: Sendable {
  public var path: String
  /// The catalog's path as written, resolved against the scenario file's folder.
  public var catalogPath: String
  public var scenarios: [Scenario]
}

/// A history and what the app's daily checks must show on some of its dates.
public struct Scenario: Sendable {
  public var name: String
  public var origin: Origin
  public var history: History
  /// The first day the app checks; the days before are counted at that check.
  public var firstCheck: CalendarDay
  public var expectations: [Expectation]
}

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

extension DiagnosticID {
  /// A scenario's expectation that the catalog does not meet.
  public static let expectationFailed: DiagnosticID = "expectation-failed"
  /// A scenario that names something its catalog does not have, or a date it cannot check.
  public static let badScenario: DiagnosticID = "bad-scenario"
}
