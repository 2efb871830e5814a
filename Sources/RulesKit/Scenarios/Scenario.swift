import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// A history and what the app's daily checks must show on some of its dates.
@_spi(Tooling) public struct Scenario: Sendable {
  @_spi(Tooling) public var name: String
  @_spi(Tooling) public var origin: Origin
  @_spi(Tooling) public var history: History
  /// The first day the app checks; the days before are counted at that check.
  @_spi(Tooling) public var firstCheck: CalendarDay
  /// The only days the app checks, in date order; nil: every day from `firstCheck`.
  @_spi(Tooling) public var checkDays: [CalendarDay]? = nil
  /// The language the checks' texts are in (`locale:`); nil: the catalog's default.
  @_spi(Tooling) public var locale: String? = nil
  @_spi(Tooling) public var expectations: [Expectation]
}

extension DiagnosticID {
  /// A scenario's expectation that the catalog does not meet.
  @_spi(Tooling) public static let expectationFailed: DiagnosticID = "expectation-failed"
  /// A scenario that names something its catalog does not have, or a date it cannot check.
  @_spi(Tooling) public static let badScenario: DiagnosticID = "bad-scenario"
}
