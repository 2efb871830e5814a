public struct ValidatedStreak: Sendable {
  public let streak: Streak
  /// Consecutive streaks: the days that extend it and the neutral days.
  public let counts: TypedExpr?
  public let skips: TypedExpr?
  /// Elapsed streaks: the days that set it back to Day 0.
  public let resets: TypedExpr?
}
