import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Why a state file cannot be used. The file is never changed when this happens.
@_spi(Tooling) public struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  @_spi(Tooling) public var path: String
  /// What is wrong with it.
  @_spi(Tooling) public var message: String

  /// An error about the file at `path`.
  @_spi(Tooling) public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `PATH: error: MESSAGE`.
  @_spi(Tooling) public var description: String { "\(path): error: \(message)" }
}
