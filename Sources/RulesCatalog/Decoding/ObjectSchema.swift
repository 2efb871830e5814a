@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The keys a mapping may have.
@_spi(Tooling) public struct ObjectSchema: Sendable {
  /// What the mapping is, in a message: "badge", "streak"...
  package var title: String
  /// One sentence on the object, for schemas.
  package var summary: String
  /// The keys the object may have, in the order they are documented.
  package var keys: [KeySchema]
  /// Keys of which at least one must be there (a badge's `when` or `requires`), beside the
  /// required ones; the decoder says so (a shape cannot), the JSON Schema too.
  package var oneOfRequired: [String] = []

  /// An object schema titled `title`.
  package init(_ title: String, _ summary: String, keys: [KeySchema], oneOfRequired: [String] = []) {
    self.title = title
    self.summary = summary
    self.keys = keys
    self.oneOfRequired = oneOfRequired
  }

  /// The key named `name`, if the object has one.
  package func key(_ name: String) -> KeySchema? { keys.first { $0.name == name } }
}
