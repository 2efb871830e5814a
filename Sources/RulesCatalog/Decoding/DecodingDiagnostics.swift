@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A key the format does not know (often a typo).
  package static let unknownKey: DiagnosticID = "unknown-key"
  /// A required key is not there.
  package static let missingKey: DiagnosticID = "missing-key"
  /// A value of the wrong kind: text where a number belongs, a list where a mapping does...
  package static let wrongType: DiagnosticID = "wrong-type"
  /// A value of the right kind that is not allowed: a malformed id, a word not in the list.
  package static let invalidValue: DiagnosticID = "invalid-value"
}
