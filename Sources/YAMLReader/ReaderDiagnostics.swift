import RulesSource

extension DiagnosticID {
  /// Text that is not YAML, as libyaml reports it.
  public static let yamlSyntax: DiagnosticID = "yaml-syntax"
  /// Text that is not UTF-8 (UTF-16, invalid bytes, control characters).
  public static let yamlEncoding: DiagnosticID = "yaml-encoding"
  /// Lists and mappings nested deeper than the limit.
  public static let yamlTooDeep: DiagnosticID = "yaml-too-deep"
  /// Aliases that expand to more nodes than the limit.
  public static let yamlAliasBudget: DiagnosticID = "yaml-alias-budget"
  /// An alias with no anchor before it, or one inside the node it names.
  public static let yamlBadAlias: DiagnosticID = "yaml-bad-alias"
  /// The same key twice in one mapping.
  public static let yamlDuplicateKey: DiagnosticID = "yaml-duplicate-key"
  /// More than one document in a file.
  public static let yamlMultipleDocuments: DiagnosticID = "yaml-multiple-documents"
  /// A tag outside the core schema (`!!python/object`, `!custom`...).
  public static let yamlUnsupportedTag: DiagnosticID = "yaml-unsupported-tag"
  /// A scalar that does not fit its tag (`!!int ten`) or an integer out of range.
  public static let yamlInvalidValue: DiagnosticID = "yaml-invalid-value"
}
