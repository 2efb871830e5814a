import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Why a badge is or is not unlocked on a date: its criterion with the values it saw, and
/// the progress towards it (`rules explain`). A badge is unlocked, locked, or waiting: locked
/// with its criterion holding, for a later check (the word `rules eval` and the evaluation's
/// `waiting` use).
package enum BadgeExplanation {
  /// What `rules eval` and `rules explain` say of a badge that waits for a later check.
  package static let waiting = "waiting for a later check"
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
    let locked: Evaluation.LockedBadge?
    if let day = state.unlocked[index] {
      lines[0] += ": unlocked on \(CalendarDay(number: day))"
      locked = nil
    } else {
      let reporter = EvaluationReporter(program: program, evaluator: evaluator)
      let report = reporter.report(
        day: date, user: history.user, start: history.start, state: state, new: [], calendar: history.calendar)
      locked = report.badges.locked.first { $0.id == badge.badge.id }
      lines[0] += locked?.waiting == true ? ": \(waiting)" : ": locked"
    }
    if let description = badge.badge.description { lines.append("  \(Bidi.isolated(description))") }
    if !badge.badge.requires.isEmpty {
      let missing = Set(program.missingPrerequisites(index, in: state))
      let listed = program.badgeRequires[index].map {
        "\(catalog.badges[$0].badge.id) (\(missing.contains($0) ? "locked" : "unlocked"))"
      }
      lines.append("  requires: " + listed.joined(separator: ", "))
      if state.unlocked[index] == nil, !missing.isEmpty {
        let ids = program.badgeRequires[index].filter(missing.contains).map { catalog.badges[$0].badge.id }
        lines.append("    it needs \(ids.joined(separator: ", ")) unlocked first")
      }
    }
    if badge.badge.whenWritten {
      lines.append("  when: \(badge.badge.when.text)")
      for line in CriterionExplainer(program: program, frame: evaluator.frame).explain(
        badge.when, source: badge.badge.when.text)
      {
        lines.append("    \(line)")
      }
    }
    if state.unlocked[index] == nil {
      if let locked, let current = locked.current, let target = locked.target, let progress = locked.progress {
        lines.append("  progress: \(current)/\(target) (\(Int((progress * 100).rounded()))%)")
      }
      if locked?.waiting == true {
        let unlocks = catalog.catalog.unlocks
        func most(_ limit: Int) -> String { "at most \(limit) badge\(limit == 1 ? "" : "s")" }
        if let limit = unlocks.perCheck {
          lines.append(
            "  its criterion holds; the catalog unlocks \(most(limit)) per check (unlocks: per_check), in catalog order"
          )
        } else if let limit = unlocks.perGroup, badge.group != nil {
          lines.append(
            "  its criterion holds; the catalog unlocks \(most(limit)) of a group per check (unlocks: per_group), in catalog order"
          )
        }
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
