@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A candidate message of the day; the first whose `when` holds is shown.
package struct Message: Sendable {
  /// The message's id.
  package var id: String
  /// Where the message is defined.
  package var origin: Origin
  /// Nil: the message always applies.
  package var when: ExpressionSource?
  /// The title template.
  package var title: ExpressionSource?
  /// The wordings of the text; the first whose `when` holds is used (a plain `text` is one
  /// unconditional wording).
  package var text: [TextVariant]
  /// The action (button label) template.
  package var action: ExpressionSource?
  /// Tags, for listings.
  package var tags: [String]
  /// Display fields (icon, color...), passed through to apps.
  package var display: Display

  /// A message.
  package init(
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
