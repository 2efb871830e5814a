@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A periodic streak's count of its current period (`type: periodic`): the period of the last
/// day counted, the days of it on which `counts` held, and whether it met its goal (the streak
/// counted it). Kept in the state's streak list after the streaks themselves, one slot a periodic
/// streak (`slot(of:in:)`), as a `StreakState` whose `anchor` is the period's first day,
/// `current` the days counted and `best` 1 once met: the day's step copies the list as it is,
/// and a catalog without periodic streaks has none.
package struct PeriodTally: Sendable, Equatable {
  /// The first day (a day number) of the period the days counted belong to; nil before any.
  package var start: Int?
  /// The days of the period on which `counts` held (a paused day of a pausable streak adds none).
  package var count = 0
  /// Whether the period met its goal (the streak counted it).
  package var met = false

  /// A tally of no period.
  package init(start: Int? = nil, count: Int = 0, met: Bool = false) {
    self.start = start
    self.count = count
    self.met = met
  }

  /// The tally a state slot holds.
  @inline(__always)
  package init(_ slot: StreakState) {
    start = slot.anchor
    count = slot.current
    met = slot.best != 0
  }

  /// The tally as a state slot.
  @inline(__always)
  package var slot: StreakState { StreakState(current: count, best: met ? 1 : 0, anchor: start) }

  /// How many slots a state of `catalog` has for its streaks: one a streak, then one a periodic
  /// streak for its tally.
  package static func slots(of catalog: ValidatedCatalog) -> Int {
    catalog.streaks.count + catalog.streaks.count { $0.streak.periodic != nil }
  }

  /// The slot of the tally of the streak at `index` (a periodic one) in a state of `catalog`.
  package static func slot(of index: Int, in catalog: ValidatedCatalog) -> Int {
    catalog.streaks.count + catalog.streaks[..<index].count { $0.streak.periodic != nil }
  }
}

/// A periodic streak's periods: where each begins, how long it is, how many of its days a
/// user's pauses take, and so its effective goal (`min(goal, its days not paused)` for a
/// pausable streak; the goal capped by its days otherwise).
package struct PeriodClock {
  var calendar = DayCalendar()
  let weekStart: WeekStart

  package init(weekStart: WeekStart) {
    self.weekStart = weekStart
  }

  /// The first day of the period of `kind` holding `day`.
  @inline(__always)
  package mutating func start(_ kind: PeriodSum, ofDay day: Int) -> Int {
    day - calendar.daysBefore(kind, ofDay: day, weekStart: weekStart)
  }

  /// How many days the period of `kind` beginning on `start` has.
  package mutating func length(_ kind: PeriodSum, from start: Int) -> Int {
    // The day a longest period after `start` is in the next period, at most 3 days into it.
    let probe = start + kind.longest
    return probe - calendar.daysBefore(kind, ofDay: probe, weekStart: weekStart) - start
  }

  /// The period's goal: `goal`, at most its days, less the days `pauses` (in date order, none
  /// overlapping) take of it for a pausable streak. 0: every day is paused (the period is
  /// skipped).
  package mutating func goal(_ goal: Int, _ kind: PeriodSum, from start: Int, pauses: [Pause]) -> Int {
    let length = length(kind, from: start)
    let end = start + length - 1
    var paused = 0
    for pause in pauses where pause.to.number >= start && pause.from.number <= end {
      paused += min(pause.to.number, end) - max(pause.from.number, start) + 1
    }
    return min(goal, length - paused)
  }
}
