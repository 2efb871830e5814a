@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let unknownGroup: DiagnosticID = "unknown-group"
}

/// A badge's `group` names a group of the catalog, and a progressive group has badges.
package enum BadgeGroupRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.unknownGroup
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A badge's `group` is one of the catalog's groups; a group without badges is a warning."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      groups:
        - {id: time, progressive: true}
        - {id: empty}
      badges:
        - {id: one, name: One, when: done, group: tmie}
      """,
      expected: [
        "4:5: warning: the group 'time' has no badges",
        "5:5: warning: the group 'empty' has no badges",
        "7:45: error: the group 'tmie' is not in 'groups'; did you mean 'time'?",
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      groups: [{id: time, progressive: true}]
      badges:
        - {id: one, name: One, when: done, group: time}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    let ids = Set(catalog.groups.map(\.id))
    let used = Set(catalog.badges.compactMap(\.group))
    for group in catalog.groups where !used.contains(group.id) {
      report.warning(group.origin, "the group '\(group.id)' has no badges")
    }
    // Made at the first unknown group: a catalog of thousands of badges naming groups that do
    // not exist costs each one a lookup, not a comparison with every group.
    var suggestions: SuggestionIndex?
    for badge in catalog.badges {
      guard let group = badge.group, !ids.contains(group) else { continue }
      var index = suggestions ?? SuggestionIndex(catalog.groups.map(\.id))
      defer { suggestions = index }
      report.error(
        badge.groupOrigin ?? badge.origin,
        "the group '\(group)' is not in 'groups'" + index.hint(for: group))
    }
  }
}
