@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One key of a mapping: its name, the shape of its value, whether it must be there.
package struct KeySchema: Sendable {
  /// The key as written in YAML.
  package var name: String
  /// What the key's value must look like.
  package var shape: Shape
  /// Whether the key must be present.
  package var required: Bool
  /// One sentence on the key, for schemas and messages.
  package var summary: String

  /// A key named `name` whose value has `shape`.
  package init(_ name: String, _ shape: Shape, required: Bool = false, _ summary: String) {
    self.name = name
    self.shape = shape
    self.required = required
    self.summary = summary
  }
}
