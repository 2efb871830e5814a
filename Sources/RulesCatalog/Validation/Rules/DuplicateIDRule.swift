@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let duplicateID: DiagnosticID = "duplicate-id"
}

/// Ids are unique within their section (badges, groups, milestones, quotes, messages,
/// leaderboards); both
/// places are reported.
package enum DuplicateIDRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.duplicateID
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary = "Ids are unique within their section; both places are reported."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first, name: First, when: done}
        - {id: first, name: Again, when: done}
      """,
      expected: [
        "4:5: error: the badge id 'first' is used twice (also at line 5, column 5)",
        "5:5: error: the badge id 'first' is used twice (also at line 4, column 5)",
      ]),
    RuleExample(
      """
      catalog: demo
      quotes:
        list:
          - {id: q1, text: One}
          - {id: q2, text: Two}
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // Badges, nearly all of a large catalog's ids, are checked in place: their list of ids and
    // places is made only when an id is used twice.
    var badgeIDs = Set<String>(minimumCapacity: catalog.badges.count)
    if catalog.badges.indices.contains(where: { !badgeIDs.insert(catalog.badges[$0].id).inserted }) {
      find(catalog.badges.map { ($0.id, $0.origin) }, "badge", &report)
    }
    find(catalog.groups.map { ($0.id, $0.origin) }, "group", &report)
    find(catalog.milestones?.milestones.map { ($0.id, $0.origin) } ?? [], "milestone", &report)
    find(catalog.quotes?.quotes.map { ($0.id, $0.origin) } ?? [], "quote", &report)
    find(catalog.messages.map { ($0.id, $0.origin) }, "message", &report)
    find(catalog.leaderboards.map { ($0.id, $0.origin) }, "leaderboard", &report)
  }

  private static func find(_ entries: [(String, Origin)], _ what: String, _ report: inout RuleReport) {
    // Most sections have no id twice: a set tells so without an array of places per id.
    var ids = Set<String>(minimumCapacity: entries.count)
    guard entries.contains(where: { !ids.insert($0.0).inserted }) else { return }
    var seen: [String: [Origin]] = [:]
    for (id, origin) in entries { seen[id, default: []].append(origin) }
    for (id, origin) in entries {
      guard let places = seen[id], places.count > 1 else { continue }
      // Within one file (clashes across files are the loader's name-clash).
      let others = places.filter { $0 != origin && $0.file == origin.file }
      guard let other = others.first else { continue }
      report.error(
        origin,
        "the \(what) id '\(id)' is used twice (also at line \(other.mark.line), column \(other.mark.column))")
    }
  }
}
