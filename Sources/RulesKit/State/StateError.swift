import Foundation
import RulesEngine

/// Why a state file cannot be used. The file is never changed when this happens.
public struct StateError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// What is wrong with it.
  public var message: String

  /// An error about the file at `path`.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `PATH: error: MESSAGE`.
  public var description: String { "\(path): error: \(message)" }
}
