@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What evaluation carries from one day to the next for one user: streak states, history
/// sums and windows, unlocked badges. Its size does not grow with the history: a daily step
/// on ten years costs what it costs on one day. The state file persists it.
@_spi(CompiledDay) public struct CountedState: Sendable, Equatable {
  /// Running sums of `total(x)`, by aggregate (ints and numbers kept apart).
  @_spi(CompiledDay) public var intSums: [Int]
  /// Running sums of `total(x)` over numbers, by aggregate.
  @_spi(CompiledDay) public var numSums: [Double]
  /// The last `n` values of each `last(n, x)`, as a ring (nil for totals).
  @_spi(CompiledDay) public var windows: [Window?]
  /// Each streak's state, in catalog order; then, for a catalog with periodic streaks, each
  /// one's count of its current period (`PeriodTally`, in the order of the streaks).
  @_spi(CompiledDay) public var streaks: [StreakState]
  /// The day each badge unlocked (`CalendarDay.number`), or nil; for a badge that repeats, the
  /// day it was earned in the current period, nil once the period ended.
  @_spi(CompiledDay) public var unlocked: [Int?]
  /// Every earning of each badge that repeats (`repeats`): its days, oldest first, the current
  /// period's included (`unlocked` holds that one until the period ends). Empty for the other
  /// badges, and no list at all when the catalog has no repeating badge.
  @_spi(CompiledDay) public var earnings: [[Int]]
  /// How many badges are unlocked (each earning of a repeating badge counted).
  @_spi(CompiledDay) public var badgeCount: Int
  /// The sum of the xp of the badges unlocked.
  @_spi(CompiledDay) public var badgeXP: Int
  /// The last day whose record is counted in the sums and streaks.
  @_spi(CompiledDay) public var countedThrough: Int?
  /// The last day a check was made (progressive groups unlock at most one badge per check).
  @_spi(CompiledDay) public var lastCheck: Int?
  /// The day `day` counts from when the history has no start: its first day.
  @_spi(CompiledDay) public var origin: Int?

  /// A new user's state for `catalog`.
  @_spi(CompiledDay) public init(for catalog: ValidatedCatalog) {
    let count = catalog.aggregates.count
    intSums = Array(repeating: 0, count: count)
    numSums = Array(repeating: 0, count: count)
    windows = catalog.aggregates.map { aggregate in
      aggregate.kind.window.map { Window(days: $0) }
    }
    streaks = Array(repeating: StreakState(), count: PeriodTally.slots(of: catalog))
    unlocked = Array(repeating: nil, count: catalog.badges.count)
    earnings = catalog.badges.contains { $0.repeats != nil } ? Array(repeating: [], count: catalog.badges.count) : []
    badgeCount = 0
    badgeXP = 0
  }
}

extension CountedState {
  /// After a saved state's unlocks are read: each repeating badge's earnings in date order, one
  /// a period (the earliest), its latest earning as `unlocked` when it is in the period of `day`
  /// (the state's date, whose check locked the others again; without one, the next check does);
  /// a badge that repeats now but did not when the state was saved has its unlock as its one
  /// earning. Then `badgeCount` and `badgeXP`, each earning counted.
  mutating func settleEarnings(_ program: Program, on day: Int?) {
    for index in program.repeatingBadges {
      guard let kind = program.badgeRepeats[index] else { continue }
      var days = earnings[index]
      if days.isEmpty, let day = unlocked[index] { days = [day] }
      days.sort()
      var kept: [Int] = []
      var last: Int?
      for day in days {
        let period = program.periodStart(kind, ofDay: day)
        if period == last { continue }
        kept.append(day)
        last = period
      }
      earnings[index] = kept
      unlocked[index] = kept.last.flatMap { last in
        guard let day else { return last }
        return program.periodStart(kind, ofDay: last) == program.periodStart(kind, ofDay: day) ? last : nil
      }
    }
    badgeCount = 0
    badgeXP = 0
    for index in unlocked.indices {
      let times = program.badgeRepeats[index] == nil ? (unlocked[index] == nil ? 0 : 1) : earnings[index].count
      guard times > 0 else { continue }
      badgeCount += times
      badgeXP = Arithmetic.add(badgeXP, Arithmetic.multiply(program.badgeXP[index], times))
    }
  }
}
