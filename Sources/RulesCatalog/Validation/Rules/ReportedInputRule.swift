@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let reportedInput: DiagnosticID = "reported-input"
}

/// A streak's `today: {final_once_reported: [...]}` names inputs of the catalog, each once.
package enum ReportedInputRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.reportedInput
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A streak's `today: {final_once_reported: [...]}` names inputs of the catalog, each once: the day is final once its record reports them."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {planned: {type: bool}, completed: {type: bool}}
      streaks:
        training:
          counts: planned && completed
          today: {final_once_reported: [complete, planned, planned]}
      """,
      expected: [
        "6:35: error: 'complete' in 'final_once_reported' is not an input of this catalog; did you mean 'completed'?",
        "6:54: error: 'planned' is listed twice in 'final_once_reported'",
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {planned: {type: bool}, completed: {type: bool}}
      streaks:
        training:
          counts: planned && completed
          today: {final_once_reported: completed}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    let inputs = catalog.inputs.map(\.name)
    for streak in catalog.streaks {
      var listed = Set<String>()
      for input in streak.today.reportedInputs where Names.isName(input.name) {
        guard listed.insert(input.name).inserted else {
          report.error(input.origin, "'\(input.name)' is listed twice in 'final_once_reported'")
          continue
        }
        if !inputs.contains(input.name) {
          report.error(
            input.origin,
            "'\(input.name)' in 'final_once_reported' is not an input of this catalog"
              + (inputs.isEmpty ? " (it has none)" : Suggestion.hint(for: input.name, in: inputs)))
        }
      }
    }
  }
}
