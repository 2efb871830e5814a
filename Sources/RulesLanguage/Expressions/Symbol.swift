/// A name an expression can refer to, resolved.
package enum Symbol: Sendable, Hashable {
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
  /// A value of the day from the calendar: `weekday`, `hijri.year`, `hijri.month`, `hijri.day`.
  case calendar(CalendarField)
}

/// What an expression can read of a streak.
@_spi(Tooling) public enum StreakField: String, Sendable, Hashable, CaseIterable {
  case current, best, freezes
}
