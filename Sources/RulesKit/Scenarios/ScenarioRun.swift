import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// What `rules test` found: each scenario's outcome, and the problems of files that could
/// not be run (their scenarios count as failed).
public struct ScenarioRun: Sendable {
  public var files: [String] = []
  public var outcomes: [ScenarioRunner.Outcome] = []
  /// Errors in scenario files or in the catalogs they test.
  public var problems: [Diagnostic] = []
  /// Scenarios in files that could not be run.
  public var notRun = 0
  public var sources: [String: SourceFile] = [:]

  public var passed: Int { outcomes.count { $0.passed } }
  public var failed: Int { outcomes.count { !$0.passed } + notRun }
  public var failures: [Diagnostic] { outcomes.flatMap(\.failures) }
}
