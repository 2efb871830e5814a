/// A YAML node that remembers where it was written.
///
/// The reader produces a tree of these; the engine decodes catalogs and histories from it.
/// Aliases are already expanded (they share storage with their anchor's node), so a consumer
/// never sees an anchor or an alias.
public struct Node: Sendable {
  public enum Content: Sendable {
    case scalar(String)
    case sequence([Node])
    case mapping([Pair])
  }

  public var content: Content
  /// Where the node starts: the first character of a plain scalar, the opening quote of a
  /// quoted one, the indicator of a block scalar, the `[`/`{` or first entry of a collection.
  public var mark: Mark
  /// How a scalar was written; `.plain` for collections.
  public var style: ScalarStyle
  /// The scalar's type under the YAML 1.2 core schema (explicit tag or resolved), or the
  /// collection's kind.
  public var tag: CoreTag

  public init(content: Content, mark: Mark, style: ScalarStyle = .plain, tag: CoreTag) {
    self.content = content
    self.mark = mark
    self.style = style
    self.tag = tag
  }

  /// A plain string scalar, for building trees in code (tests, JSON import).
  public static func string(_ text: String, at mark: Mark = .start) -> Node {
    Node(content: .scalar(text), mark: mark, style: .doubleQuoted, tag: .str)
  }
}

extension Node {
  /// The text of a scalar, or nil for a collection.
  public var text: String? {
    if case .scalar(let text) = content { return text }
    return nil
  }

  /// The pairs of a mapping, or nil.
  public var pairs: [Pair]? {
    if case .mapping(let pairs) = content { return pairs }
    return nil
  }

  /// The items of a sequence, or nil.
  public var items: [Node]? {
    if case .sequence(let items) = content { return items }
    return nil
  }

  /// The value of the first pair whose key is the string `key`.
  public subscript(key: String) -> Node? {
    guard case .mapping(let pairs) = content else { return nil }
    return pairs.first { $0.key.text == key }?.value
  }

  /// The resolved value of a scalar under the core schema, or nil for a collection.
  public var scalar: ScalarValue? {
    guard case .scalar(let text) = content else { return nil }
    return ScalarValue(text: text, tag: tag)
  }

  /// What a user calls this kind of node in a message: "a string", "an integer", "a list"...
  public var kindDescription: String {
    switch tag {
    case .null: "null"
    case .bool: "a boolean"
    case .int: "an integer"
    case .float: "a number"
    case .str: "a string"
    case .seq: "a list"
    case .map: "a mapping"
    }
  }
}
