/// An expression as parsed, before names and types are known.
@_spi(Tooling) public struct Expr: Sendable {
  /// What the expression is.
  package indirect enum Kind: Sendable {
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    /// A plain name: an input, a metric, a built-in.
    case name(String)
    /// `base.field`, e.g. `training.current` or `badges.xp`.
    case member(base: String, field: String)
    case unary(UnaryOperator, Expr)
    case binary(BinaryOperator, Expr, Expr)
    case conditional(Expr, Expr, Expr)
    case call(String, [Expr])
  }

  /// What the expression is.
  package var kind: Kind
  /// The UTF-8 range of the expression's text.
  @_spi(Tooling) public var range: Range<Int>
  /// Where a problem with this node is shown: an operator, a function's name, a name.
  package var anchor: Int

  /// An expression covering `range`, its problems shown at `anchor` (default: its start).
  package init(_ kind: Kind, range: Range<Int>, anchor: Int? = nil) {
    self.kind = kind
    self.range = range
    self.anchor = anchor ?? range.lowerBound
  }
}
