/// An expression after type checking: names resolved, types known, int-to-number
/// conversions made explicit, enum literals turned into their positions.
@_spi(Tooling) public struct TypedExpr: Sendable {
  /// What the expression does.
  package indirect enum Kind: Sendable {
    case literal(Value)
    case symbol(Symbol)
    case unary(UnaryOperator, TypedExpr)
    /// Both operands have the same type, except `&&`/`||` (bools) and enum comparisons.
    case binary(BinaryOperator, TypedExpr, TypedExpr)
    case conditional(TypedExpr, TypedExpr, TypedExpr)
    case call(Function, [TypedExpr])
    /// A history aggregate (`total`, `last`), by its position in the catalog's aggregates.
    case aggregate(Int)
    /// An int used where a number is needed.
    case toNumber(TypedExpr)
    /// A bool counted as 1 or 0 (inside `total`, `last` and `count`).
    case toInt(TypedExpr)
  }

  /// What the expression does.
  package var kind: Kind
  /// The expression's type.
  package var type: ValueType
  /// The UTF-8 range of the expression's text.
  package var range: Range<Int>

  /// A typed expression.
  package init(_ kind: Kind, _ type: ValueType, range: Range<Int>) {
    self.kind = kind
    self.type = type
    self.range = range
  }

  /// Every symbol the expression reads (aggregates not entered).
  package func forEachSymbol(_ body: (Symbol) -> Void) {
    forEachLeaf { leaf in
      if case .symbol(let symbol) = leaf.kind { body(symbol) }
    }
  }

  /// Every aggregate the expression reads directly.
  package func forEachAggregate(_ body: (Int) -> Void) {
    forEachLeaf { leaf in
      if case .aggregate(let index) = leaf.kind { body(index) }
    }
  }

  /// Every leaf of the expression (literals, symbols, aggregates; what an aggregate sums is
  /// not entered), left to right: the one walk both visits above share.
  package func forEachLeaf(_ body: (TypedExpr) -> Void) {
    switch kind {
    case .literal, .symbol, .aggregate: body(self)
    case .unary(_, let operand), .toNumber(let operand), .toInt(let operand):
      operand.forEachLeaf(body)
    case .binary(_, let left, let right):
      left.forEachLeaf(body)
      right.forEachLeaf(body)
    case .conditional(let condition, let then, let otherwise):
      condition.forEachLeaf(body)
      then.forEachLeaf(body)
      otherwise.forEachLeaf(body)
    case .call(_, let arguments):
      for argument in arguments { argument.forEachLeaf(body) }
    }
  }
}
