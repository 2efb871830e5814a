import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// Repairs a user makes (a consecutive streak's `repairs` in the catalog): checked against the
/// catalog's budget when asked for (`repair(_:today:...)`, `repairProblem(_:today:...)`), and
/// taken as granted by `check` and `replay`.
extension Engine {
  /// The names of the catalog's streaks that take repairs (those with `repairs`).
  public var repairableStreaks: [String] {
    program.catalog.streaks.compactMap { $0.streak.repairs == nil ? nil : $0.streak.name }
  }

  /// How the catalog lets the user repair `streak` (its `repairs`: how late, how many a week,
  /// month or year), for the app to show; nil for a streak without `repairs` or unknown.
  public func repairPolicy(of streak: String) -> RepairPolicy? {
    program.catalog.streaks.first { $0.streak.name == streak }?.streak.repairs
  }

  /// What is wrong with a list of repairs for `check`, or nil: a date repaired twice, one made
  /// on or before its date, a streak named that takes no repairs, or (naming none) a catalog
  /// without a streak that takes them.
  func repairsProblem(_ repairs: [Repair]) -> String? {
    var seen = Set<CalendarDay>()
    for (index, repair) in repairs.enumerated() {
      let at = "repair \(index + 1)"
      guard seen.insert(repair.date).inserted else {
        return "\(at): \(repair.date) is repaired twice; repair a day once"
      }
      if let made = repair.made, made <= repair.date {
        return
          "\(at): it is made on \(made), not after the day it repairs (\(repair.date)), which cannot have broken anything yet"
      }
      if let streaks = repair.streaks {
        for streak in streaks {
          if let problem = streakProblem(streak, restoring: true) { return "\(at): \(problem)" }
          if !repairableStreaks.contains(streak) {
            return
              "\(at): the streak '\(streak)' takes no repairs (it has no 'repairs'); "
              + (repairableStreaks.isEmpty
                ? "no streak of the catalog does" : "the streaks that do: \(repairableStreaks.joined(separator: ", "))")
          }
        }
      } else if repairableStreaks.isEmpty {
        return
          "\(at): the catalog '\(catalogID)' has no streak that takes repairs (a consecutive streak with 'repairs')"
      }
    }
    return nil
  }

  /// The repair of `date` the user asks for on `today` (their today, `today(at:in:)`), on top of
  /// the repairs they made before (`existing`): made `today`, naming each streak with `repairs`
  /// that the day broke and whose `within_days` and budget allow it. The user's records and
  /// details as for `check`. Throws `repair-refused` (the message says why: `repairProblem`
  /// gives the reason as a value) when no streak takes it, and as `check` for bad input.
  public func repair(
    _ date: CalendarDay, today: CalendarDay, existing: [Repair] = [], user: String?, start: CalendarDay?,
    records: [DayRecord], calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil,
    timeZoneChanges: [TimeZoneChange] = [], pauses: [Pause] = [], freezeGrants: [FreezeGrant] = [],
    restores: [StreakRestore] = []
  ) throws(EngineError) -> Repair {
    switch try repairOutcome(
      date, today: today, existing: existing, user: user, start: start, records: records, calendar: calendar,
      timeZone: timeZone, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores)
    {
    case .success(let repair): return repair
    case .failure(let refusal): throw EngineError(.repairRefused, refusal.description)
    }
  }

  /// Why the repair of `date` the user asks for on `today` is refused (`too-late`,
  /// `over-budget`, `nothing-broken`, with a message), or nil when a streak takes it
  /// (`repair(_:today:...)` gives the repair). Checked in that order:
  ///
  /// - `too-late`: `date` is today or later (today cannot have broken anything yet), or more
  ///   than `within_days` days before `today` for every streak the day broke;
  /// - `nothing-broken`: the day broke no streak that takes repairs (it counted, was skipped or
  ///   paused, a freeze, restore or repair covered it, or the streak was at 0);
  /// - `over-budget`: every streak the day broke within its `within_days` already had its
  ///   `max` repairs made in the `per` period (week from `week_starts`, month, year) holding
  ///   `today`. The budget counts `existing` by the day each was made (one without `made`: the
  ///   day after its date), against each streak it names (one naming none: every streak with
  ///   `repairs`).
  public func repairProblem(
    _ date: CalendarDay, today: CalendarDay, existing: [Repair] = [], user: String?, start: CalendarDay?,
    records: [DayRecord], calendar: UserCalendar = .gregorian, timeZone: TimeZone? = nil,
    timeZoneChanges: [TimeZoneChange] = [], pauses: [Pause] = [], freezeGrants: [FreezeGrant] = [],
    restores: [StreakRestore] = []
  ) throws(EngineError) -> RepairRefusal? {
    switch try repairOutcome(
      date, today: today, existing: existing, user: user, start: start, records: records, calendar: calendar,
      timeZone: timeZone, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores)
    {
    case .success: return nil
    case .failure(let refusal): return refusal
    }
  }

  private func repairOutcome(
    _ date: CalendarDay, today: CalendarDay, existing: [Repair], user: String?, start: CalendarDay?,
    records: [DayRecord], calendar: UserCalendar, timeZone: TimeZone?, timeZoneChanges: [TimeZoneChange],
    pauses: [Pause], freezeGrants: [FreezeGrant], restores: [StreakRestore]
  ) throws(EngineError) -> Result<Repair, RepairRefusal> {
    let catalog = program.catalog
    let takers = catalog.streaks.indices.filter { catalog.streaks[$0].streak.repairs != nil }
    guard date < today else {
      return .failure(
        RepairRefusal(
          .tooLate, "\(date) is not before today (\(today)): today cannot have broken a streak yet"))
    }
    if existing.contains(where: { $0.date == date }) {
      return .failure(RepairRefusal(.nothingBroken, "\(date) is repaired already"))
    }
    var history = History(user: user, start: start, timeZone: timeZone, records: try encoded(records))
    try place(
      &history, calendar: calendar, timeZoneChanges: timeZoneChanges, pauses: pauses, freezeGrants: freezeGrants,
      restores: restores, repairs: existing)
    let broken = CheckRunner.broken(program, history: history, on: date)
    let hit = takers.filter { broken[$0] }
    guard !hit.isEmpty else {
      let names = takers.map { "'\(catalog.streaks[$0].streak.name)'" }.joined(separator: ", ")
      return .failure(
        RepairRefusal(
          .nothingBroken,
          takers.isEmpty
            ? "the catalog '\(catalogID)' has no streak that takes repairs"
            : "\(date) broke no streak that takes repairs (\(names)): it counted, was skipped or paused, or was covered"
        ))
    }
    let late = today.number - date.number
    let within = hit.filter { late <= catalog.streaks[$0].streak.repairs!.withinDays }
    guard !within.isEmpty else {
      let limits = hit.map {
        "'\(catalog.streaks[$0].streak.name)' takes them at most \(catalog.streaks[$0].streak.repairs!.withinDays) days back"
      }
      return .failure(
        RepairRefusal(
          .tooLate, "\(date) is \(late) days before today (\(today)): " + limits.joined(separator: "; ")))
    }
    var over: [String] = []
    let taken = within.filter { index in
      let streak = catalog.streaks[index].streak
      let policy = streak.repairs!
      let period = Self.period(policy.per, of: today, weekStart: catalog.catalog.weekStarts)
      let used = existing.count { repair in
        (repair.streaks?.contains(streak.name) ?? true)
          && Self.period(policy.per, of: repair.made ?? repair.date + 1, weekStart: catalog.catalog.weekStarts)
            == period
      }
      guard used < policy.max else {
        over.append(
          "'\(streak.name)' already had \(used) made in \(period), at most \(policy.max) a \(policy.per.rawValue)")
        return false
      }
      return true
    }
    guard !taken.isEmpty else {
      return .failure(RepairRefusal(.overBudget, "no repair is left: " + over.joined(separator: "; ")))
    }
    return .success(Repair(date: date, made: today, streaks: taken.map { catalog.streaks[$0].streak.name }))
  }

  /// The id of the `per` period holding `day`: `2026-W22`, `2026-05`, `2026`.
  static func period(_ per: RepairPolicy.Period, of day: CalendarDay, weekStart: WeekStart) -> String {
    switch per {
    case .week: Period.containing(day, kind: .week, weekStart: weekStart).id
    case .month: String(day.description.prefix(7))
    case .year: String(day.description.prefix(4))
    }
  }
}

extension DiagnosticID {
  /// A repair the user asked for that no streak takes (`Engine.repair`): too late, over the
  /// budget, or the day broke nothing.
  public static let repairRefused: DiagnosticID = "repair-refused"
}
