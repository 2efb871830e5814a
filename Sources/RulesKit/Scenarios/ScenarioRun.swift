import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// What `rules test` found: each scenario's outcome, and the problems of files that could
/// not be run (their scenarios count as failed).
@_spi(Tooling) public struct ScenarioRun: Sendable {
  @_spi(Tooling) public var files: [String] = []
  @_spi(Tooling) public var outcomes: [ScenarioRunner.Outcome] = []
  /// Errors in scenario files or in the catalogs they test.
  @_spi(Tooling) public var problems: [Diagnostic] = []
  /// Scenarios in files that could not be run.
  @_spi(Tooling) public var notRun = 0
  @_spi(Tooling) public var sources: [String: SourceFile] = [:]

  @_spi(Tooling) public var passed: Int { outcomes.count { $0.passed } }
  @_spi(Tooling) public var failed: Int { outcomes.count { !$0.passed } + notRun }
  @_spi(Tooling) public var failures: [Diagnostic] { outcomes.flatMap(\.failures) }
}
