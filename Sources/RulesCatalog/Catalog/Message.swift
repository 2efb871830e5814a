/// A candidate message of the day; the first whose `when` holds is shown.
public struct Message: Sendable {
  /// The message's id.
  public var id: String
  /// Where the message is defined.
  public var origin: Origin
  /// Nil: the message always applies.
  public var when: ExpressionSource?
  /// The title template.
  public var title: ExpressionSource?
  /// The wordings of the text; the first whose `when` holds is used (a plain `text` is one
  /// unconditional wording).
  public var text: [TextVariant]
  /// The action (button label) template.
  public var action: ExpressionSource?
  /// Tags, for listings.
  public var tags: [String]
  /// Display fields (icon, color...), passed through to apps.
  public var display: Display

  /// A message.
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
