/// A name an expression can refer to, resolved.
public enum Symbol: Sendable, Hashable {
  /// An input, by its position in the catalog's inputs.
  case input(Int)
  /// Whether the day has a record in the history.
  case logged
  /// Days since the history's start (0 on the start day).
  case day
  /// A field of a streak, by the streak's position.
  case streak(Int, StreakField)
  /// A metric, by its position.
  case metric(Int)
  /// The number of badges unlocked.
  case badgesCount
  /// The sum of the `xp` of the badges unlocked.
  case badgesXP
}

/// What an expression can read of a streak.
public enum StreakField: String, Sendable, Hashable, CaseIterable {
  case current, best, freezes
}

/// An expression after type checking: names resolved, types known, int-to-number
/// conversions made explicit, enum literals turned into their positions.
public struct TypedExpr: Sendable {
  public indirect enum Kind: Sendable {
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

  public var kind: Kind
  public var type: ValueType
  public var range: Range<Int>

  public init(_ kind: Kind, _ type: ValueType, range: Range<Int>) {
    self.kind = kind
    self.type = type
    self.range = range
  }

  /// Every symbol the expression reads (aggregates not entered).
  public func forEachSymbol(_ body: (Symbol) -> Void) {
    switch kind {
    case .literal, .aggregate: break
    case .symbol(let symbol): body(symbol)
    case .unary(_, let operand), .toNumber(let operand), .toInt(let operand):
      operand.forEachSymbol(body)
    case .binary(_, let left, let right):
      left.forEachSymbol(body)
      right.forEachSymbol(body)
    case .conditional(let condition, let then, let otherwise):
      condition.forEachSymbol(body)
      then.forEachSymbol(body)
      otherwise.forEachSymbol(body)
    case .call(_, let arguments):
      for argument in arguments { argument.forEachSymbol(body) }
    }
  }

  /// Every aggregate the expression reads directly.
  public func forEachAggregate(_ body: (Int) -> Void) {
    switch kind {
    case .literal, .symbol: break
    case .aggregate(let index): body(index)
    case .unary(_, let operand), .toNumber(let operand), .toInt(let operand):
      operand.forEachAggregate(body)
    case .binary(_, let left, let right):
      left.forEachAggregate(body)
      right.forEachAggregate(body)
    case .conditional(let condition, let then, let otherwise):
      condition.forEachAggregate(body)
      then.forEachAggregate(body)
      otherwise.forEachAggregate(body)
    case .call(_, let arguments):
      for argument in arguments { argument.forEachAggregate(body) }
    }
  }
}

/// A history aggregate: a sum over the days so far, or over a window of the last days.
public struct Aggregate: Sendable {
  public enum Kind: Sendable, Equatable {
    /// `total(x)`: over every day so far.
    case total
    /// `last(n, x)`: over the last `n` days, today included.
    case last(Int)
  }

  public var kind: Kind
  /// What is summed each day (an int or a number; bools already counted as 0 or 1).
  public var argument: TypedExpr
  /// `.int` or `.number`.
  public var type: ValueType
}
