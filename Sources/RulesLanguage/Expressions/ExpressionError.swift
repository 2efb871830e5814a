import RulesSource

/// A problem in one expression, at a UTF-8 offset of the expression's text.
@_spi(Tooling) public struct ExpressionError: Error, Sendable, Equatable {
  /// The UTF-8 offset in the expression where the problem is.
  @_spi(Tooling) public var offset: Int
  /// The kind of problem.
  package var id: DiagnosticID
  /// What is wrong.
  @_spi(Tooling) public var message: String
  /// An error or a warning.
  package var severity: Diagnostic.Severity

  /// A problem at `offset`.
  package init(
    offset: Int, id: DiagnosticID, _ message: String, severity: Diagnostic.Severity = .error
  ) {
    self.offset = offset
    self.id = id
    self.message = message
    self.severity = severity
  }
}

extension DiagnosticID {
  /// An expression that does not parse.
  package static let expressionSyntax: DiagnosticID = "expression-syntax"
  /// A name that is not an input, a metric, a streak field or a built-in.
  package static let unknownName: DiagnosticID = "unknown-name"
  /// A function the language does not have.
  package static let unknownFunction: DiagnosticID = "unknown-function"
  /// A function called with the wrong number of arguments.
  package static let wrongArity: DiagnosticID = "wrong-arity"
  /// Operands or arguments of the wrong type.
  package static let typeMismatch: DiagnosticID = "type-mismatch"
  /// A string compared with an enum input that has no such value.
  package static let unknownEnumValue: DiagnosticID = "unknown-enum-value"
  /// Metrics (or streaks) that depend on themselves.
  package static let dependencyCycle: DiagnosticID = "dependency-cycle"
  /// A `{` in a message text without its `}`.
  package static let templateSyntax: DiagnosticID = "template-syntax"
}
