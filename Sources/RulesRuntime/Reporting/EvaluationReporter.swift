import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Reads an `Evaluation` off an evaluator's frame and state: streaks, metrics, milestones,
/// badges with progress, the quote and the message of the day.
package struct EvaluationReporter {
  package let program: Program
  let evaluator: DayRunner

  package init(program: Program, evaluator: DayRunner) {
    self.program = program
    self.evaluator = evaluator
  }

  var catalog: ValidatedCatalog { program.catalog }
  var frame: Frame { evaluator.frame }

  /// The evaluation of `day`, already checked. `seen`: the milestone streak as the last
  /// check before this one reported it (nil when there was none), for `milestones.new`.
  /// `calendar`: the user's, whose day of the year picks a `day-of-year` quote.
  /// `protected`: per streak, the days a freeze covered among those counted since the last
  /// check (for `new_protected`). `newDays`: the day each of `new` unlocked on (none: all on
  /// `day`), for the periods of repeating badges' new earnings.
  package func report(
    day: CalendarDay, user: String?, start: CalendarDay?, state: CountedState, new: [Int],
    seen: MilestoneMark? = nil, calendar: UserCalendar = .gregorian, protected: [[Int]] = [], newDays: [Int] = []
  ) -> Evaluation {
    evaluator.completeMetrics()
    let layout = program.layout
    var result = Evaluation(catalog: catalog.catalog.id, user: user, date: day)
    result.locale = catalog.catalog.defaultLocale
    let runs = evaluator.streakStates
    result.streaks = catalog.streaks.indices.map { index in
      let fields = layout.streaks[index]
      let current = frame.ints[fields.current]
      let run = runs[index]
      // A consecutive streak at 0 has no run; an elapsed one runs from its Day 0 once reached.
      let began: Int? =
        switch catalog.streaks[index].streak.kind {
        case .consecutive, .periodic: current > 0 ? run.anchor : nil
        case .elapsed: run.anchor.flatMap { $0 <= day.number ? $0 : nil }
        }
      var report = Evaluation.StreakReport(
        name: catalog.streaks[index].streak.name, current: current,
        best: frame.ints[fields.best], freezes: frame.ints[fields.freezes],
        start: began.map(CalendarDay.init(number:)), lastProtected: run.lastProtected.map(CalendarDay.init(number:)),
        newProtected: newProtected(index, counted: protected, run: run, day: day.number))
      if let period = evaluator.period(of: index, day: day.number) {
        report.period = Evaluation.StreakReport.PeriodReport(id: period.id, count: period.count, goal: period.goal)
        // The period a freeze covered when this day began the next: the checked day saw it.
        if let covered = run.lastProtected, covered != state.streaks[index].lastProtected,
          report.newProtected.last?.number != covered
        {
          report.newProtected.append(CalendarDay(number: covered))
        }
      }
      return report
    }
    result.metrics = catalog.metrics.indices.map { index in
      Evaluation.MetricReport(
        name: catalog.catalog.metrics[index].name, value: value(catalog.metrics[index].type, layout.metrics[index]))
    }
    let code = program.reports
    let machine = evaluator.reports(code)
    machine.run(code.metricCode)
    result.progress = catalog.metrics.indices.compactMap { index in
      guard let measure = code.metricProgress[index] else { return nil }
      let current = machine.value(measure.current)
      let target = machine.value(measure.target)
      return Evaluation.MetricProgress(
        name: catalog.catalog.metrics[index].name, current: current, target: target,
        progress: (Self.fraction(current.asDouble, target.asDouble) * 1000).rounded() / 1000)
    }
    result.milestones = milestones(day: day, start: start, streaks: result.streaks, seen: seen)
    let unlockedOrder = state.unlocked.indices.filter { state.unlocked[$0] != nil }
      .sorted { (state.unlocked[$0]!, $0) < (state.unlocked[$1]!, $1) }
    result.badges.unlocked = unlockedOrder.map {
      var unlock = Evaluation.Unlock(
        id: catalog.badges[$0].badge.id, date: CalendarDay(number: state.unlocked[$0]!),
        display: Evaluation.BadgeDisplay(catalog.badges[$0].badge))
      if let kind = program.badgeRepeats[$0] {
        unlock.repeats = kind.rawValue
        unlock.period = program.periodID(kind, ofDay: state.unlocked[$0]!)
        unlock.times = state.earnings[$0].count
      }
      return unlock
    }
    result.badges.new = new.map { catalog.badges[$0].badge.id }
    if !program.repeatingBadges.isEmpty {
      for (position, badge) in new.enumerated() {
        guard let kind = program.badgeRepeats[badge] else { continue }
        let earned = newDays.count == new.count ? newDays[position] : day.number
        result.badges.newEarnings.append(
          Evaluation.NewEarning(
            id: catalog.badges[badge].badge.id,
            earning: Evaluation.Earning(
              period: program.periodID(kind, ofDay: earned), date: CalendarDay(number: earned))
          ))
      }
    }
    let lockedIndices = catalog.badges.indices.filter { state.unlocked[$0] == nil }
    // A locked badge of a progressive group whose criterion holds waits for a later check,
    // and so does any locked badge that holds when `unlocks` limits the badges a check unlocks
    // or unlocks them at the check only.
    let limited = !program.unlocks.isDefault
    let holding = Set(
      lockedIndices.isEmpty || (program.progressiveGroups.isEmpty && !limited) ? [] : evaluator.holdingAtOnce())
    let grouped = Set(program.progressiveGroups.joined())
    result.badges.locked = lockedIndices.map { index in
      machine.run(code.badgeCode[index])
      var badge = progress(index, measures: code.badgeProgress[index], machine: machine)
      let missing = program.missingPrerequisites(index, in: state)
      // A badge waits when it holds and nothing but the check's limits keeps it: one whose
      // prerequisites are still locked does not.
      badge.waiting = (limited || grouped.contains(index)) && holding.contains(index) && missing.isEmpty
      if !program.badgeRequires.isEmpty, catalog.badges[index].hasRequires {
        badge.requires = missing.map { catalog.badges[$0].badge.id }
        if !catalog.badges[index].badge.whenWritten {
          // Without `when`, the prerequisites are the measure: those unlocked out of those listed.
          let listed = program.badgeRequires[index].count
          let met = listed - missing.count
          badge.current = .int(met)
          badge.target = .int(listed)
          badge.progress = (Self.fraction(Double(met), Double(listed)) * 1000).rounded() / 1000
        }
      }
      if let kind = program.badgeRepeats[index] {
        badge.repeats = kind.rawValue
        badge.times = state.earnings[index].count
        badge.lastEarned = state.earnings[index].last.map {
          Evaluation.Earning(period: program.periodID(kind, ofDay: $0), date: CalendarDay(number: $0))
        }
      }
      return badge
    }
    result.badges.next = Self.closest(result.badges.locked, ties: program.nextBadgeTies)
    // Quotes that rotate by day count from the start, or else from the day counting began.
    result.quote = quote(
      day: day, origin: start ?? state.origin.map(CalendarDay.init(number:)) ?? day, calendar: calendar)
    result.message = message(code, machine)
    result.leaderboards = leaderboards(day: day)
    return result
  }

  /// Each declared leaderboard's value, read off the frame (a metric's, a streak field's or an
  /// aggregate's slot, which the day filled), and the period of `day` it counts in.
  private func leaderboards(day: CalendarDay) -> [Evaluation.LeaderboardReport] {
    let declared = catalog.catalog.leaderboards
    guard !declared.isEmpty else { return [] }
    let layout = program.layout
    return zip(declared, catalog.leaderboards).map { leaderboard, expr in
      let slot: Slot =
        switch expr.kind {
        case .aggregate(let index): layout.aggregates[index]
        case .symbol(let symbol): layout.slot(of: symbol)
        default: .int(layout.day)
        }
      let period = Period.containing(
        day, kind: Period.Kind(rawValue: leaderboard.period.rawValue) ?? .all, weekStart: catalog.catalog.weekStarts)
      return Evaluation.LeaderboardReport(id: leaderboard.id, period: period.id, value: value(expr.type, slot))
    }
  }

  /// The days a freeze covered since the last check: those counted by this check, and the
  /// checked day itself when it is covered already (a streak whose day is final).
  private func newProtected(_ index: Int, counted: [[Int]], run: StreakState, day: Int) -> [CalendarDay] {
    var days = index < counted.count ? counted[index] : []
    if run.lastProtected == day, days.last != day { days.append(day) }
    return days.map(CalendarDay.init(number:))
  }

  private func value(_ type: ValueType, _ slot: Slot) -> Value {
    switch (slot, type) {
    case (.num(let i), _): .number(frame.nums[i])
    case (.int(let i), .bool): .bool(frame.ints[i] != 0)
    case (.int(let i), .enumeration(let enumType)): .member(frame.ints[i], enumType)
    case (.int(let i), _): .int(frame.ints[i])
    }
  }

  private func milestones(
    day: CalendarDay, start: CalendarDay?, streaks: [Evaluation.StreakReport], seen: MilestoneMark?
  ) -> Evaluation.MilestoneReport {
    guard let track = catalog.catalog.milestones, let index = catalog.milestoneStreak else {
      return Evaluation.MilestoneReport()
    }
    var report = Evaluation.MilestoneReport(streak: track.streak)
    let streak = catalog.streaks[index].streak
    // No commitment, or not yet (a date before the start of an elapsed streak): no milestone
    // is reached and none is ahead (ImanPath: "no commitment = no locks").
    if streak.needsStart && start == nil { return report }
    if case .elapsed = streak.kind, let start, day < start { return report }
    let current = streaks[index].current
    let ordered = track.milestones.sorted { $0.day < $1.day }
    report.reached = ordered.filter { $0.day <= current }.map(\.id)
    if evaluator.moved[index], let today = ordered.first(where: { $0.day == current }) {
      report.today = today.id
    }
    if let seen {
      // The same run as at the last check: the milestones passed since; a new run (the
      // streak broke in between): every milestone of this run. Milestones reached and lost
      // between two checks are not reported (their streak is gone).
      let sameRun = seen.start == streaks[index].start?.number && seen.current <= current
      let after = sameRun ? seen.current : Int.min
      report.new = ordered.filter { $0.day > after && $0.day <= current }.map(\.id)
    } else {
      report.new = report.today.map { [$0] } ?? []
    }
    if let next = ordered.first(where: { $0.day > current }) {
      // A periodic streak's milestones count periods: when the next is reached cannot be
      // known in days.
      let periodic = streak.periodic != nil
      report.next = Evaluation.MilestoneReport.Next(
        id: next.id, day: next.day, date: periodic ? nil : day + (next.day - current),
        daysUntil: periodic ? nil : next.day - current)
    }
    return report
  }

  /// The locked badge closest to unlocking, as RIZQ's `nextUnlockableAchievement` chooses it:
  /// the smallest target first; then, by `ties`, the most advanced (`progress`) or none; then
  /// catalog order. Badges without a numeric target come last. Nil when `locked` is empty.
  static func closest(
    _ locked: [Evaluation.LockedBadge], ties: NextBadgeRule.Ties = .progress
  ) -> Evaluation.LockedBadge? {
    let byProgress = ties == .progress
    func key(_ badge: Evaluation.LockedBadge) -> (Double, Double) {
      (
        badge.target.map(\.asDouble).flatMap { $0.isFinite ? $0 : nil } ?? .infinity,
        byProgress ? -(badge.progress ?? 0) : 0
      )
    }
    var best: Evaluation.LockedBadge?
    for badge in locked where best == nil || key(badge) < key(best!) { best = badge }
    return best
  }

  private func progress(_ index: Int, measures: [ReportCode.Measure], machine: ReportMachine)
    -> Evaluation.LockedBadge
  {
    let badge = catalog.badges[index]
    var best: (current: Value, target: Value, fraction: Double)?
    for measure in measures {
      let current = machine.value(measure.current)
      let target = machine.value(measure.target)
      let fraction = Self.fraction(current.asDouble, target.asDouble)
      if best == nil || fraction < best!.fraction { best = (current, target, fraction) }
    }
    let display = Evaluation.BadgeDisplay(badge.badge)
    guard let best else { return Evaluation.LockedBadge(id: badge.badge.id, display: display) }
    return Evaluation.LockedBadge(
      id: badge.badge.id, current: best.current, target: best.target,
      progress: (best.fraction * 1000).rounded() / 1000, display: display)
  }

  /// How far `current` is towards `target`, from 0 to 1.
  static func fraction(_ current: Double, _ target: Double) -> Double {
    guard target.isFinite, current.isFinite else { return 0 }
    if target <= 0 { return current >= target ? 1 : 0 }
    return min(1, max(0, current / target))
  }

  private func quote(day: CalendarDay, origin: CalendarDay, calendar: UserCalendar) -> Evaluation.QuoteReport? {
    guard let rotation = catalog.catalog.quotes, !rotation.quotes.isEmpty else { return nil }
    let count = rotation.quotes.count
    let quote: Quote
    switch rotation.rule {
    case .dayOfYear:
      quote = rotation.quotes[(calendar.dayOfYear(day) - 1) % count]
    case .day:
      let offset = day - origin
      quote = rotation.quotes[((offset % count) + count) % count]
    }
    return Evaluation.QuoteReport(
      id: quote.id, text: quote.text, arabic: quote.arabic, source: quote.source, category: quote.category)
  }

  private func message(_ code: ReportCode, _ machine: ReportMachine) -> Evaluation.MessageReport? {
    for (index, message) in code.messages.enumerated() {
      machine.run(message.code)
      if let when = message.when, !machine.holds(when) { continue }
      guard let wording = message.variants.firstIndex(where: { $0.when.map(machine.holds) ?? true }) else { continue }
      let variant = message.variants[wording]
      var values: [String: Value] = [:]
      for template in [message.title, variant.text, message.action] {
        for argument in template?.arguments ?? [] { values[argument.key] = machine.value(argument.value) }
      }
      let locale = program.textLocale
      let source = catalog.messages[index].message
      var report = Evaluation.MessageReport(
        id: source.id, title: message.title?.template.render(values, in: locale),
        text: variant.text.template.render(values, in: locale),
        action: message.action?.template.render(values, in: locale), icon: source.display["icon"],
        color: source.display["color"], tags: source.tags, extra: source.display.extra)
      report.rendering = MessageRendering(wording: wording, values: values)
      return report
    }
    return nil
  }
}

extension Value {
  var isTrue: Bool {
    if case .bool(let value) = self { return value }
    return false
  }
}
