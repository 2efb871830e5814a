@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Every rule, in the order they run.
package enum CatalogRules {
  nonisolated(unsafe) public static let all: [any CatalogRule.Type] = [
    DuplicateIDRule.self,
    DuplicateNameRule.self,
    MilestoneDayRule.self,
    MilestoneStreakRule.self,
    BadgeGroupRule.self,
    BadgeRequiresRule.self,
    ReportedInputRule.self,
    ShadowedMessageRule.self,
    EmptySectionRule.self,
    OverflowRule.self,
    InputMaxRule.self,
    UnknownTranslationRule.self,
    TranslationPlaceholderRule.self,
    MissingTranslationRule.self,
    DirectionMarkRule.self,
    PluralCategoryRule.self,
  ]

  /// Runs every rule on `catalog`.
  package static func validate(_ catalog: Catalog) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for rule in all {
      var report = RuleReport(id: rule.id)
      rule.validate(catalog, into: &report)
      diagnostics += report.diagnostics
    }
    return diagnostics
  }
}
