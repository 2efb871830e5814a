@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// An expression as written in a catalog: its text and where it came from. The scalar's
/// style lets a diagnostic find the exact column of a character inside it.
@_spi(Tooling) public struct ExpressionSource: Sendable {
  /// The expression's text.
  @_spi(Tooling) public var text: String
  /// Where the expression is written.
  @_spi(Tooling) public var origin: Origin
  /// How the scalar holding it was written (to map columns inside it).
  @_spi(Tooling) public var style: ScalarStyle

  /// An expression's text and place.
  @_spi(Tooling) public init(text: String, origin: Origin, style: ScalarStyle = .plain) {
    self.text = text
    self.origin = origin
    self.style = style
  }
}
