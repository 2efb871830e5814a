import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// A history and what the app's daily checks must show on some of its dates.
package struct Scenario: Sendable {
  package var name: String
  package var origin: Origin
  package var history: History
  /// The first day the app checks; the days before are counted at that check.
  package var firstCheck: CalendarDay
  /// The only days the app checks, in date order; nil: every day from `firstCheck`.
  package var checkDays: [CalendarDay]? = nil
  /// The language the checks' texts are in (`locale:`); nil: the catalog's default.
  package var locale: String? = nil
  package var expectations: [Expectation]
}

extension DiagnosticID {
  /// A scenario's expectation that the catalog does not meet.
  package static let expectationFailed: DiagnosticID = "expectation-failed"
  /// A scenario that names something its catalog does not have, or a date it cannot check.
  package static let badScenario: DiagnosticID = "bad-scenario"
}
