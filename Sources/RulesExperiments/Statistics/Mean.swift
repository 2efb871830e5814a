/// A mean over users (active days a week, a current streak) with its confidence interval.
public struct Mean: Sendable, Hashable, Codable {
  /// Users counted.
  public let users: Int
  /// The sample variance (n - 1 in the denominator; 0 for fewer than two users).
  public let variance: Double
  /// The mean with its Student's t interval (nil for no user; the bounds equal the mean for one).
  public let interval: Interval?
  /// The confidence the intervals are at.
  public let confidence: Double

  /// The mean of `values` at `confidence` (0.95 for 95%).
  public init(_ values: [Double], confidence: Double = 0.95) {
    self.confidence = confidence
    users = values.count
    guard !values.isEmpty else {
      variance = 0
      interval = nil
      return
    }
    let n = Double(values.count)
    let mean = values.reduce(0, +) / n
    variance = values.count < 2 ? 0 : values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)
    guard values.count >= 2 else {
      interval = Interval(estimate: mean, lower: mean, upper: mean)
      return
    }
    let half = Distributions.studentQuantile(0.5 + confidence / 2, degrees: n - 1) * (variance / n).squareRoot()
    interval = Interval(estimate: mean, lower: mean - half, upper: mean + half)
  }

  /// The difference `self - other` of two independent means with Welch's interval (the
  /// Welch-Satterthwaite degrees of freedom). Nil when either mean has fewer than two users.
  public func difference(from other: Mean) -> Interval? {
    guard users >= 2, other.users >= 2, let mine = interval, let theirs = other.interval else { return nil }
    let d = mine.estimate - theirs.estimate
    let a = variance / Double(users)
    let b = other.variance / Double(other.users)
    let error = (a + b).squareRoot()
    guard error > 0 else { return Interval(estimate: d, lower: d, upper: d) }
    let degrees = (a + b) * (a + b) / (a * a / Double(users - 1) + b * b / Double(other.users - 1))
    let half = Distributions.studentQuantile(0.5 + confidence / 2, degrees: degrees) * error
    return Interval(estimate: d, lower: d - half, upper: d + half)
  }
}
