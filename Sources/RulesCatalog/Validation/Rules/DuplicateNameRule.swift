@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let duplicateName: DiagnosticID = "duplicate-name"
}

/// Inputs, streaks and metrics share one namespace (expressions name them), so a name may be
/// defined once across the three sections.
package enum DuplicateNameRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.duplicateName
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "Inputs, streaks and metrics share one namespace: each name is defined once."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs:
        steps: {type: int}
      metrics:
        steps: total(logged)
      """,
      expected: [
        "3:3: error: the name 'steps' is defined twice: as an input here and as a metric at line 5, column 3",
        "5:3: error: the name 'steps' is defined twice: as a metric here and as an input at line 3, column 3",
      ]),
    RuleExample(
      """
      catalog: demo
      inputs:
        steps: {type: int, min: 0, max: 100000}
      metrics:
        total_steps: total(steps)
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule: each definition of a name that is
  /// defined again in its file, pointing at the first other one (in inputs, streaks, metrics
  /// order). The definitions are grouped by name and file once, so a catalog of thousands of
  /// names costs each one a dictionary lookup, not a comparison with every other.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    let entries =
      catalog.inputs.map { ($0.name, "an input", $0.origin) }
      + catalog.streaks.map { ($0.name, "a streak", $0.origin) }
      + catalog.metrics.map { ($0.name, "a metric", $0.origin) }
    // Each name and file's first definition, and its first one at another place.
    var firsts: [NameInFile: (first: Int, other: Int?)] = [:]
    for (index, entry) in entries.enumerated() {
      let key = NameInFile(name: entry.0, file: entry.2.file)
      guard let known = firsts[key] else {
        firsts[key] = (index, nil)
        continue
      }
      if known.other == nil && entries[known.first].2 != entry.2 { firsts[key] = (known.first, index) }
    }
    for (name, what, origin) in entries {
      guard let known = firsts[NameInFile(name: name, file: origin.file)] else { continue }
      let otherIndex = entries[known.first].2 != origin ? known.first : known.other
      guard let otherIndex else { continue }
      let (_, otherWhat, otherOrigin) = entries[otherIndex]
      report.error(
        origin,
        "the name '\(name)' is defined twice: as \(what) here and as \(otherWhat) at line \(otherOrigin.mark.line), column \(otherOrigin.mark.column)"
      )
    }
    for (name, _, origin) in entries where ["badges", "logged", "day", "weekday", "hijri"].contains(name) {
      report.error(origin, "'\(name)' is a built-in name; choose another")
    }
  }

  /// A name as defined in one file.
  private struct NameInFile: Hashable {
    let name: String
    let file: String
  }
}
