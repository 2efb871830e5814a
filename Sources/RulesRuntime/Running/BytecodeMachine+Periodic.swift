@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A periodic streak's day (`type: periodic`, docs/catalog-format.md): periods in a row that met
/// a goal. Out of the loop (`@inline(never)`): only a catalog with such a streak runs it.
extension BytecodeMachine {
  /// The day of the periodic streak `index`: the first day counted in a later period closes the
  /// one before (a period that ended below its goal uses a freeze if one is held, its last day
  /// protected, else breaks the streak; one whose days were all paused is skipped); a day that
  /// counts (and is not paused, for a pausable streak) adds one to the period's count; the day
  /// the count reaches the period's goal, the period is met and the streak counts it (the run
  /// beginning on the period's first day when the streak was at 0), earning a freeze every
  /// `earn_every` met periods. The current period never breaks before it ends: nothing is
  /// deferred.
  @inline(never)
  func periodic(_ index: Int, counts: Bool) {
    let rule = rules + index
    guard let kind = rule.pointee.period else { return }
    var streak = previous[index]
    var tally = PeriodTally(previous[rule.pointee.tally])
    let start = periods.start(kind, ofDay: day)
    let pausable = rule.pointee.pausable
    moved[index] = false
    deferred[index] = false
    if tally.start != start {
      if let closed = tally.start, !tally.met,
        periods.goal(rule.pointee.goal, kind, from: closed, pauses: pausable ? pauses : []) > 0
      {
        if streak.freezes > 0 {
          streak.freezes -= 1
          streak.lastProtected = start - 1
        } else {
          streak.current = 0
          if !rule.pointee.keepsProgress { streak.progress = 0 }
          streak.anchor = nil
        }
      }
      tally = PeriodTally(start: start)
    }
    if counts && !(pausable && paused) { tally.count = Arithmetic.add(tally.count, 1) }
    if !tally.met {
      let goal = periods.goal(rule.pointee.goal, kind, from: start, pauses: pausable ? pauses : [])
      if goal > 0 && tally.count >= goal {
        tally.met = true
        if streak.current == 0 { streak.anchor = start }
        streak.current = Arithmetic.add(streak.current, 1)
        if streak.current > streak.best { streak.best = streak.current }
        if rule.pointee.earnEvery > 0 {
          streak.progress += 1
          if streak.progress >= rule.pointee.earnEvery {
            streak.progress = 0
            if streak.freezes < rule.pointee.maxFreezes { streak.freezes += 1 }
          }
        }
        moved[index] = true
      }
    }
    pending[index] = streak
    pending[rule.pointee.tally] = tally.slot
    publish(index)
  }
}
