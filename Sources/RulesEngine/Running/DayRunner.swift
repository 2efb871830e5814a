/// Steps one user's state through days: the state as of day D plus the record of D+1 gives
/// the state as of D+1, in constant time per streak, metric and badge. Not thread-safe: use
/// one evaluator per thread (they can share a `Program`).
///
/// The day loop is the engine's hot path (millions of user-days in a nightly job). The
/// program's day is bytecode (`Bytecode`), run by a `BytecodeMachine` over the evaluator's own frame
/// and raw buffers: one loop and one `switch` per operation, no closure calls, no reference
/// counting and no exclusivity checks.
public final class DayRunner {
  /// The compiled catalog.
  public let program: Program
  /// The frame the day is computed in (read it after a run).
  public let frame: Frame
  private let machine: BytecodeMachine
  private let bytecode: Bytecode
  private let hasBadgeMetrics: Bool
  /// Each badge's criterion: its instructions and the slot holding the result.
  private let criterionStarts: [Int]
  private let criterionEnds: [Int]
  private let criterionResults: [Int]
  private let allResults: [Int]
  private let badgeXP: [Int]
  private let freeBadges: [Int]
  /// The inputs in int slots and in number slots: each one's index and slot.
  private let intInputs: [(input: Int, slot: Int)]
  private let numInputs: [(input: Int, slot: Int)]
  /// Each input's encoded default (a day without a record).
  private let inputDefaults: [Int]
  /// The `last(n, x)` aggregates (the others' sums are copied as they are).
  private let windowAggregates: [Int]
  /// What `commit` writes back: the totals' sums (aggregate, slot).
  private let intSumCommits: [(aggregate: Int, slot: Int)]
  private let numSumCommits: [(aggregate: Int, slot: Int)]
  /// ... and the windows (aggregate, whether it sums numbers).
  private let windowCommits: [(aggregate: Int, isNumber: Bool)]
  /// How many badges the catalog has: when all are unlocked there is nothing to look at.
  private let badgeTotal: Int
  private let loggedSlot: Int
  private let daySlot: Int
  private let badgesCountSlot: Int
  private let badgesXPSlot: Int
  /// The slot of `weekday` when the catalog reads it, and of `hijri.year`, `.month`, `.day`,
  /// `.month_days` when it reads any of them (-1: not read, not computed).
  private let weekdaySlot: Int
  private let hijriSlots: (year: Int, month: Int, day: Int, monthDays: Int)
  private var dayCalendar = DayCalendar()

  /// Each streak as the day under evaluation leaves it (when its run began, the latest day a
  /// freeze covered...).
  public var streakStates: [StreakState] {
    Array(UnsafeBufferPointer(start: machine.pending, count: machine.streakCount))
  }

  /// Whether each streak moved forward on the day under evaluation.
  public var moved: [Bool] { Array(UnsafeBufferPointer(start: machine.moved, count: machine.streakCount)) }

  @inline(__always)
  private func holds(_ badge: Int) -> Bool {
    machine.run(criterionStarts[badge]..<criterionEnds[badge])
    return frame.ints[criterionResults[badge]] != 0
  }

  /// The badges whose criterion holds on the frame as it is (for the tests that check the
  /// bytecode against the closures).
  func holding() -> [Int] {
    criterionStarts.indices.filter(holds)
  }

  /// The same, from the run of every criterion at once.
  func holdingAtOnce() -> [Int] {
    machine.run(bytecode.allCriteria)
    return allResults.indices.filter { frame.ints[allResults[$0]] != 0 }
  }

  /// The catalog's day compiled to Swift, when the runner was given one made from `program`:
  /// `step` (the nightly batch's and the catch-up's day) runs it instead of the bytecode.
  private var compiledDay: (any CompiledDay)?
  /// Whether there is one (a plain flag: looking at the optional existential costs a copy).
  private let stepsCompiled: Bool

  /// A runner for `program`, with its own frame (one per thread). With `compiled` (a
  /// `CompiledDay` generated from this very program: `CompiledDay.matches`), `step` runs the
  /// compiled day; the check day and reports still run the bytecode, which fills the frame.
  public init(program: Program, compiled: (any CompiledDay.Type)? = nil) {
    self.program = program
    compiledDay = compiled.map { $0.init() }
    stepsCompiled = compiled != nil
    let layout = program.layout
    let catalog = program.catalog
    bytecode = program.bytecode
    machine = BytecodeMachine(bytecode, streaks: catalog.streaks.count, aggregates: catalog.aggregates.count)
    frame = machine.frame
    hasBadgeMetrics = !bytecode.badgeMetrics.isEmpty
    criterionStarts = bytecode.criteria.map(\.code.lowerBound)
    criterionEnds = bytecode.criteria.map(\.code.upperBound)
    criterionResults = bytecode.criteria.map(\.result)
    allResults = bytecode.allCriteriaResults
    badgeXP = program.badgeXP
    freeBadges = program.freeBadges
    intInputs = layout.inputs.enumerated().compactMap { input, slot in
      guard case .int(let index) = slot else { return nil }
      return (input, index)
    }
    numInputs = layout.inputs.enumerated().compactMap { input, slot in
      guard case .num(let index) = slot else { return nil }
      return (input, index)
    }
    windowAggregates = catalog.aggregates.indices.filter { catalog.aggregates[$0].kind != .total }
    intSumCommits = bytecode.commits.compactMap { commit in
      guard case .intSum(let aggregate, let slot) = commit else { return nil }
      return (aggregate, slot)
    }
    numSumCommits = bytecode.commits.compactMap { commit in
      guard case .numSum(let aggregate, let slot) = commit else { return nil }
      return (aggregate, slot)
    }
    windowCommits = bytecode.commits.compactMap { commit in
      switch commit {
      case .intWindow(let aggregate): (aggregate, false)
      case .numWindow(let aggregate): (aggregate, true)
      default: nil
      }
    }
    badgeTotal = catalog.badges.count
    inputDefaults = catalog.inputs.map { $0.encode($0.defaultValue) }
    loggedSlot = layout.logged
    daySlot = layout.day
    badgesCountSlot = layout.badgesCount
    badgesXPSlot = layout.badgesXP
    let read = layout.calendarFieldsRead
    weekdaySlot = read.contains(.weekday) ? layout.calendar[0] : -1
    let hijri = layout.calendar
    hijriSlots = read.contains(where: { $0 != .weekday }) ? (hijri[1], hijri[2], hijri[3], hijri[4]) : (-1, -1, -1, -1)
  }

  /// Puts a day's inputs and built-ins in the frame. `values` nil: a day without a record.
  @inline(__always)
  public func load(day: Int, values: [Int]?, state: CountedState, start: Int?) {
    let ints = frame.ints
    let nums = frame.nums
    (values ?? inputDefaults).withUnsafeBufferPointer { raw in
      precondition(raw.count == inputDefaults.count, "a record holds one value per input")
      for (input, slot) in intInputs {
        ints[slot] = raw[input]
      }
      for (input, slot) in numInputs {
        nums[slot] = Double(bitPattern: UInt64(UInt(bitPattern: raw[input])))
      }
    }
    ints[loggedSlot] = values == nil ? 0 : 1
    ints[daySlot] = day - (start ?? state.origin ?? day)
    ints[badgesCountSlot] = state.badgeCount
    ints[badgesXPSlot] = state.badgeXP
    if weekdaySlot >= 0 { ints[weekdaySlot] = CalendarField.weekday(ofDay: day) }
    if hijriSlots.year >= 0 { loadHijri(day) }
  }

  /// Puts the day's Hijri date in the frame (only for a catalog that reads it).
  private func loadHijri(_ day: Int) {
    let hijri = dayCalendar.hijri(ofDay: day)
    frame.ints[hijriSlots.year] = hijri.year
    frame.ints[hijriSlots.month] = hijri.month
    frame.ints[hijriSlots.day] = hijri.day
    frame.ints[hijriSlots.monthDays] = hijri.monthDays
  }

  /// Computes the day in the frame from `state` (counted through the day before).
  /// `inProgress`: the day is still going on (streaks that are not `final` extend but do not
  /// break yet). Returns whether the finished day would differ (a deferred break).
  @discardableResult
  @inline(__always)
  public func run(day: Int, state: CountedState, start: Int?, inProgress: Bool) -> Bool {
    let m = machine
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    for index in windowAggregates {
      let window = state.windows[index]!
      m.intBase[index] = Arithmetic.subtract(window.intSum, window.ints[window.head])
      m.numBase[index] = Arithmetic.subtract(window.numSum, window.nums[window.head])
    }
    m.inProgress = inProgress
    m.deferredBreak = false
    m.day = day
    m.start = start
    m.origin = state.origin
    m.run(bytecode.day, on: state)
    return m.deferredBreak
  }

  /// Whether `state` has this catalog's shape (the raw copies in `run` and `commit` rely on it).
  @inline(__always)
  private func fits(_ state: CountedState) -> Bool {
    state.streaks.count == machine.streakCount && state.intSums.count == machine.aggregateCount
      && state.numSums.count == machine.aggregateCount && state.windows.count == machine.aggregateCount
  }

  /// Computes the metrics that only reports read (the day's run leaves them out): call it
  /// before reading every metric off the frame.
  public func completeMetrics() {
    machine.run(bytecode.reportMetrics)
  }

  /// Makes the day finished, after a run in progress returned true (a deferred break): what
  /// `load` and `run(inProgress: false)` would do for `commit`. When the streaks are all that
  /// can differ, the breaks the run deferred are applied without running the day again.
  public func finish(day: Int, values: [Int]?, state: CountedState, start: Int?) {
    guard bytecode.streaksAlone else {
      load(day: day, values: values, state: state, start: start)
      run(day: day, state: state, start: start, inProgress: false)
      return
    }
    machine.applyDeferredBreaks()
  }

  /// Makes the day just run part of `state`.
  @inline(__always)
  public func commit(day: Int, into state: inout CountedState) {
    let ints = frame.ints
    let nums = frame.nums
    let m = machine
    for (aggregate, slot) in intSumCommits {
      state.intSums[aggregate] = ints[slot]
    }
    for (aggregate, slot) in numSumCommits {
      state.numSums[aggregate] = nums[slot]
    }
    for (aggregate, isNumber) in windowCommits {
      var window = state.windows[aggregate]!
      state.windows[aggregate] = nil
      if isNumber {
        window.numSum = Arithmetic.add(
          Arithmetic.subtract(window.numSum, window.nums[window.head]), m.pendingNums[aggregate])
        window.nums[window.head] = m.pendingNums[aggregate]
      } else {
        window.intSum = Arithmetic.add(
          Arithmetic.subtract(window.intSum, window.ints[window.head]), m.pendingInts[aggregate])
        window.ints[window.head] = m.pendingInts[aggregate]
      }
      window.head = (window.head + 1) % window.days
      state.windows[aggregate] = window
    }
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    state.streaks.withUnsafeMutableBufferPointer { streaks in
      if let base = streaks.baseAddress { base.update(from: m.pending, count: streaks.count) }
    }
    state.countedThrough = day
  }

  /// Unlocks the badges whose criterion holds on `day` (already run): every badge outside
  /// progressive groups, and when `check` is true the next badge of each progressive group.
  /// Returns the badges unlocked, in the order they unlocked.
  @discardableResult
  @inline(__always)
  public func unlockBadges(day: Int, state: inout CountedState, check: Bool) -> [Int] {
    // Most days unlock nothing: look first, without touching the state.
    guard state.badgeCount < badgeTotal, anyHolds(state, check: check) else {
      if check { state.lastCheck = day }
      return []
    }
    var unlocked: [Int] = []
    let groups = program.progressiveGroups
    var groupsDone = check && !groups.isEmpty ? [Bool](repeating: false, count: groups.count) : []
    let frame = frame
    while true {
      var changed = false
      for badge in freeBadges where state.unlocked[badge] == nil {
        if holds(badge) {
          unlock(badge, day: day, state: &state)
          unlocked.append(badge)
          changed = true
        }
      }
      if check {
        for (group, badges) in groups.enumerated() where !groupsDone[group] {
          guard let next = badges.first(where: { state.unlocked[$0] == nil }) else { continue }
          if holds(next) {
            unlock(next, day: day, state: &state)
            unlocked.append(next)
            groupsDone[group] = true
            changed = true
          }
        }
      }
      // A badge that unlocked changes badges.count and badges.xp: metrics that read them are
      // computed again and the badges still locked looked at once more.
      guard changed, hasBadgeMetrics else { break }
      frame.ints[badgesCountSlot] = state.badgeCount
      frame.ints[badgesXPSlot] = state.badgeXP
      machine.run(bytecode.badgeMetrics)
    }
    if check { state.lastCheck = day }
    return unlocked
  }

  /// Whether a badge that `unlockBadges` looks at holds: a locked badge outside progressive
  /// groups, or (`check`) the next badge of a progressive group.
  private func anyHolds(_ state: CountedState, check: Bool) -> Bool {
    machine.run(bytecode.allCriteria)
    let ints = frame.ints
    return state.unlocked.withUnsafeBufferPointer { unlocked in
      allResults.withUnsafeBufferPointer { results in
        for badge in freeBadges where unlocked[badge] == nil && ints[results[badge]] != 0 {
          return true
        }
        guard check else { return false }
        for badges in program.progressiveGroups {
          if let next = badges.first(where: { unlocked[$0] == nil }), ints[results[next]] != 0 { return true }
        }
        return false
      }
    }
  }

  private func unlock(_ badge: Int, day: Int, state: inout CountedState) {
    state.unlocked[badge] = day
    state.badgeCount += 1
    state.badgeXP = Arithmetic.add(state.badgeXP, badgeXP[badge])
  }

  /// One whole day as an app that checks every day sees it: the day is checked in progress
  /// (badges unlock, `check` as in `unlockBadges`), then finished and counted into `state`.
  /// What `load`, `run(inProgress: true)`, `unlockBadges`, `finish` and `commit` do one after
  /// the other, in one call (the nightly job's loop). Returns the badges unlocked.
  @discardableResult
  public func step(day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool) -> [Int] {
    if stepsCompiled {
      return compiledDay!.step(day: day, values: values, state: &state, start: start, check: check)
    }
    load(day: day, values: values, state: state, start: start)
    let differs = run(day: day, state: state, start: start, inProgress: true)
    let unlocked = unlockBadges(day: day, state: &state, check: check)
    if differs { finish(day: day, values: values, state: state, start: start) }
    commit(day: day, into: &state)
    return unlocked
  }

  /// Counts every day after the state's last counted day up to (not including) `day`, as the
  /// app would have seen them had it checked each day: badges outside progressive groups
  /// unlock on the day their criterion held. Returns the badges unlocked with their days.
  public func catchUp(to day: Int, history: History, state: inout CountedState) -> [(badge: Int, day: Int)] {
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
      for badge in step(day: current, values: values, state: &state, start: start, check: false) {
        unlocks.append((badge, current))
      }
      current += 1
    }
    return unlocks
  }
}

extension DayRunner {
  /// The day counting starts on: the history's start or its first record, whichever is
  /// earlier (a badge that depends on time since the start gets its true date).
  public static func firstDay(of history: History, before day: Int) -> Int {
    min(history.start?.number ?? .max, history.records.first?.date.number ?? .max, day)
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, for a predicate that is false
  /// then true along the array (a binary search).
  func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
