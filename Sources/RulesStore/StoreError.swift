/// A store error for people: the store, what failed and why.
public struct StoreError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
