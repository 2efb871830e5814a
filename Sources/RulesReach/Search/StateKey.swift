@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// A state as the future of the badges and milestones sees it: two states with the same key
/// reach the same items on the same later days, so the search keeps one. It holds what any
/// expression that matters can read or what decides how the day counts: each streak's value
/// (capped where no comparison tells higher values apart), freezes and progress towards one,
/// the sums (capped likewise), the windows' days, the unlocks, and the date as far as the
/// catalog reads it (its weekday, or the date itself).
struct StateKeyMaker {
  let facts: CatalogFacts
  let horizon: Int
  private let streakKinds: [Bool]  // elapsed?
  private let hasFreezes: [Bool]
  private let relevantAggregates: [Int]
  private let totals: Set<Int>
  private let repeating: Set<Int>
  /// The periodic streaks that matter: their slot of the period's tally, period and goal.
  private let periodic: [(slot: Int, period: PeriodSum, goal: Int)]
  private var clock: PeriodClock

  init(_ facts: CatalogFacts, horizon: Int) {
    self.facts = facts
    self.horizon = horizon
    let catalog = facts.catalog
    streakKinds = catalog.streaks.map {
      if case .elapsed = $0.streak.kind { return true }
      return false
    }
    hasFreezes = catalog.streaks.map { $0.streak.freezes != nil }
    relevantAggregates = facts.relevant.aggregates.sorted()
    totals = Set(catalog.aggregates.indices.filter { catalog.aggregates[$0].kind == .total })
    repeating = Set(catalog.badges.indices.filter { catalog.badges[$0].repeats != nil })
    periodic = facts.periodicStreaks.map { index in
      let (period, goal) = catalog.streaks[index].streak.periodic!
      return (PeriodTally.slot(of: index, in: catalog), period, goal)
    }
    clock = PeriodClock(weekStart: catalog.catalog.weekStarts)
  }

  /// The key of `state` after `level` dates, the next date being `next`; and a score of how
  /// far it has come (the beam keeps the highest when it must drop states).
  mutating func key(_ state: CountedState, next: Int, first: Int, hasStart: Bool, level: Int) -> (
    key: [Int], score: Double
  ) {
    var key: [Int] = []
    key.reserveCapacity(8 + state.streaks.count * 4 + relevantAggregates.count * 2 + state.unlocked.count)
    var score = 0.0
    switch facts.calendarUse {
    case .none: key.append(0)
    case .weekday: key.append(CalendarField.weekday(ofDay: next))
    case .date: key.append(next)
    }
    key.append(hasStart ? 1 : 0)
    if facts.relevant.day { key.append(next - first) }
    let remaining = horizon - level + 1
    for (index, streak) in state.streaks.enumerated() where facts.relevant.streaks.contains(index) {
      let caps = facts.streakCaps[index]
      if streakKinds[index] {
        // Day 0's distance; none yet.
        let since = streak.anchor.map { next - $0 } ?? -1
        let capped = caps.current.map { min(since, $0) } ?? since
        key.append(capped)
        score += Double(max(capped, 0)) / Double(max(caps.current ?? 100, 1))
      } else {
        let current = caps.current.map { min(streak.current, $0) } ?? streak.current
        key.append(current)
        score += Double(current) / Double(max(caps.current ?? 100, 1))
        if hasFreezes[index] {
          key.append(facts.freezesRead[index] ? streak.freezes : min(streak.freezes, remaining))
          key.append(streak.progress)
          score += Double(min(streak.freezes, 10)) / 20
        }
      }
      if facts.bestRead[index] { key.append(caps.best.map { min(streak.best, $0) } ?? streak.best) }
    }
    // A periodic streak's tally: in the period of the next date, its days counted (no more than
    // the goal tells apart) and whether it met the goal; in an earlier one, whether it met it
    // (what decides, the next date, whether the streak breaks). The date's place in its period
    // is in the key with the date (or the weekday, for weeks).
    for (slot, period, goal) in periodic {
      let tally = PeriodTally(state.streaks[slot])
      if let start = tally.start, start == clock.start(period, ofDay: next) {
        key.append(1)
        key.append(min(tally.count, goal))
        score += tally.met ? 1 : Double(min(tally.count, goal)) / Double(goal) / 2
      } else {
        key.append(tally.start == nil ? 2 : 0)
      }
      key.append(tally.met ? 1 : 0)
    }
    for index in relevantAggregates {
      if totals.contains(index) {
        if facts.catalog.aggregates[index].type == .int {
          let cap = facts.sumCaps[index]
          let sum = cap.map { min(state.intSums[index], $0) } ?? state.intSums[index]
          key.append(sum)
          score += cap.map { Double(sum) / Double(max($0, 1)) } ?? min(Double(sum) / Double(max(level, 1)), 1)
        } else {
          key.append(Int(bitPattern: UInt(state.numSums[index].bitPattern)))
          score += min(state.numSums[index] / Double(max(level, 1)), 1)
        }
      } else if let window = state.windows[index] {
        let isNumber = facts.catalog.aggregates[index].type == .number
        var position = window.head
        var sum = 0.0
        for _ in 0..<window.days {
          let value = isNumber ? Int(bitPattern: UInt(window.nums[position].bitPattern)) : window.ints[position]
          key.append(value)
          sum += isNumber ? window.nums[position] : Double(window.ints[position])
          position = (position + 1) % window.days
        }
        score += min(sum / Double(window.days), 1)
      }
    }
    var unlocked = 0
    for (index, day) in state.unlocked.enumerated() {
      if repeating.contains(index) {
        key.append(day.map { next - $0 } ?? -1)
      } else {
        key.append(day == nil ? 0 : 1)
      }
      if day != nil { unlocked += 1 }
    }
    key.append(state.badgeCount)
    key.append(state.badgeXP)
    score += Double(unlocked) * 2
    return (key, score)
  }
}
