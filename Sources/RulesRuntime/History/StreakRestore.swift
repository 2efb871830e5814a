@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog

/// Days of one streak that support made count as covered (`POST .../streaks/{name}/restore`,
/// `rules-server streak restore`, a history's `restores`): the app crashed, the user could not
/// log. On the days `from` through `through` the streak does not break: a day that counts
/// still counts, and a day that would break it (or use up a freeze) is covered, as a freeze
/// would cover it, without using one. Other streaks, metrics and badges count the days as
/// they are.
public struct StreakRestore: Sendable, Hashable {
  /// The streak's name (a consecutive streak of the catalog).
  public var streak: String
  /// The first covered day.
  public var from: CalendarDay
  /// The last covered day.
  public var through: CalendarDay
  /// Why (support's note; the event tells it).
  public var reason: String

  /// The days `from` through `through` of `streak`, covered.
  public init(streak: String, from: CalendarDay, through: CalendarDay, reason: String = "") {
    self.streak = streak
    self.from = from
    self.through = through
    self.reason = reason
  }
}
