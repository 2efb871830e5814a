/// One wording of a message's text. The text is a template (see `Template`), kept as an
/// `ExpressionSource` for its place in the file.
public struct TextVariant: Sendable {
  /// When this wording applies; nil for always.
  public var when: ExpressionSource?
  /// The wording's template.
  public var text: ExpressionSource

  /// A wording.
  public init(when: ExpressionSource? = nil, text: ExpressionSource) {
    self.when = when
    self.text = text
  }
}
