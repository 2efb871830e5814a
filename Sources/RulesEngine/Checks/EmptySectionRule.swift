import RulesSource

extension DiagnosticID {
  public static let emptySection: DiagnosticID = "empty-section"
}

/// A quote rotation needs quotes, and a milestone track needs milestones.
public enum EmptySectionRule: CatalogRule {
  public static let id = DiagnosticID.emptySection
  public static let summary = "`quotes` and `milestones` hold at least one entry."
  public static let examples = [
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

  public static func check(_ catalog: Catalog, into report: inout RuleReport) {
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
