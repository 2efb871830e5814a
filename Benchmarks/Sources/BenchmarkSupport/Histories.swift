@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Generated user histories for any catalog: each user has a consistency (how often a day is
/// a good one) and a share of days without a record; a good day fills the inputs the way a
/// diligent user's app would, a missed day the way a lapse looks. Inputs are recognised by
/// name where it matters (RIZQ's habits, SalahStreak's prayers, relapses and contacts);
/// anything else gets a plausible value of its type.
package struct HistoryGenerator {
  package let inputs: [Input]
  package let days: Int
  package let firstDay: CalendarDay

  package init(inputs: [Input], days: Int = 365, firstDay: CalendarDay = (try! CalendarDay("2025-01-01"))) {
    self.inputs = inputs
    self.days = days
    self.firstDay = firstDay
  }

  /// The history of user number `user` (the same user always gets the same history).
  package func history(user: Int) -> History {
    var random = SplitMix(seed: 0x5EED_0000 &+ UInt64(user))
    let consistency = 0.35 + Double(random.below(64)) / 100  // 0.35 ... 0.98
    let unlogged = Double(random.below(20)) / 100  // 0 ... 0.19 of the days have no record
    let habits = random.below(10) == 0 ? 0 : 1 + random.below(7)
    var records: [EncodedRecord] = []
    records.reserveCapacity(days)
    for offset in 0..<days {
      if random.chance(unlogged) { continue }
      let good = random.chance(consistency)
      var values: [Int] = []
      values.reserveCapacity(inputs.count)
      for input in inputs {
        values.append(value(for: input, good: good, habits: habits, random: &random))
      }
      records.append(EncodedRecord(date: firstDay + offset, values: values))
    }
    return History(user: "user-\(user)", start: firstDay, records: records, file: "generated")
  }

  private func value(for input: Input, good: Bool, habits: Int, random: inout SplitMix) -> Int {
    switch input.kind {
    case .bool:
      switch input.name {
      case "relapse", "contacted": return random.chance(good ? 0.002 : 0.05) ? 1 : 0
      case "planned": return random.chance(0.8) ? 1 : 0
      default: return good || random.chance(0.2) ? 1 : 0
      }
    case .int:
      switch input.name {
      case "habits_total": return habits
      case "habits_completed": return good ? habits : random.below(habits + 1)
      default: return good ? 1 + random.below(9) : random.below(2)
      }
    case .enumeration(let values):
      if let done = values.firstIndex(of: "done") {
        return good ? done : random.below(values.count)
      }
      return random.below(values.count)
    case .number:
      let value = good ? Double(5 + random.below(40)) : Double(random.below(5))
      return Int(bitPattern: UInt(value.bitPattern))
    }
  }
}

/// What evaluating users gave, to check that two implementations agree.
package struct UnlockTally: Equatable, Sendable, CustomStringConvertible {
  package var unlocks = 0
  /// The sum of the unlock days (relative to the first day), so the dates are compared too.
  package var days = 0

  package init() {}

  package var description: String { "\(unlocks) unlocks, day sum \(days)" }
}

/// The engine's daily loop for one user, as an app checking every day runs it: load the
/// day, run it as in progress, unlock badges, run it again as finished when a streak's break
/// was deferred, commit. No reports are built.
package enum DailyLoop {
  package static func run(
    _ evaluator: DayRunner, history: History, days: Int, tally: inout UnlockTally
  ) {
    loop(evaluator.program, history: history, days: days, tally: &tally) { day, values, state, start in
      evaluator.step(day: day, values: values, state: &state, start: start, check: true)
    }
  }

  /// The same loop with the catalog's day compiled to Swift (`CompiledDay`) instead of the
  /// interpreter.
  package static func run<Day: CompiledDay>(
    _ compiled: inout Day, program: Program, history: History, days: Int, tally: inout UnlockTally
  ) {
    loop(program, history: history, days: days, tally: &tally) { day, values, state, start in
      _ = compiled.step(day: day, values: values, state: &state, start: start, check: true)
    }
  }

  /// `run(_:program:...)` for a compiled day known only at run time (one generic
  /// specialization per catalog: the loop itself calls the day directly).
  package static func run(
    compiled: any CompiledDay.Type, program: Program, history: History, days: Int, tally: inout UnlockTally
  ) {
    func open<Day: CompiledDay>(_: Day.Type) {
      var day = Day()
      run(&day, program: program, history: history, days: days, tally: &tally)
    }
    open(compiled)
  }

  @inline(__always)
  static func loop(
    _ program: Program, history: History, days: Int, tally: inout UnlockTally,
    step: (Int, [Int]?, inout CountedState, Int?) -> Void
  ) {
    var state = CountedState(for: program.catalog)
    let first = history.start ?? history.records[0].date
    state.origin = history.records.first?.date.number ?? first.number
    let start = history.start?.number
    var index = 0
    let records = history.records
    var day = first.number
    let end = first.number + days
    while day < end {
      var values: [Int]?
      if index < records.count, records[index].date.number == day {
        values = records[index].values
        index += 1
      }
      step(day, values, &state, start)
      day += 1
    }
    for unlocked in state.unlocked {
      if let unlocked {
        tally.unlocks += 1
        tally.days += unlocked - first.number
      }
    }
  }
}
