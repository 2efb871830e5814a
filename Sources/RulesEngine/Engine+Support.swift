import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// Support's tools on a user's streaks: freezes granted (`FreezeGrant`) and days restored
/// (`StreakRestore`), checked against the catalog before `check` and `replay` take them.
extension Engine {
  /// The names of the catalog's consecutive streaks: the ones freezes and restores apply to.
  public var consecutiveStreaks: [String] {
    program.catalog.streaks.compactMap { entry in
      if case .consecutive = entry.streak.kind { return entry.streak.name }
      return nil
    }
  }

  /// What is wrong with naming `streak` in a grant (or, `restoring`, a restore or a repair),
  /// or nil: a name the catalog does not have, an elapsed streak (days since a start: nothing to
  /// freeze or restore), or for a restore a periodic streak (a day does not break it: a period
  /// does, and a freeze covers that).
  public func streakProblem(_ streak: String, restoring: Bool = false) -> String? {
    FreezeGrant.streakProblem(
      streak, streaks: program.catalog.streaks.map(\.streak), catalog: catalogID, restoring: restoring)
  }

  /// What is wrong with `grant`, or nil: its streak (`streakProblem`), or a count outside 1 to
  /// `FreezeGrant.maxCount`.
  public func grantProblem(_ grant: FreezeGrant) -> String? {
    if let problem = streakProblem(grant.streak) { return problem }
    guard (1...FreezeGrant.maxCount).contains(grant.count) else {
      return "'count' must be from 1 to \(FreezeGrant.maxCount); found \(grant.count)"
    }
    return nil
  }

  /// What is wrong with `restore`, or nil: its streak (`streakProblem`), or a last day before
  /// its first.
  public func restoreProblem(_ restore: StreakRestore) -> String? {
    if let problem = streakProblem(restore.streak, restoring: true) { return problem }
    guard restore.from <= restore.through else {
      return "'through' (\(restore.through)) is before 'from' (\(restore.from)); 'through' is the last covered day"
    }
    return nil
  }

  /// The restore of `streak` through `through`: it covers the days after the streak last
  /// counted, on or before `through`, to `through` (the days it broke on, or used a freeze
  /// on). The user's records and details as for `check`. Throws `bad-value` when there is
  /// nothing to restore (the streak counted on `through`, or never counted by then) or for a
  /// streak `streakProblem` refuses.
  public func restore(
    _ streak: String, through: CalendarDay, reason: String = "", user: String?, start: CalendarDay?,
    records: [DayRecord], calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil,
    timeZoneChanges: [TimeZoneChange] = [], pauses: [Pause] = [], freezeGrants: [FreezeGrant] = [],
    restores: [StreakRestore] = []
  ) throws(EngineError) -> StreakRestore {
    if let problem = streakProblem(streak, restoring: true) { throw EngineError(.badValue, problem) }
    var history = History(user: user, start: start, timeZone: timeZone, records: try encoded(records))
    try place(
      &history, calendar: calendar, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores)
    let index = program.catalog.streaks.firstIndex { $0.streak.name == streak }!
    guard let last = CheckRunner.lastCounted(program, history: history, streak: index, through: through) else {
      throw EngineError(.badValue, "the streak '\(streak)' never counted up to \(through): there is nothing to restore")
    }
    guard last < through.number else {
      throw EngineError(.badValue, "the streak '\(streak)' counted on \(through): there is nothing to restore")
    }
    return StreakRestore(streak: streak, from: CalendarDay(number: last + 1), through: through, reason: reason)
  }
}
