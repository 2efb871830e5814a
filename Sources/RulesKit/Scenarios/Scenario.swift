import Foundation
import RulesEngine
import RulesSource

/// A history and what the app's daily checks must show on some of its dates.
public struct Scenario: Sendable {
  public var name: String
  public var origin: Origin
  public var history: History
  /// The first day the app checks; the days before are counted at that check.
  public var firstCheck: CalendarDay
  /// The only days the app checks, in date order; nil: every day from `firstCheck`.
  public var checkDays: [CalendarDay]? = nil
  /// The language the checks' texts are in (`locale:`); nil: the catalog's default.
  public var locale: String? = nil
  public var expectations: [Expectation]
}

extension DiagnosticID {
  /// A scenario's expectation that the catalog does not meet.
  public static let expectationFailed: DiagnosticID = "expectation-failed"
  /// A scenario that names something its catalog does not have, or a date it cannot check.
  public static let badScenario: DiagnosticID = "bad-scenario"
}
