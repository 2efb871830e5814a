@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let missingTranslation: DiagnosticID = "missing-translation"
}

/// A language translates every text of the catalog; the ones it leaves out are shown in the
/// default language (a warning, listing them).
package enum MissingTranslationRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.missingTranslation
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A locale file translates every text of the catalog (a warning lists those it leaves in the default language)."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      name: Demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-step, name: First Step, description: Complete your first dua, when: done}
      """,
      expected: [
        "locales/ar/catalog.yaml:1:1: warning: the locale 'ar' leaves 2 texts in the default language (en): name, badges.first-step.description"
      ],
      modules: ["locales/ar/catalog.yaml": "badges:\n  first-step: {name: الخطوة الأولى}\n"]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: first-step, name: First Step, when: done}
      """,
      modules: ["locales/ar/catalog.yaml": "badges:\n  first-step: {name: الخطوة الأولى}\n"]),
  ]

  /// At most this many texts are named; the rest are counted.
  static let listed = 20

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    // A catalog in one language has nothing to compare (nor its texts to gather).
    guard !catalog.translations.locales.isEmpty else { return }
    let texts = catalog.texts
    for locale in catalog.translations.locales {
      guard let language = catalog.translations.languages[locale] else { continue }
      let chain = Array(LocaleChain.chain(locale, defaultLocale: catalog.defaultLocale).dropLast())
      let missing = texts.filter { catalog.translations.text($0.key, for: chain) == nil }.map(\.key.description)
      guard !missing.isEmpty else { continue }
      let shown = missing.prefix(listed).joined(separator: ", ")
      let more = missing.count > listed ? " and \(missing.count - listed) more" : ""
      report.warning(
        language.origin,
        "the locale '\(locale)' leaves \(missing.count) \(missing.count == 1 ? "text" : "texts") in the default language (\(catalog.defaultLocale)): \(shown)\(more)"
      )
    }
  }
}
