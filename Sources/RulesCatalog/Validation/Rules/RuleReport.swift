@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Collects a rule's diagnostics.
package struct RuleReport {
  /// The problems reported so far.
  package private(set) var diagnostics: [Diagnostic] = []
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
