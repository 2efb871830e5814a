/// A share of users (retention on a day, a badge's unlock rate) with its confidence interval.
public struct Proportion: Sendable, Hashable, Codable {
  /// Users counted (those the share is of).
  public let users: Int
  /// Users with the property.
  public let hits: Int
  /// `hits / users` with its Wilson score interval (nil when no user is counted).
  public let interval: Interval?

  /// The share of `hits` in `users` at `confidence` (0.95 for 95%).
  public init(hits: Int, users: Int, confidence: Double = 0.95) {
    precondition(hits >= 0 && hits <= users)
    self.hits = hits
    self.users = users
    interval = users == 0 ? nil : Self.wilson(hits: hits, users: users, confidence: confidence)
  }

  /// The Wilson score interval of `hits / users` (Wilson 1927; Newcombe 1998, method 3).
  package static func wilson(hits: Int, users: Int, confidence: Double) -> Interval {
    let z = Distributions.normalQuantile(0.5 + confidence / 2)
    let n = Double(users)
    let p = Double(hits) / n
    let z2 = z * z
    let center = (p + z2 / (2 * n)) / (1 + z2 / n)
    let half = z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot()
    return Interval(estimate: p, lower: max(0, center - half), upper: min(1, center + half))
  }

  /// The difference `self - other` of two independent shares, with Newcombe's hybrid score
  /// interval (Newcombe 1998, method 10: from each share's Wilson interval). Nil when either
  /// share counts no user.
  public func difference(from other: Proportion) -> Interval? {
    guard let mine = interval, let theirs = other.interval else { return nil }
    let d = mine.estimate - theirs.estimate
    let below =
      ((mine.estimate - mine.lower) * (mine.estimate - mine.lower)
      + (theirs.upper - theirs.estimate) * (theirs.upper - theirs.estimate)).squareRoot()
    let above =
      ((mine.upper - mine.estimate) * (mine.upper - mine.estimate)
      + (theirs.estimate - theirs.lower) * (theirs.estimate - theirs.lower)).squareRoot()
    return Interval(estimate: d, lower: d - below, upper: d + above)
  }
}
