import RulesSource

/// One check of a loaded catalog, as a small unit with its own examples (in the manner of
/// SwiftLint's rules). The type checker and the decoder report the rest; every rule's
/// examples run in one test loop and become `docs/diagnostics.md`.
public protocol CatalogRule {
  /// The id its diagnostics carry.
  static var id: DiagnosticID { get }
  /// What it checks, in a sentence.
  static var summary: String { get }
  /// Catalogs that trigger it (with the diagnostics expected) and catalogs that do not.
  static var examples: [RuleExample] { get }
  /// Reports what it finds in `catalog`.
  static func check(_ catalog: Catalog, into report: inout RuleReport)
}

/// A catalog written for a rule's documentation and tests, with the diagnostics it must
/// give, each as `line:column: severity: message` (an empty list: it must pass).
public struct RuleExample: Sendable {
  public var yaml: String
  public var expected: [String]
  /// Other files the example's catalog imports, by path relative to it.
  public var modules: [String: String]

  public init(_ yaml: String, expected: [String] = [], modules: [String: String] = [:]) {
    self.yaml = yaml
    self.expected = expected
    self.modules = modules
  }
}

/// Collects a rule's diagnostics.
public struct RuleReport {
  public private(set) var diagnostics: [Diagnostic] = []
  let id: DiagnosticID

  init(id: DiagnosticID) {
    self.id = id
  }

  mutating func error(_ origin: Origin, _ message: String) {
    diagnostics.append(Diagnostic(file: origin.file, mark: origin.mark, id: id, message: message))
  }

  mutating func warning(_ origin: Origin, _ message: String) {
    diagnostics.append(
      Diagnostic(file: origin.file, mark: origin.mark, severity: .warning, id: id, message: message))
  }
}

/// Every rule, in the order they run.
public enum CatalogRules {
  nonisolated(unsafe) public static let all: [any CatalogRule.Type] = [
    DuplicateIDRule.self,
    DuplicateNameRule.self,
    MilestoneDayRule.self,
    MilestoneStreakRule.self,
    BadgeGroupRule.self,
    ShadowedMessageRule.self,
    EmptySectionRule.self,
    OverflowRule.self,
  ]

  /// Runs every rule on `catalog`.
  public static func check(_ catalog: Catalog) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for rule in all {
      var report = RuleReport(id: rule.id)
      rule.check(catalog, into: &report)
      diagnostics += report.diagnostics
    }
    return diagnostics
  }
}
