/// An estimate with its confidence interval.
public struct Interval: Sendable, Hashable, Codable {
  /// The point estimate.
  public let estimate: Double
  /// The interval's lower bound.
  public let lower: Double
  /// The interval's upper bound.
  public let upper: Double

  /// An estimate and its bounds.
  public init(estimate: Double, lower: Double, upper: Double) {
    self.estimate = estimate
    self.lower = lower
    self.upper = upper
  }

  /// Whether the interval holds zero (for a difference: no difference is shown).
  public var includesZero: Bool { lower <= 0 && upper >= 0 }
}
