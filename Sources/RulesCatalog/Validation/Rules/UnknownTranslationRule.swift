@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let unknownTranslation: DiagnosticID = "unknown-translation"
}

/// A locale file translates only what the catalog has: an element of the catalog, and a text
/// it gives in its default language.
package enum UnknownTranslationRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.unknownTranslation
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A locale file translates only elements the catalog has, and texts they have in the default language."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-step, name: First Step, when: done}
      """,
      expected: [
        "locales/ar/catalog.yaml:2:3: error: the catalog has no badge 'frist-step' to translate; did you mean 'first-step'?",
        "locales/ar/catalog.yaml:3:50: error: the badge 'first-step' has no description in the default language to translate",
      ],
      modules: [
        "locales/ar/catalog.yaml": """
        badges:
          frist-step: {name: الخطوة الأولى}
          first-step: {name: الخطوة الأولى, description: أكمل دعاءك الأول}
        """
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-step, name: First Step, when: done}
      """,
      modules: ["locales/ar/catalog.yaml": "badges:\n  first-step: {name: الخطوة الأولى}\n"]),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // A catalog in one language has nothing to compare (nor its texts to gather).
    guard !catalog.translations.locales.isEmpty else { return }
    let texts = catalog.texts
    let known = Set(texts.map(\.key))
    // Each kind's ids in the catalog's order (for suggestions) and as a set (for membership: a
    // catalog of 50,000 badges made a search of the array for each text quadratic).
    var ids: [TextKey.Kind: [String]] = [:]
    var idSets: [TextKey.Kind: Set<String>] = [:]
    func add(_ kind: TextKey.Kind, _ id: String) {
      if idSets[kind, default: []].insert(id).inserted { ids[kind, default: []].append(id) }
    }
    for text in texts { add(text.key.kind, text.key.id) }
    // Elements without any text still exist (a badge needs a name; a streak need not).
    for name in catalog.streaks.map(\.name) { add(.streaks, name) }
    for name in catalog.metrics.map(\.name) { add(.metrics, name) }
    for id in catalog.groups.map(\.id) { add(.groups, id) }
    for id in catalog.milestones?.milestones.map(\.id) ?? [] { add(.milestones, id) }
    for locale in catalog.translations.locales {
      guard let language = catalog.translations.languages[locale] else { continue }
      var reported = Set<String>()
      for (key, text) in language.texts.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
        let kind = key.kind
        if kind != .catalog, !(idSets[kind]?.contains(key.id) ?? false) {
          guard reported.insert("\(kind.rawValue).\(key.id)").inserted else { continue }
          report.error(
            text.idOrigin,
            "the catalog has no \(kind.singular) '\(key.id)' to translate\(Suggestion.hint(for: key.id, in: ids[kind] ?? []))"
          )
        } else if let wording = key.wording {
          let count = texts.filter { $0.key.kind == kind && $0.key.id == key.id && $0.key.field == key.field }.count
          report.error(
            text.origin,
            count == 1
              ? "the message '\(key.id)' has one text; translate it as one text, not a list"
              : "the message '\(key.id)' has no wording \(wording + 1) to translate (it has \(count))")
        } else if kind == .messages, key.field == "text", known.contains(TextKey(kind, key.id, "text", wording: 0)) {
          report.error(
            text.origin, "the message '\(key.id)' has several wordings; translate its text as a list of them, in order")
        } else {
          let owner = kind == .catalog ? "the catalog" : "the \(kind.singular) '\(key.id)'"
          report.error(text.origin, "\(owner) has no \(key.field) in the default language to translate")
        }
      }
    }
  }
}
