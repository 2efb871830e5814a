/// A history aggregate: a sum over the days so far, or over a window of the last days.
@_spi(Tooling) public struct Aggregate: Sendable {
  /// What the aggregate computes.
  package enum Kind: Sendable, Equatable {
    /// `total(x)`: over every day so far.
    case total
    /// `last(n, x)`: over the last `n` days, today included.
    case last(Int)
  }

  /// What the aggregate computes.
  package var kind: Kind
  /// What is summed each day (an int or a number; bools already counted as 0 or 1).
  package var argument: TypedExpr
  /// `.int` or `.number`.
  package var type: ValueType
}
