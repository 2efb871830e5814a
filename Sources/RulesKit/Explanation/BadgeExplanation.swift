import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Why a badge is or is not unlocked on a date: its criterion with the values it saw, and
/// the progress towards it (`rules explain`).
package enum BadgeExplanation {
  package static func explain(
    _ program: Program, badge index: Int, history: History, date: CalendarDay
  ) -> String {
    let catalog = program.catalog
    let badge = catalog.badges[index]
    let evaluator = DayRunner(program: program)
    var state = CountedState(for: catalog)
    _ = CheckRunner.check(evaluator, history: history, date: date, state: &state)
    evaluator.completeMetrics()

    var lines = ["\(badge.badge.id) “\(Bidi.isolated(badge.badge.name))” on \(date)"]
    if let day = state.unlocked[index] {
      lines[0] += ": unlocked on \(CalendarDay(number: day))"
    } else {
      lines[0] += ": locked"
    }
    if let description = badge.badge.description { lines.append("  \(Bidi.isolated(description))") }
    lines.append("  when: \(badge.badge.when.text)")
    for line in CriterionExplainer(program: program, frame: evaluator.frame).explain(
      badge.when, source: badge.badge.when.text)
    {
      lines.append("    \(line)")
    }
    if state.unlocked[index] == nil {
      let reporter = EvaluationReporter(program: program, evaluator: evaluator)
      let report = reporter.report(
        day: date, user: history.user, start: history.start, state: state, new: [], calendar: history.calendar)
      if let locked = report.badges.locked.first(where: { $0.id == badge.badge.id }),
        let current = locked.current, let target = locked.target, let progress = locked.progress
      {
        lines.append("  progress: \(current)/\(target) (\(Int((progress * 100).rounded()))%)")
      }
      if let group = badge.group, catalog.catalog.groups[group].progressive {
        let members = catalog.badges.indices.filter { catalog.badges[$0].group == group }
        if let blocker = members.first(where: { state.unlocked[$0] == nil }), blocker != index {
          lines.append(
            "  it is in the progressive group '\(catalog.catalog.groups[group].id)': '\(catalog.badges[blocker].badge.id)' unlocks first, one badge per check"
          )
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}
