@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let pluralCategory: DiagnosticID = "plural-category"
}

/// A plural's forms are categories the text's language uses (CLDR's rules): English never
/// takes `few`, Arabic takes all six. A form the language never chooses is dead text.
package enum PluralCategoryRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.pluralCategory
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "A plural's categories are ones its text's language uses (CLDR's plural rules for the default locale or the locale file's)."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: int}}
      messages:
        - id: going
          text: "{done, plural, one {# habit} few {# habits} other {# habits}}"
      """,
      expected: [
        "5:11: error: the plural category 'few' is never used in en (it uses one, other); use those or =N",
        "locales/fr/catalog.yaml:3:11: error: the plural category 'two' is never used in fr (it uses one, many, other); use those or =N",
      ],
      modules: [
        "locales/fr/catalog.yaml": """
        messages:
          going:
            text: "{done, plural, one {# habitude} two {# habitudes} other {# habitudes}}"
        """
      ]),
    RuleExample(
      """
      catalog: demo
      default_locale: ar
      inputs: {done: {type: int}}
      messages:
        - id: going
          text: "{done, plural, =0 {لا عادات} zero {# عادة} one {عادة} two {عادتان} few {# عادات} many {# عادة} other {# عادة}}"
      """),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    for message in catalog.messages {
      let sources = [message.title, message.action].compactMap { $0 } + message.text.map(\.text)
      for source in sources {
        check(source.text, locale: catalog.defaultLocale, at: source.origin, &report)
      }
    }
    for locale in catalog.translations.locales {
      guard let language = catalog.translations.languages[locale] else { continue }
      for (key, text) in language.texts.sorted(by: { $0.key < $1.key }) where Catalog.isTemplate(key) {
        check(text.text, locale: locale, at: text.origin, &report)
      }
    }
  }

  private static func check(_ text: String, locale: String, at origin: Origin, _ report: inout RuleReport) {
    let template = Template.parse(text).0
    let plurals = template.plurals
    guard !plurals.isEmpty else { return }
    let textLocale = TextLocale.named(locale)
    let used = textLocale.categoriesUsed
    for plural in plurals {
      for form in plural.forms {
        guard case .category(let category) = form.selector, !used.contains(category) else { continue }
        let names = PluralCategory.allCases.filter(used.contains).map(\.rawValue).joined(separator: ", ")
        report.error(
          origin,
          "the plural category '\(category.rawValue)' is never used in \(textLocale.identifier) (it uses \(names)); use those or =N"
        )
      }
    }
  }
}
