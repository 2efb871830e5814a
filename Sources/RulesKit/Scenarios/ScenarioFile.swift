import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// A scenario file: the catalog it tests and its scenarios.
package struct ScenarioFile: Sendable {
  package var path: String
  /// The catalog's path as written, resolved against the scenario file's folder.
  package var catalogPath: String
  package var scenarios: [Scenario]
}
