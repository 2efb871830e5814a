@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Evaluations as the commands run them: one user's progress as of a date, continuing from
/// a saved state (each badge unlocks once, with its first date), and day-by-day replays.
@_spi(Tooling) public enum CheckRunner {
  /// What an evaluation gives: the report, and the state to save (nil when nothing may be
  /// written, e.g. when the saved state is already ahead of the date).
  @_spi(Tooling) public struct Outcome: Sendable {
    /// The evaluation of the date.
    package var evaluation: Evaluation
    /// The state to save; nil when the saved state was after the date (it stays as it was).
    @_spi(Tooling) public var state: UserState?
    /// What the app may want to know (a counted record that changed...).
    package var warnings: [EngineWarning] = []
  }

  /// Evaluates `history` as of `date`, continuing from `saved` when given. With `rebuild`
  /// the history is counted again from its first day; unlocks of `saved` are kept with their
  /// dates. The state returned keeps the records after its last counted day (the day in
  /// progress). A state saved after `date` is left as it is (`state` is nil) and the
  /// evaluation is made from `history` alone, with a `state-ahead` warning. `compiled`: the
  /// program's day compiled to Swift (`CompiledDay.matches(program)`), which then counts the
  /// days before the date.
  @_spi(Tooling) public static func evaluate(
    _ program: Program, history: History, date: CalendarDay, saved: UserState?,
    rebuild: Bool = false, compiled: (any CompiledDay.Type)? = nil
  ) -> Outcome {
    let catalog = program.catalog
    if let saved, !rebuild, let last = saved.date, last > date {
      var outcome = evaluate(program, history: history, date: date, saved: nil, compiled: compiled)
      outcome.warnings.append(
        EngineWarning(
          .stateAhead,
          "the state is evaluated up to \(last), after \(date); this shows \(date) from the history alone and leaves the state as it is",
          date: last))
      outcome.state = nil
      return outcome
    }
    var state =
      (rebuild ? nil : saved) ?? UserState(program: program, user: history.user)
    if state.user == nil { state.user = history.user }
    // What reading the saved state noticed is reported once, by this check.
    var warnings = saved?.warnings ?? []
    state.warnings = []
    if let saved, !rebuild { warnings += changedRecords(history, saved) }

    let evaluator = DayRunner(program: program, compiled: compiled)
    var protected: [[Int]] = []
    var earned = unlocks(evaluator, history: history, date: date, state: &state.counted, protected: &protected)

    if rebuild, let saved {
      // Every unlock of the old state stays, with its old date, and the day's metrics that
      // read badges.count and badges.xp count it (a badge kept but not earned again at this
      // check: RIZQ's First Step on a day without a dua).
      var kept = false
      for (index, day) in saved.counted.unlocked.enumerated() {
        if program.badgeRepeats[index] != nil {
          if keepEarnings(index, of: saved.counted, in: &state.counted, date: date, program: program, new: &earned) {
            kept = true
          }
          continue
        }
        guard let day else { continue }
        if state.counted.unlocked[index] == nil {
          state.counted.badgeCount += 1
          state.counted.badgeXP = Arithmetic.add(state.counted.badgeXP, catalog.badges[index].badge.xp)
          kept = true
        }
        state.counted.unlocked[index] = day
      }
      if kept { evaluator.refreshBadgeMetrics(state.counted) }
      state.otherUnlocks = saved.otherUnlocks
      earned.removeAll { program.badgeRepeats[$0.badge] == nil && saved.counted.unlocked[$0.badge] != nil }
    }
    let new = earned.map(\.badge)
    state.date = date
    state.digests = digests(
      history, countedThrough: state.counted.countedThrough, previous: rebuild ? [:] : state.digests)
    let counted = state.counted.countedThrough ?? .min
    state.pending = Array(history.records[history.records.partitioningIndex { $0.date.number > counted }...])

    let evaluation = EvaluationReporter(program: program, evaluator: evaluator)
      .report(
        day: date, user: history.user, start: history.start, state: state.counted, new: new,
        seen: saved?.milestoneMark, calendar: history.calendar, protected: protected, newDays: earned.map(\.day))
    state.milestoneMark = MilestoneMark(evaluation)
    return Outcome(evaluation: evaluation, state: state, warnings: warnings)
  }

  /// Counts the days before `date` and makes the check of `date`, leaving the day's view in
  /// the evaluator's frame. Returns the badges unlocked.
  package static func check(
    _ evaluator: DayRunner, history: History, date: CalendarDay, state: inout CountedState
  ) -> [Int] {
    var protected: [[Int]] = []
    return check(evaluator, history: history, date: date, state: &state, protected: &protected)
  }

  /// `check`, noting in `protected` the days a freeze covered among the days counted before
  /// the date (one list per streak).
  package static func check(
    _ evaluator: DayRunner, history: History, date: CalendarDay, state: inout CountedState,
    protected: inout [[Int]]
  ) -> [Int] {
    unlocks(evaluator, history: history, date: date, state: &state, protected: &protected).map(\.badge)
  }

  /// `check`, with the day of each unlock (a repeating badge may be earned in several periods
  /// since the last check).
  static func unlocks(
    _ evaluator: DayRunner, history: History, date: CalendarDay, state: inout CountedState,
    protected: inout [[Int]]
  ) -> [(badge: Int, day: Int)] {
    var new = evaluator.catchUp(to: date.number, history: history, state: &state, protected: &protected)
    let start = history.start?.number
    let record = history.record(on: date)
    evaluator.judge(record)
    evaluator.load(day: date.number, values: record?.values, state: state, start: start)
    evaluator.run(day: date.number, state: state, start: start, inProgress: true)
    let checkedBefore = state.lastCheck == date.number
    new += evaluator.unlockBadges(day: date.number, state: &state, check: !checkedBefore).map { ($0, date.number) }
    return new
  }

  /// A rebuild keeps every earning of the repeating badge `index` that the old state had: one
  /// earning a period, the earlier of the two when both have one. Earnings of periods the old
  /// state had are not new. Returns whether an earning was added (badges.count changed).
  static func keepEarnings(
    _ index: Int, of saved: CountedState, in state: inout CountedState, date: CalendarDay, program: Program,
    new: inout [(badge: Int, day: Int)]
  ) -> Bool {
    guard let kind = program.badgeRepeats[index] else { return false }
    var old = saved.earnings.indices.contains(index) ? saved.earnings[index] : []
    if old.isEmpty, let day = saved.unlocked[index] { old = [day] }
    guard !old.isEmpty else { return false }
    var byPeriod: [Int: Int] = [:]
    for day in state.earnings[index] + old {
      let period = program.periodStart(kind, ofDay: day)
      byPeriod[period] = min(byPeriod[period] ?? day, day)
    }
    let oldPeriods = Set(old.map { program.periodStart(kind, ofDay: $0) })
    new.removeAll { $0.badge == index && oldPeriods.contains(program.periodStart(kind, ofDay: $0.day)) }
    let merged = byPeriod.values.sorted()
    let added = merged.count - state.earnings[index].count
    state.earnings[index] = merged
    let current = program.periodStart(kind, ofDay: date.number)
    state.unlocked[index] = merged.last.flatMap { program.periodStart(kind, ofDay: $0) == current ? $0 : nil }
    guard added > 0 else { return false }
    state.badgeCount += added
    state.badgeXP = Arithmetic.add(state.badgeXP, Arithmetic.multiply(program.badgeXP[index], added))
    return true
  }

  /// The history day by day, as if the app checked every day from the history's first day:
  /// one evaluation per day from `from` to `to`.
  @_spi(Tooling) public static func replay(
    _ program: Program, history: History, from: CalendarDay?, to: CalendarDay
  ) -> [Evaluation] {
    let evaluator = DayRunner(program: program)
    evaluator.adjust(for: history)
    let reporter = EvaluationReporter(program: program, evaluator: evaluator)
    var state = CountedState(for: program.catalog)
    let first = CalendarDay(number: DayRunner.firstDay(of: history, before: (from ?? to).number))
    state.origin = history.records.first?.date.number ?? first.number
    let start = history.start?.number
    var results: [Evaluation] = []
    var seen: MilestoneMark?
    // The days a freeze covered since the last report (the day before, once counted).
    var protected = [[Int]](repeating: [], count: program.catalog.streaks.count)
    let freezing = evaluator.freezeStreaks
    var day = first
    // The records are in date order: a cursor finds each day's record (replay stays linear).
    var index = history.records.partitioningIndex { $0.date.number >= first.number }
    // A date a time zone change jumped over has no evaluation and counts for nothing.
    let skipped = history.skippedDays
    var skip = skipped.partitioningIndex { $0 >= first.number }
    while day <= to {
      if skip < skipped.count, skipped[skip] == day.number {
        skip += 1
        day = day + 1
        continue
      }
      var values: [Int]?
      var record: EncodedRecord?
      if index < history.records.count, history.records[index].date.number == day.number {
        record = history.records[index]
        values = record?.values
        index += 1
      }
      // Each day is a check: a streak final once reported judges it by its record.
      if !evaluator.reportedStreaks.isEmpty { evaluator.judge(record) }
      evaluator.load(day: day.number, values: values, state: state, start: start)
      let differs = evaluator.run(day: day.number, state: state, start: start, inProgress: true)
      let new = evaluator.unlockBadges(day: day.number, state: &state, check: true)
      if day >= (from ?? first) {
        let evaluation = reporter.report(
          day: day, user: history.user, start: history.start, state: state, new: new, seen: seen,
          calendar: history.calendar, protected: protected)
        seen = MilestoneMark(evaluation)
        results.append(evaluation)
        for streak in freezing { protected[streak].removeAll() }
      }
      if differs { evaluator.finish(day: day.number, values: values, state: state, start: start) }
      // (A periodic streak's covered period is reported by the check of the day that began the
      // next period, which saw it: `EvaluationReporter.newProtected`.)
      evaluator.commit(day: day.number, into: &state)
      for streak in freezing where state.streaks[streak].lastProtected == day.number {
        if protected[streak].last != day.number { protected[streak].append(day.number) }
      }
      day = day + 1
    }
    return results
  }

  /// Warnings for counted records that changed, or appeared, after they were counted.
  static func changedRecords(_ history: History, _ saved: UserState) -> [EngineWarning] {
    guard let counted = saved.counted.countedThrough else { return [] }
    // Never before the first day the engine handles: a state's reader refuses such a day.
    let oldest = max(counted - UserState.digestDays + 1, CalendarDay.numbers.lowerBound)
    var warnings: [EngineWarning] = []
    // Records are in date order: only the last counted days are looked at, so a daily step
    // costs the same after ten years as after one day.
    let first = history.records.partitioningIndex { $0.date.number >= oldest }
    for record in history.records[first...] {
      if record.date.number > counted { break }
      guard let digest = saved.digests[record.date.number], !Self.matches(digest, record) else { continue }
      warnings.append(
        digest.isEmpty
          ? EngineWarning(
            .recordAdded, "the record of \(record.date) was added after that day was counted; it is not counted",
            date: record.date)
          : EngineWarning(
            .recordChanged, "the record of \(record.date) changed after it was counted; the change is not counted",
            date: record.date))
    }
    return warnings
  }

  /// Whether `digest` is `record.digest`, compared digit by digit without making the text
  /// (a daily step checks the last 90 records; making 90 strings was most of its cost).
  static func matches(_ digest: String, _ record: EncodedRecord) -> Bool {
    let utf8 = digest.utf8
    guard utf8.count == 16 else { return false }
    let hash = record.hash
    func same(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      // The hex digits read back into a number: one comparison at the end.
      var value: UInt64 = 0
      for byte in bytes {
        let digit: UInt8
        switch byte {
        case 48...57: digit = byte &- 48
        case 97...102: digit = byte &- 87
        default: return false
        }
        value = value &<< 4 | UInt64(digit)
      }
      return value == hash
    }
    return utf8.withContiguousStorageIfAvailable(same) ?? Array(utf8).withUnsafeBufferPointer(same)
  }

  /// Digests of the records of the last counted days (keeping earlier ones still in range).
  static func digests(_ history: History, countedThrough: Int?, previous: [Int: String]) -> [Int: String] {
    guard let counted = countedThrough else { return [:] }
    // Never before the first day the engine handles: a state's reader refuses such a day.
    let oldest = max(counted - UserState.digestDays + 1, CalendarDay.numbers.lowerBound)
    // The previous digests minus the days that left the window (usually one): no new table.
    var result = previous
    for day in previous.keys where day < oldest || day > counted { result.removeValue(forKey: day) }
    let firstNew = (previous.keys.max() ?? (oldest - 1)) + 1
    let first = history.records.partitioningIndex { $0.date.number >= max(firstNew, oldest) }
    for record in history.records[first...] {
      if record.date.number > counted { break }
      result[record.date.number] = record.digest
    }
    // Counted days without a record: an empty digest, so a record added later is noticed.
    var day = max(firstNew, oldest)
    while day <= counted {
      if result[day] == nil { result[day] = "" }
      day += 1
    }
    return result
  }
}
