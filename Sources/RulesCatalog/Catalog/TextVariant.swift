@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One wording of a message's text. The text is a template (see `Template`), kept as an
/// `ExpressionSource` for its place in the file.
@_spi(Tooling) public struct TextVariant: Sendable {
  /// When this wording applies; nil for always.
  @_spi(Tooling) public var when: ExpressionSource?
  /// The wording's template.
  @_spi(Tooling) public var text: ExpressionSource

  /// A wording.
  @_spi(Tooling) public init(when: ExpressionSource? = nil, text: ExpressionSource) {
    self.when = when
    self.text = text
  }
}
