@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The keys a mapping may have.
@_spi(Tooling) public struct ObjectSchema: Sendable {
  /// What the mapping is, in a message: "badge", "streak"...
  @_spi(Tooling) public var title: String
  /// One sentence on the object, for schemas.
  @_spi(Tooling) public var summary: String
  /// The keys the object may have, in the order they are documented.
  @_spi(Tooling) public var keys: [KeySchema]

  /// An object schema titled `title`.
  @_spi(Tooling) public init(_ title: String, _ summary: String, keys: [KeySchema]) {
    self.title = title
    self.summary = summary
    self.keys = keys
  }

  /// The key named `name`, if the object has one.
  @_spi(Tooling) public func key(_ name: String) -> KeySchema? { keys.first { $0.name == name } }
}
