/// An enum input's type: its name and values in order.
public struct EnumType: Sendable, Equatable {
  /// The input's name.
  public var name: String
  /// The values, in the order written; a value is stored as its position.
  public var values: [String]

  /// An enum type.
  @_spi(Tooling) public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}
