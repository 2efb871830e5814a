import Foundation

/// Reads an `Evaluation` off an evaluator's frame and state: streaks, metrics, milestones,
/// badges with progress, the quote and the message of the day.
package struct EvaluationReporter {
  let program: Program
  let evaluator: DayRunner

  package init(program: Program, evaluator: DayRunner) {
    self.program = program
    self.evaluator = evaluator
  }

  var catalog: ValidatedCatalog { program.catalog }
  var frame: Frame { evaluator.frame }

  package func report(
    day: CalendarDay, user: String?, start: CalendarDay?, state: CountedState, new: [Int]
  ) -> Evaluation {
    evaluator.completeMetrics()
    let layout = program.layout
    var result = Evaluation(catalog: catalog.catalog.id, user: user, date: day)
    result.streaks = catalog.streaks.indices.map { index in
      let fields = layout.streaks[index]
      return Evaluation.StreakReport(
        name: catalog.streaks[index].streak.name, current: frame.ints[fields.current],
        best: frame.ints[fields.best], freezes: frame.ints[fields.freezes])
    }
    result.metrics = catalog.metrics.indices.map { index in
      Evaluation.MetricReport(
        name: catalog.catalog.metrics[index].name, value: value(catalog.metrics[index].type, layout.metrics[index]))
    }
    result.milestones = milestones(start: start)
    let unlockedOrder = state.unlocked.indices.filter { state.unlocked[$0] != nil }
      .sorted { (state.unlocked[$0]!, $0) < (state.unlocked[$1]!, $1) }
    result.badges.unlocked = unlockedOrder.map {
      Evaluation.Unlock(id: catalog.badges[$0].badge.id, date: CalendarDay(number: state.unlocked[$0]!))
    }
    result.badges.new = new.map { catalog.badges[$0].badge.id }
    result.badges.locked = catalog.badges.indices.filter { state.unlocked[$0] == nil }.map(progress)
    // Quotes that rotate by day count from the start, or else from the day counting began.
    result.quote = quote(day: day, origin: start ?? state.origin.map(CalendarDay.init(number:)) ?? day)
    result.message = message()
    return result
  }

  private func value(_ type: ValueType, _ slot: Slot) -> Value {
    switch (slot, type) {
    case (.num(let i), _): .number(frame.nums[i])
    case (.int(let i), .bool): .bool(frame.ints[i] != 0)
    case (.int(let i), .enumeration(let enumType)): .member(frame.ints[i], enumType)
    case (.int(let i), _): .int(frame.ints[i])
    }
  }

  private func milestones(start: CalendarDay?) -> Evaluation.MilestoneReport {
    guard let track = catalog.catalog.milestones, let index = catalog.milestoneStreak else {
      return Evaluation.MilestoneReport()
    }
    var report = Evaluation.MilestoneReport(streak: track.streak)
    let streak = catalog.streaks[index].streak
    if streak.needsStart && start == nil { return report }
    let current = frame.ints[program.layout.streaks[index].current]
    let ordered = track.milestones.sorted { $0.day < $1.day }
    report.reached = ordered.filter { $0.day <= current }.map(\.id)
    if evaluator.moved[index], let today = ordered.first(where: { $0.day == current }) {
      report.today = today.id
    }
    if let next = ordered.first(where: { $0.day > current }) {
      report.next = Evaluation.MilestoneReport.Next(id: next.id, day: next.day, daysUntil: next.day - current)
    }
    return report
  }

  private func progress(_ index: Int) -> Evaluation.LockedBadge {
    let badge = catalog.badges[index]
    var best: (current: Value, target: Value, fraction: Double)?
    for measure in program.progress[index] {
      let current = measure.current.value(frame)
      let target = measure.target.value(frame)
      let fraction = Self.fraction(current.asDouble, target.asDouble)
      if best == nil || fraction < best!.fraction { best = (current, target, fraction) }
    }
    guard let best else { return Evaluation.LockedBadge(id: badge.badge.id) }
    return Evaluation.LockedBadge(
      id: badge.badge.id, current: best.current, target: best.target,
      progress: (best.fraction * 1000).rounded() / 1000)
  }

  /// How far `current` is towards `target`, from 0 to 1.
  static func fraction(_ current: Double, _ target: Double) -> Double {
    guard target.isFinite, current.isFinite else { return 0 }
    if target <= 0 { return current >= target ? 1 : 0 }
    return min(1, max(0, current / target))
  }

  private func quote(day: CalendarDay, origin: CalendarDay) -> Evaluation.QuoteReport? {
    guard let rotation = catalog.catalog.quotes, !rotation.quotes.isEmpty else { return nil }
    let count = rotation.quotes.count
    let quote: Quote
    switch rotation.rule {
    case .dayOfYear:
      quote = rotation.quotes[(day.dayOfYear - 1) % count]
    case .day:
      let offset = day - origin
      quote = rotation.quotes[((offset % count) + count) % count]
    }
    return Evaluation.QuoteReport(
      id: quote.id, text: quote.text, arabic: quote.arabic, source: quote.source, category: quote.category)
  }

  private func message() -> Evaluation.MessageReport? {
    for (index, message) in program.messages.enumerated() {
      if let when = message.when, !when.test(frame) { continue }
      guard let variant = message.variants.first(where: { $0.when?.test(frame) ?? true }) else { continue }
      return Evaluation.MessageReport(
        id: catalog.messages[index].message.id, title: message.title?.render(frame), text: variant.text.render(frame),
        action: message.action?.render(frame), icon: catalog.messages[index].message.display["icon"])
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
