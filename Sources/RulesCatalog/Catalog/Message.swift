@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A candidate message of the day; the first whose `when` holds is shown.
@_spi(Tooling) public struct Message: Sendable {
  /// The message's id.
  @_spi(Tooling) public var id: String
  /// Where the message is defined.
  @_spi(Tooling) public var origin: Origin
  /// Nil: the message always applies.
  @_spi(Tooling) public var when: ExpressionSource?
  /// The title template.
  @_spi(Tooling) public var title: ExpressionSource?
  /// The wordings of the text; the first whose `when` holds is used (a plain `text` is one
  /// unconditional wording).
  @_spi(Tooling) public var text: [TextVariant]
  /// The action (button label) template.
  @_spi(Tooling) public var action: ExpressionSource?
  /// Tags, for listings.
  @_spi(Tooling) public var tags: [String]
  /// Display fields (icon, color...), passed through to apps.
  @_spi(Tooling) public var display: Display

  /// A message.
  @_spi(Tooling) public init(
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
