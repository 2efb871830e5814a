import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Why a state file cannot be used. The file is never changed when this happens.
package struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  package var path: String
  /// What is wrong with it.
  package var message: String

  /// An error about the file at `path`.
  package init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `PATH: error: MESSAGE`.
  package var description: String { "\(path): error: \(message)" }
}
