@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// What a repair the user asks for would do (`Engine.repair`): the streaks the day broke.
extension CheckRunner {
  /// For each streak of the catalog, whether the day `date` broke it: counting `history` through
  /// `date` (every day final, the history's pauses, grants, restores and repairs applied), the
  /// streak was running the day before and is at 0 after it: the day did not count, was not
  /// skipped or paused, and no freeze, restore or repair covered it.
  package static func broken(_ program: Program, history: History, on date: CalendarDay) -> [Bool] {
    let evaluator = DayRunner(program: program)
    var state = CountedState(for: program.catalog)
    _ = evaluator.catchUp(to: date.number, history: history, state: &state)
    let before = state.streaks
    let start = history.start?.number
    evaluator.load(day: date.number, values: history.record(on: date)?.values, state: state, start: start)
    evaluator.run(day: date.number, state: state, start: start, inProgress: false)
    let after = evaluator.streakStates
    return program.catalog.streaks.indices.map { before[$0].current > 0 && after[$0].current == 0 }
  }
}
