@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// A share of the users, written `K/N`: those whose stable hash is K modulo N.
package struct Shard: Sendable, Equatable, CustomStringConvertible {
  package var index: Int
  package var count: Int

  package init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 0,
      index < count
    else { return nil }
    self.index = index
    self.count = count
  }

  package func contains(_ user: String) -> Bool {
    count == 1 || UserID.hash(user) % UInt64(count) == UInt64(index)
  }

  package var description: String { "\(index)/\(count)" }
}
