@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One key of a mapping: its name, the shape of its value, whether it must be there.
@_spi(Tooling) public struct KeySchema: Sendable {
  /// The key as written in YAML.
  @_spi(Tooling) public var name: String
  /// What the key's value must look like.
  @_spi(Tooling) public var shape: Shape
  /// Whether the key must be present.
  @_spi(Tooling) public var required: Bool
  /// One sentence on the key, for schemas and messages.
  @_spi(Tooling) public var summary: String

  /// A key named `name` whose value has `shape`.
  @_spi(Tooling) public init(_ name: String, _ shape: Shape, required: Bool = false, _ summary: String) {
    self.name = name
    self.shape = shape
    self.required = required
    self.summary = summary
  }
}
