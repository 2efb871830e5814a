/// The keys a mapping may have.
public struct ObjectSchema: Sendable {
  /// What the mapping is, in a message: "badge", "streak"...
  public var title: String
  /// One sentence on the object, for schemas.
  public var summary: String
  /// The keys the object may have, in the order they are documented.
  public var keys: [KeySchema]

  /// An object schema titled `title`.
  public init(_ title: String, _ summary: String, keys: [KeySchema]) {
    self.title = title
    self.summary = summary
    self.keys = keys
  }

  /// The key named `name`, if the object has one.
  public func key(_ name: String) -> KeySchema? { keys.first { $0.name == name } }
}
