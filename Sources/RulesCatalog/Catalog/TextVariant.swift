@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One wording of a message's text. The text is a template (see `Template`), kept as an
/// `ExpressionSource` for its place in the file.
package struct TextVariant: Sendable {
  /// When this wording applies; nil for always.
  package var when: ExpressionSource?
  /// The wording's template.
  package var text: ExpressionSource

  /// A wording.
  package init(when: ExpressionSource? = nil, text: ExpressionSource) {
    self.when = when
    self.text = text
  }
}
