/// A history aggregate: a sum over the days so far, over a window of the last days, or over the
/// current calendar period.
@_spi(Tooling) public struct Aggregate: Sendable {
  /// What the aggregate computes.
  package enum Kind: Sendable, Equatable {
    /// `total(x)`: over every day so far.
    case total
    /// `last(n, x)`: over the last `n` days, today included.
    case last(Int)
    /// `week(x)`, `month(x)`, `hijri_month(x)`: over the current period, today included.
    case period(PeriodSum)

    /// How many of the last days' values the engine keeps (nil: a running sum).
    package var window: Int? {
      switch self {
      case .total: nil
      case .last(let days): days
      case .period(let period): period.longest
      }
    }
  }

  /// What the aggregate computes.
  package var kind: Kind
  /// What is summed each day (an int or a number; bools already counted as 0 or 1).
  package var argument: TypedExpr
  /// `.int` or `.number`.
  package var type: ValueType
}
