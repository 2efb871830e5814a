@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A message with its conditions and templates typed.
package struct ValidatedMessage: Sendable {
  /// The message as written.
  package let message: Message
  /// Its condition, typed; nil for always.
  package let when: TypedExpr?
  /// Its title, typed.
  package let title: TypedTemplate?
  /// Its wordings, each with its condition, typed.
  package let variants: [(when: TypedExpr?, text: TypedTemplate)]
  /// Its action, typed.
  package let action: TypedTemplate?
  /// A value of each stored property.
  package init(
    message: Message, when: TypedExpr?, title: TypedTemplate?, variants: [(when: TypedExpr?, text: TypedTemplate)],
    action: TypedTemplate?
  ) {
    self.message = message
    self.when = when
    self.title = title
    self.variants = variants
    self.action = action
  }
}
