@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// A share of the users, written `K/N`: those whose stable hash is K modulo N.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
  public var index: Int
  public var count: Int

  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0,
      index < count
    else { return nil }
    self.index = index
    self.count = count
  }

  public func contains(_ user: String) -> Bool {
    count == 1 || UserID.hash(user) % UInt64(count) == UInt64(index)
  }

  public var description: String { "\(index)/\(count)" }
}
