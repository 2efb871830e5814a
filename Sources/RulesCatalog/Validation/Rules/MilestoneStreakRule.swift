@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let unknownStreak: DiagnosticID = "unknown-streak"
}

/// The milestones' `streak` names a streak of the catalog.
package enum MilestoneStreakRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.unknownStreak
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary = "The milestones' `streak` names one of the catalog's streaks."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {relapse: {type: bool}}
      streaks: {clean: {type: elapsed, resets: relapse}}
      milestones:
        streak: cleen
        list: [{id: first, day: 1}]
      """,
      expected: ["5:11: error: the milestones' streak 'cleen' is not a streak of this catalog; did you mean 'clean'?"]),
    RuleExample(
      """
      catalog: demo
      inputs: {relapse: {type: bool}}
      streaks: {clean: {type: elapsed, resets: relapse}}
      milestones:
        streak: clean
        list: [{id: first, day: 1}]
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    guard let track = catalog.milestones else { return }
    let names = catalog.streaks.map(\.name)
    if !names.contains(track.streak) {
      report.error(
        track.streakOrigin,
        "the milestones' streak '\(track.streak)' is not a streak of this catalog"
          + (names.isEmpty
            ? " (it has none)" : Suggestion.hint(for: track.streak, in: names)))
    }
  }
}
