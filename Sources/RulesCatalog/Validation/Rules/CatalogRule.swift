@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// One check of a loaded catalog, as a small unit with its own examples (in the manner of
/// SwiftLint's rules). Type inference and the decoder report the rest; every rule's
/// examples run in one test loop and become `docs/diagnostics.md`.
package protocol CatalogRule {
  /// The id its diagnostics carry.
  static var id: DiagnosticID { get }
  /// What it checks, in a sentence.
  static var summary: String { get }
  /// Catalogs that trigger it (with the diagnostics expected) and catalogs that do not.
  static var examples: [RuleExample] { get }
  /// Reports what it finds in `catalog`.
  static func validate(_ catalog: Catalog, into report: inout RuleReport)
}

/// A catalog written for a rule's documentation and tests, with the diagnostics it must
/// give, each as `line:column: severity: message` (an empty list: it must pass).
package struct RuleExample: Sendable {
  /// The catalog, as YAML.
  package var yaml: String
  /// What the rule reports, as `line:column: severity: message`; empty when it passes.
  package var expected: [String]
  /// Other files the example's catalog imports, by path relative to it.
  package var modules: [String: String]

  /// An example catalog and what the rule reports on it.
  package init(_ yaml: String, expected: [String] = [], modules: [String: String] = [:]) {
    self.yaml = yaml
    self.expected = expected
    self.modules = modules
  }
}
