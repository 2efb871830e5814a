@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The days before a check, counted one after the other (the nightly batch's work).
extension DayRunner {
  /// Counts every day after the state's last counted day up to (not including) `day`, as the
  /// app would have seen them had it checked each day: badges outside progressive groups
  /// unlock on the day their criterion held. Returns the badges unlocked with their days.
  package func catchUp(to day: Int, history: History, state: inout CountedState) -> [(
    badge: Int, day: Int
  )] {
    var protected: [[Int]] = []
    return catchUp(to: day, history: history, state: &state, protected: &protected)
  }

  /// `catchUp`, noting in `protected` (one list per streak, in date order) the days a freeze
  /// covered among the days it counts: SalahStreak's calendar shades each of them.
  package func catchUp(
    to day: Int, history: History, state: inout CountedState, protected: inout [[Int]]
  ) -> [(badge: Int, day: Int)] {
    if protected.count != program.catalog.streaks.count {
      protected = [[Int]](repeating: [], count: program.catalog.streaks.count)
    }
    let freezing = freezeStreaks
    adjust(for: history)
    // The days before the check are over: a streak final once reported judges them final.
    if !reportedStreaks.isEmpty { judgeFinal() }
    // The Swift day knows nothing of pauses, grants or restores: such a user is counted by
    // the machine.
    let compiled = stepsCompiled && !adjusted
    let start = history.start?.number
    let firstDay = Self.firstDay(of: history, before: day)
    let first = min(state.countedThrough.map { $0 + 1 } ?? firstDay, day)
    if state.origin == nil { state.origin = history.records.first?.date.number ?? firstDay }
    var unlocks: [(Int, Int)] = []
    var index = history.records.partitioningIndex { $0.date.number >= first }
    // Dates a time zone change jumped over are not the user's days: they are passed over.
    let skipped = history.skippedDays
    var skip = skipped.partitioningIndex { $0 >= first }
    var current = first
    while current < day {
      if skip < skipped.count, skipped[skip] == current {
        skip += 1
        current += 1
        continue
      }
      var values: [Int]?
      if index < history.records.count, history.records[index].date.number == current {
        values = history.records[index].values
        index += 1
      }
      // A periodic streak's period a freeze covered is found on the day the next begins.
      let periodsBefore = periodicStreaks.isEmpty ? [] : lastProtected(state)
      let unlocked =
        compiled
        ? compiledDay!.step(day: current, values: values, state: &state, start: start, check: false)
        : step(day: current, values: values, state: &state, start: start, check: false)
      for badge in unlocked {
        unlocks.append((badge, current))
      }
      // A day a freeze covered is the streak's latest protected day once counted.
      for streak in freezing where state.streaks[streak].lastProtected == current {
        protected[streak].append(current)
      }
      // (Not on the day of the last check: that check saw the period covered, as it began.)
      if !periodicStreaks.isEmpty, state.lastCheck != current {
        protectedPeriods(since: periodsBefore, state, into: &protected)
      }
      current += 1
    }
    return unlocks
  }

  /// The day counting starts on: the history's start or its first record, whichever is
  /// earlier (a badge that depends on time since the start gets its true date).
  @_spi(Tooling) public static func firstDay(of history: History, before day: Int) -> Int {
    min(history.start?.number ?? .max, history.records.first?.date.number ?? .max, day)
  }
}
