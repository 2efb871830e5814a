import RulesStore

/// Why a JSON text is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}
