@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A message with its conditions and templates typed.
@_spi(Tooling) public struct ValidatedMessage: Sendable {
  /// The message as written.
  @_spi(Tooling) public let message: Message
  /// Its condition, typed; nil for always.
  @_spi(Tooling) public let when: TypedExpr?
  /// Its title, typed.
  @_spi(Tooling) public let title: TypedTemplate?
  /// Its wordings, each with its condition, typed.
  @_spi(Tooling) public let variants: [(when: TypedExpr?, text: TypedTemplate)]
  /// Its action, typed.
  @_spi(Tooling) public let action: TypedTemplate?
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
