@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// A date that is malformed or does not exist, or one repeated or out of order.
  public static let badDate: DiagnosticID = "bad-date"
  /// A day's value that the catalog's input does not allow.
  public static let badValue: DiagnosticID = "bad-value"
  /// A value for an input the catalog does not have.
  public static let unknownInput: DiagnosticID = "unknown-input"
  /// An exported catalog that cannot be used (`Engine(exportedCatalog:)`).
  public static let badCatalog: DiagnosticID = "bad-catalog"
  /// A saved state that cannot be used (`UserState(json:for:)`, or a check whose state belongs
  /// to another user).
  public static let badState: DiagnosticID = "bad-state"
  /// A record made for another catalog's engine.
  public static let wrongCatalog: DiagnosticID = "wrong-catalog"
}

/// Why the engine refused something: a stable id (`unknown-input`, `bad-value`, `bad-date`,
/// `bad-catalog`, `bad-state`, `wrong-catalog`) and a message for people. For a
/// catalog that cannot be used, `diagnostics` holds every problem with where it is.
public struct EngineError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kind of problem, stable across versions (for code and for HTTP error bodies).
  public var id: DiagnosticID
  /// What is wrong, in one sentence.
  public var message: String
  /// Each problem of a catalog that cannot be used, with the place it is at.
  public var diagnostics: [Diagnostic]

  /// An error of kind `id` saying `message`.
  public init(_ id: DiagnosticID, _ message: String, diagnostics: [Diagnostic] = []) {
    self.id = id
    self.message = message
    self.diagnostics = diagnostics
  }

  /// The message, then each diagnostic on a line of its own.
  public var description: String {
    ([message] + diagnostics.map(\.description)).joined(separator: "\n")
  }
}
