@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The milestone streak as a check reported it: its value and the day its run began. The
/// next check reports the milestones passed since (`milestones.new`); the state file keeps it
/// as `milestone_check`.
package struct MilestoneMark: Sendable, Equatable {
  /// The streak's value at the check.
  package var current: Int
  /// The day (a day number) its run began, or nil.
  package var start: Int?

  package init(current: Int, start: Int?) {
    self.current = current
    self.start = start
  }

  /// The milestone streak of `evaluation`, or nil when the catalog has no milestones.
  package init?(_ evaluation: Evaluation) {
    guard let name = evaluation.milestones.streak, let streak = evaluation.streak(name) else { return nil }
    self.init(current: streak.current, start: streak.start?.number)
  }
}
