import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// A scenario file: the catalog it tests and its scenarios.
@_spi(Tooling) public struct ScenarioFile: Sendable {
  @_spi(Tooling) public var path: String
  /// The catalog's path as written, resolved against the scenario file's folder.
  @_spi(Tooling) public var catalogPath: String
  @_spi(Tooling) public var scenarios: [Scenario]
}
