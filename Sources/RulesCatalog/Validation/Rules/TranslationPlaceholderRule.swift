@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let translationPlaceholders: DiagnosticID = "translation-placeholders"
}

/// A translated message text is a template with the same placeholders (and plural numbers) as
/// the default language's: the values the engine fills in are the default text's.
package enum TranslationPlaceholderRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.translationPlaceholders
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A translated message text parses as a template and uses the same placeholders as the default language's."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: int}}
      streaks: {streak: {counts: done > 0}}
      messages:
        - id: going
          text: "{done, plural, one {# habit} other {# habits}} today, {streak.current} days in a row"
      """,
      expected: [
        "locales/fr/catalog.yaml:3:11: error: this translation's placeholders ({done}, {streak.curent}) differ from the default language's ({done}, {streak.current}); a translation uses the same ones",
        "locales/tr/catalog.yaml:3:11: error: this translation is not a valid template: this plural has no 'other' form, which it needs",
      ],
      modules: [
        "locales/fr/catalog.yaml": """
        messages:
          going:
            text: "{done, plural, one {# habitude} other {# habitudes}} aujourd'hui, {streak.curent} jours"
        """,
        "locales/tr/catalog.yaml": """
        messages:
          going:
            text: "{done, plural, one {# alışkanlık}} bugün, {streak.current} gün"
        """,
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: int}}
      messages:
        - {id: going, text: "{done} done"}
      """,
      modules: ["locales/fr/catalog.yaml": "messages:\n  going: {text: \"{ done } faits\"}\n"]),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // A catalog in one language has nothing to compare (nor its texts to gather).
    guard !catalog.translations.locales.isEmpty else { return }
    var defaults: [TextKey: [String]] = [:]
    for text in catalog.texts where Catalog.isTemplate(text.key) {
      defaults[text.key] = Template.parse(text.text).0.arguments.map(\.key)
    }
    for locale in catalog.translations.locales {
      guard let language = catalog.translations.languages[locale] else { continue }
      for (key, text) in language.texts.sorted(by: { $0.key < $1.key }) {
        guard let expected = defaults[key] else { continue }
        let (template, errors) = Template.parse(text.text)
        if let error = errors.first {
          report.error(text.origin, "this translation is not a valid template: \(error.message)")
          continue
        }
        let found = template.arguments.map(\.key)
        if Set(found) != Set(expected) {
          func list(_ keys: [String]) -> String {
            keys.isEmpty ? "none" : keys.map { "{\($0)}" }.joined(separator: ", ")
          }
          report.error(
            text.origin,
            "this translation's placeholders (\(list(found))) differ from the default language's (\(list(expected))); a translation uses the same ones"
          )
        }
      }
    }
  }
}
