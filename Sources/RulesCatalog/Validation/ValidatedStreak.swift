@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A streak with its conditions typed.
package struct ValidatedStreak: Sendable {
  /// The streak as written.
  package let streak: Streak
  /// Consecutive streaks: the days that extend it and the neutral days.
  package let counts: TypedExpr?
  /// When a day neither extends nor breaks it, typed.
  package let skips: TypedExpr?
  /// Elapsed streaks: the days that set it back to Day 0.
  package let resets: TypedExpr?
  /// A value of each stored property.
  package init(streak: Streak, counts: TypedExpr?, skips: TypedExpr?, resets: TypedExpr?) {
    self.streak = streak
    self.counts = counts
    self.skips = skips
    self.resets = resets
  }
}
