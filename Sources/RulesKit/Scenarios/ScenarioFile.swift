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
