@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// An expression as written in a catalog: its text and where it came from. The scalar's
/// style lets a diagnostic find the exact column of a character inside it.
package struct ExpressionSource: Sendable {
  /// The expression's text.
  package var text: String
  /// Where the expression is written.
  package var origin: Origin
  /// How the scalar holding it was written (to map columns inside it).
  package var style: ScalarStyle

  /// An expression's text and place.
  package init(text: String, origin: Origin, style: ScalarStyle = .plain) {
    self.text = text
    self.origin = origin
    self.style = style
  }
}
