@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let emptySection: DiagnosticID = "empty-section"
}

/// A quote rotation needs quotes, and a milestone track needs milestones.
package enum EmptySectionRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.emptySection
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary = "`quotes` and `milestones` hold at least one entry."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      quotes:
        rotation: day-of-year
        list: []
      """,
      expected: ["4:9: error: the quote list is empty; add a quote or remove 'quotes'"]),
    RuleExample(
      """
      catalog: demo
      quotes:
        list: [{id: q1, text: Patience}]
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // A list whose entries are all malformed is not empty: their errors are reported.
    if let quotes = catalog.quotes, quotes.quotes.isEmpty, quotes.writtenCount == 0 {
      report.error(
        quotes.listOrigin ?? Origin(file: catalog.file, mark: .start),
        "the quote list is empty; add a quote or remove 'quotes'")
    }
    if let track = catalog.milestones, track.milestones.isEmpty, track.writtenCount == 0 {
      report.error(track.streakOrigin, "the milestone list is empty; add a milestone or remove 'milestones'")
    }
  }

}
