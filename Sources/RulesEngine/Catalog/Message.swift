/// A candidate message of the day; the first whose `when` holds is shown.
public struct Message: Sendable {
  public var id: String
  public var origin: Origin
  /// Nil: the message always applies.
  public var when: ExpressionSource?
  public var title: ExpressionSource?
  /// The wordings of the text; the first whose `when` holds is used (a plain `text` is one
  /// unconditional wording).
  public var text: [TextVariant]
  public var action: ExpressionSource?
  public var tags: [String]
  public var display: Display

  public init(
    id: String, origin: Origin, when: ExpressionSource? = nil, title: ExpressionSource? = nil,
    text: [TextVariant], action: ExpressionSource? = nil, tags: [String] = [],
    display: Display = Display()
  ) {
    self.id = id
    self.origin = origin
    self.when = when
    self.title = title
    self.text = text
    self.action = action
    self.tags = tags
    self.display = display
  }
}

/// One wording of a message's text. The text is a template (see `Template`), kept as an
/// `ExpressionSource` for its place in the file.
public struct TextVariant: Sendable {
  public var when: ExpressionSource?
  public var text: ExpressionSource

  public init(when: ExpressionSource? = nil, text: ExpressionSource) {
    self.when = when
    self.text = text
  }
}
