import RulesSource

/// An expression as written in a catalog: its text and where it came from. The scalar's
/// style lets a diagnostic find the exact column of a character inside it.
public struct ExpressionSource: Sendable {
  /// The expression's text.
  public var text: String
  /// Where the expression is written.
  public var origin: Origin
  /// How the scalar holding it was written (to map columns inside it).
  public var style: ScalarStyle

  /// An expression's text and place.
  public init(text: String, origin: Origin, style: ScalarStyle = .plain) {
    self.text = text
    self.origin = origin
    self.style = style
  }
}
