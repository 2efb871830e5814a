/// A key and its value in a mapping, in the order written.
public struct Pair: Sendable {
  public var key: Node
  public var value: Node

  public init(key: Node, value: Node) {
    self.key = key
    self.value = value
  }
}
