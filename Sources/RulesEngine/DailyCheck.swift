@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What `Engine.check` gives: the evaluation to show, the state to save, and what the app may
/// want to know.
public struct DailyCheck: Sendable {
  /// The user's progress on the date checked.
  public var evaluation: Evaluation
  /// The state to save (`try state.json()`) and pass to the next check.
  public var state: UserState
  /// Things that are not errors: a counted record that changed, a state of another catalog
  /// version, a state saved after the date checked.
  public var warnings: [EngineWarning]

  /// A check's outcome.
  public init(evaluation: Evaluation, state: UserState, warnings: [EngineWarning] = []) {
    self.evaluation = evaluation
    self.state = state
    self.warnings = warnings
  }
}
