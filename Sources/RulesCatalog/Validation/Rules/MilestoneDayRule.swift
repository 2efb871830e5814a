@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let milestoneDay: DiagnosticID = "milestone-day"
}

/// Milestone days are positive (Day 0 is the start, never a milestone) and each day has one
/// milestone. Out of order days are a warning: the list reads as a timeline.
package enum MilestoneDayRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.milestoneDay
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "Milestone days are 1 or more, never repeated, and listed in order."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {relapse: {type: bool}}
      streaks: {streak: {type: elapsed, resets: relapse}}
      milestones:
        streak: streak
        list:
          - {id: start, day: 0}
          - {id: week, day: 7}
          - {id: again, day: 7}
          - {id: three, day: 3}
      """,
      expected: [
        "7:24: error: milestone 'start' is on day 0; milestone days start at 1 (Day 0 is the start day)",
        "9:24: error: day 7 already has the milestone 'week' (line 8, column 23)",
        "10:24: warning: milestone 'three' (day 3) comes after day 7; list milestones in day order",
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {relapse: {type: bool}}
      streaks: {streak: {type: elapsed, resets: relapse}}
      milestones:
        streak: streak
        list:
          - {id: first, day: 1}
          - {id: week, day: 7}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    guard let track = catalog.milestones else { return }
    var byDay: [Int: Milestone] = [:]
    var latest = 0
    for milestone in track.milestones {
      if milestone.day < 1 {
        report.error(
          milestone.dayOrigin,
          "milestone '\(milestone.id)' is on day \(milestone.day); milestone days start at 1 (Day 0 is the start day)"
        )
        continue
      }
      if let first = byDay[milestone.day] {
        report.error(
          milestone.dayOrigin,
          "day \(milestone.day) already has the milestone '\(first.id)' (line \(first.dayOrigin.mark.line), column \(first.dayOrigin.mark.column))"
        )
        continue
      }
      byDay[milestone.day] = milestone
      if milestone.day < latest {
        report.warning(
          milestone.dayOrigin,
          "milestone '\(milestone.id)' (day \(milestone.day)) comes after day \(latest); list milestones in day order"
        )
      }
      latest = max(latest, milestone.day)
    }
  }
}
