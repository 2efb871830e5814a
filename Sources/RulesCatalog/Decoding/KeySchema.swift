/// One key of a mapping: its name, the shape of its value, whether it must be there.
public struct KeySchema: Sendable {
  /// The key as written in YAML.
  public var name: String
  /// What the key's value must look like.
  public var shape: Shape
  /// Whether the key must be present.
  public var required: Bool
  /// One sentence on the key, for schemas and messages.
  public var summary: String

  /// A key named `name` whose value has `shape`.
  public init(_ name: String, _ shape: Shape, required: Bool = false, _ summary: String) {
    self.name = name
    self.shape = shape
    self.required = required
    self.summary = summary
  }
}
