@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension CheckRunner {
  /// The last day (a day number) on or before `through` on which the streak `streak` (its
  /// index) counted, with the history's pauses, grants and restores; nil when it never did.
  /// A restore through `through` covers the days after it (`Engine.restore`).
  package static func lastCounted(_ program: Program, history: History, streak: Int, through: CalendarDay) -> Int? {
    let runner = DayRunner(program: program)
    runner.adjust(for: history)
    var state = CountedState(for: program.catalog)
    let first = DayRunner.firstDay(of: history, before: through.number + 1)
    state.origin = history.records.first?.date.number ?? first
    let start = history.start?.number
    let skipped = Set(history.skippedDays)
    var index = history.records.partitioningIndex { $0.date.number >= first }
    var last: Int?
    var day = first
    while day <= through.number {
      defer { day += 1 }
      if skipped.contains(day) { continue }
      var values: [Int]?
      if index < history.records.count, history.records[index].date.number == day {
        values = history.records[index].values
        index += 1
      }
      _ = runner.step(day: day, values: values, state: &state, start: start, check: false)
      if runner.machine.moved[streak] { last = day }
    }
    return last
  }
}
