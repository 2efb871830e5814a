import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// What `rules test` found: each scenario's outcome, and the problems of files that could
/// not be run (their scenarios count as failed).
package struct ScenarioRun: Sendable {
  package var files: [String] = []
  package var outcomes: [ScenarioRunner.Outcome] = []
  /// Errors in scenario files or in the catalogs they test.
  package var problems: [Diagnostic] = []
  /// Scenarios in files that could not be run.
  package var notRun = 0
  package var sources: [String: SourceFile] = [:]

  package var passed: Int { outcomes.count { $0.passed } }
  package var failed: Int { outcomes.count { !$0.passed } + notRun }
  package var failures: [Diagnostic] { outcomes.flatMap(\.failures) }
}
