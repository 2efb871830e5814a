@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Steps one user's state through days: the state as of day D plus the record of D+1 gives
/// the state as of D+1, in constant time per streak, metric and badge. Not thread-safe: use
/// one evaluator per thread (they can share a `Program`).
///
/// The day loop is the engine's hot path (millions of user-days in a nightly job). The
/// program's day is bytecode (`Bytecode`), run by a `BytecodeMachine` over the evaluator's own frame
/// and raw buffers: one loop and one `switch` per operation, no closure calls, no reference
/// counting and no exclusivity checks.
@_spi(Tooling) public final class DayRunner {
  /// The compiled catalog.
  @_spi(Tooling) public let program: Program
  /// The frame the day is computed in (read it after a run).
  @_spi(Tooling) public let frame: Frame
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
  /// The streaks with freezes (the only ones with protected days).
  let freezeStreaks: [Int]
  /// Whether they unlock at a check only (`unlocks: {at: check}`), not on the days before it.
  private let freeAtCheck: Bool
  /// The same, as raw memory (for `anyHolds`, every day).
  private let freeList: UnsafeMutablePointer<Int>
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
  @_spi(Tooling) public var streakStates: [StreakState] {
    Array(UnsafeBufferPointer(start: machine.pending, count: machine.streakCount))
  }

  /// Whether each streak moved forward on the day under evaluation.
  @_spi(Tooling) public var moved: [Bool] {
    Array(UnsafeBufferPointer(start: machine.moved, count: machine.streakCount))
  }

  /// Each badge's criterion as `holds` tests it (see `CriterionTest`), and the most
  /// instructions of criteria it is cheaper to run badge by badge than all at once.
  private let tests: UnsafeMutablePointer<CriterionTest>
  private let allCriteriaLength: Int
  /// The machine's operations for the day and for every criterion at once.
  private let dayOps: Range<Int>
  private let allCriteriaOps: Range<Int>
  /// The locked badges whose criterion runs its instructions (scratch for `anyHolds`).
  private let lockedCode: UnsafeMutablePointer<Int>

  /// Whether `badge`'s criterion holds on the frame as it is: a comparison of two slots is
  /// made in place, anything else runs its instructions.
  @inline(__always)
  func holds(_ badge: Int) -> Bool {
    let test = tests[badge]
    return test.kind == .code ? runs(test) : test.holds(frame.ints, frame.nums)
  }

  /// Runs a criterion's instructions and reads its result.
  private func runs(_ test: CriterionTest) -> Bool {
    machine.run(ops: test.ops)
    return frame.ints[test.result] != 0
  }

  /// The same, always by running the criterion's instructions (the plain path, for the tests
  /// that check `holds` against it).
  func holdsByRunning(_ badge: Int) -> Bool {
    machine.run(criterionStarts[badge]..<criterionEnds[badge])
    return frame.ints[criterionResults[badge]] != 0
  }

  /// How many operations the machine's code has, its ranges' stops left out (for the tests:
  /// fewer than the bytecode's instructions when some are fused).
  var operationCount: Int { machine.operationCount }

  /// How many criteria are made in place (for the tests).
  var criteriaInPlace: Int {
    (0..<criterionStarts.count).count { tests[$0].kind != .code }
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
  /// `catchUp` (the days before a check: the nightly batch's work) runs it instead of `step`.
  private var compiledDay: (any CompiledDay)?
  /// Whether there is one (a plain flag: looking at the optional existential costs a copy).
  private let stepsCompiled: Bool

  /// A runner for `program`, with its own frame (one per thread). With `compiled` (a
  /// `CompiledDay` generated from this very program: `CompiledDay.matches`), `catchUp` counts
  /// the days with it; `step`, the check day and reports run the bytecode, which fills the frame.
  @_spi(Tooling) public convenience init(program: Program, compiled: (any CompiledDay.Type)? = nil) {
    self.init(program: program, fusing: true, compiled: compiled)
  }

  /// A runner whose machine fuses the common shapes of instructions (`MachineCode`), or
  /// (`fusing` false, for the tests) runs them one by one.
  init(program: Program, fusing: Bool, compiled: (any CompiledDay.Type)? = nil) {
    self.program = program
    compiledDay = compiled.map { $0.init() }
    stepsCompiled = compiled != nil
    let layout = program.layout
    let catalog = program.catalog
    bytecode = program.bytecode
    let machine = BytecodeMachine(
      program.bytecode, streaks: catalog.streaks.count, aggregates: catalog.aggregates.count,
      temporaries: layout.intCount, numTemporaries: layout.numCount, fusing: fusing)
    self.machine = machine
    frame = machine.frame
    hasBadgeMetrics = !bytecode.badgeMetrics.isEmpty
    criterionStarts = bytecode.criteria.map(\.code.lowerBound)
    criterionEnds = bytecode.criteria.map(\.code.upperBound)
    criterionResults = bytecode.criteria.map(\.result)
    allResults = bytecode.allCriteriaResults
    badgeXP = program.badgeXP
    freeBadges = program.freeBadges
    freezeStreaks = program.catalog.streaks.indices.filter { index in
      if case .consecutive(_, _, .some) = program.catalog.streaks[index].streak.kind { return true }
      return false
    }
    freeAtCheck = program.unlocks.at == .check
    freeList = .allocate(capacity: max(program.freeBadges.count, 1))
    freeList.initialize(from: program.freeBadges, count: program.freeBadges.count)
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
    let code = program.bytecode
    let tests = UnsafeMutablePointer<CriterionTest>.allocate(capacity: max(code.criteria.count, 1))
    tests.initialize(
      from: code.criteria.map { CriterionTest($0.code, result: $0.result, in: code, ops: machine.ops($0.code)) },
      count: code.criteria.count)
    self.tests = tests
    allCriteriaLength = code.allCriteria.count
    dayOps = machine.ops(code.day)
    allCriteriaOps = machine.ops(code.allCriteria)
    lockedCode = .allocate(capacity: max(code.criteria.count, 1))
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

  deinit {
    tests.deinitialize(count: criterionStarts.count)
    tests.deallocate()
    lockedCode.deallocate()
    freeList.deallocate()
  }

  /// Puts a day's inputs and built-ins in the frame. `values` nil: a day without a record.
  @inline(__always)
  @_spi(Tooling) public func load(day: Int, values: [Int]?, state: CountedState, start: Int?) {
    put(
      day: day, values: values, start: start, origin: state.origin, badgeCount: state.badgeCount, badgeXP: state.badgeXP
    )
  }

  /// `load`, from the state's fields it reads.
  @inline(__always)
  private func put(day: Int, values: [Int]?, start: Int?, origin: Int?, badgeCount: Int, badgeXP: Int) {
    let ints = frame.ints
    if let values {
      values.withUnsafeBufferPointer(putInputs)
    } else {
      inputDefaults.withUnsafeBufferPointer(putInputs)
    }
    ints[loggedSlot] = values == nil ? 0 : 1
    ints[daySlot] = day - (start ?? origin ?? day)
    ints[badgesCountSlot] = badgeCount
    ints[badgesXPSlot] = badgeXP
    if weekdaySlot >= 0 { ints[weekdaySlot] = CalendarField.weekday(ofDay: day) }
    if hijriSlots.year >= 0 { loadHijri(day) }
  }

  /// Puts a record's values in the inputs' slots.
  @inline(__always)
  private func putInputs(_ raw: UnsafeBufferPointer<Int>) {
    precondition(raw.count == inputDefaults.count, "a record holds one value per input")
    let ints = frame.ints
    let nums = frame.nums
    for (input, slot) in intInputs {
      ints[slot] = raw[input]
    }
    for (input, slot) in numInputs {
      nums[slot] = Double(bitPattern: UInt64(UInt(bitPattern: raw[input])))
    }
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
  @_spi(Tooling) public func run(day: Int, state: CountedState, start: Int?, inProgress: Bool) -> Bool {
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    return runDay(day: day, state: state, start: start, inProgress: inProgress)
  }

  /// `run`, for a state known to fit.
  @inline(__always)
  private func runDay(day: Int, state: CountedState, start: Int?, inProgress: Bool) -> Bool {
    let m = machine
    if !windowAggregates.isEmpty { setWindowBases(state.windows) }
    m.inProgress = inProgress
    m.deferredBreak = false
    m.day = day
    m.start = start
    m.origin = state.origin
    m.run(ops: dayOps, streaks: state.streaks, intSums: state.intSums, numSums: state.numSums)
    return m.deferredBreak
  }

  /// What each window's value of the day is added to: its sum without its oldest day.
  private func setWindowBases(_ windows: [Window?]) {
    let m = machine
    for index in windowAggregates {
      let window = windows[index]!
      m.intBase[index] = window.intBase
      m.numBase[index] = window.numBase
    }
  }

  /// Whether `state` has this catalog's shape (the raw copies in `run` and `commit` rely on it).
  @inline(__always)
  private func fits(_ state: CountedState) -> Bool {
    state.streaks.count == machine.streakCount && state.intSums.count == machine.aggregateCount
      && state.numSums.count == machine.aggregateCount && state.windows.count == machine.aggregateCount
  }

  /// Computes the metrics that only reports read (the day's run leaves them out): call it
  /// before reading every metric off the frame.
  @_spi(Tooling) public func completeMetrics() {
    machine.run(bytecode.reportMetrics)
  }

  /// Makes the day finished, after a run in progress returned true (a deferred break): what
  /// `load` and `run(inProgress: false)` would do for `commit`. When the streaks are all that
  /// can differ, the breaks the run deferred are applied without running the day again.
  @_spi(Tooling) public func finish(day: Int, values: [Int]?, state: CountedState, start: Int?) {
    guard bytecode.streaksAlone else {
      load(day: day, values: values, state: state, start: start)
      run(day: day, state: state, start: start, inProgress: false)
      return
    }
    machine.applyDeferredBreaks()
  }

  /// Makes the day just run part of `state`.
  @inline(__always)
  @_spi(Tooling) public func commit(day: Int, into state: inout CountedState) {
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    commitDay(day, into: &state)
  }

  /// `commit`, for a state known to fit: each array of the state written once.
  @inline(__always)
  private func commitDay(_ day: Int, into state: inout CountedState) {
    let ints = frame.ints
    let nums = frame.nums
    if !intSumCommits.isEmpty {
      state.intSums.withUnsafeMutableBufferPointer { sums in
        for (aggregate, slot) in intSumCommits { sums[aggregate] = ints[slot] }
      }
    }
    if !numSumCommits.isEmpty {
      state.numSums.withUnsafeMutableBufferPointer { sums in
        for (aggregate, slot) in numSumCommits { sums[aggregate] = nums[slot] }
      }
    }
    if !windowCommits.isEmpty { commitWindows(into: &state.windows) }
    let m = machine
    if m.streakCount > 0 {
      state.streaks.withUnsafeMutableBufferPointer { streaks in
        for index in 0..<m.streakCount { streaks[index] = m.pending[index] }
      }
    }
    state.countedThrough = day
  }

  /// Adds the day's value to each window (its oldest day dropped).
  private func commitWindows(into windows: inout [Window?]) {
    let m = machine
    for (aggregate, isNumber) in windowCommits {
      var window = windows[aggregate]!
      windows[aggregate] = nil
      if isNumber {
        window.push(num: m.pendingNums[aggregate])
      } else {
        window.push(int: m.pendingInts[aggregate])
      }
      windows[aggregate] = window
    }
  }

  /// Unlocks the badges whose criterion holds on `day` (already run): every badge outside
  /// progressive groups, and when `check` is true the next badge of each progressive group.
  /// Returns the badges unlocked, in the order they unlocked.
  @discardableResult
  @inline(__always)
  @_spi(Tooling) public func unlockBadges(day: Int, state: inout CountedState, check: Bool) -> [Int] {
    // Most days unlock nothing: look first, without touching the state.
    guard state.badgeCount < badgeTotal, anyHolds(state.unlocked, check: check) else {
      if check { state.lastCheck = day }
      return []
    }
    return unlockHolding(day: day, state: &state, check: check)
  }

  /// `unlockBadges` once a badge it looks at holds.
  private func unlockHolding(day: Int, state: inout CountedState, check: Bool) -> [Int] {
    var unlocked: [Int] = []
    let groups = program.progressiveGroups
    var groupsDone = check && !groups.isEmpty ? [Bool](repeating: false, count: groups.count) : []
    let frame = frame
    // `unlocks`: the badges outside progressive groups at the check only, and how many a
    // check unlocks, all together and per group.
    let lookAtFree = check || !freeAtCheck
    let perCheck = program.unlocks.perCheck ?? .max
    let perGroup = program.unlocks.perGroup ?? .max
    var inGroup =
      program.unlocks.perGroup == nil ? [] : [Int](repeating: 0, count: program.catalog.catalog.groups.count)
    while true {
      var changed = false
      if lookAtFree {
        for badge in freeBadges where state.unlocked[badge] == nil {
          if unlocked.count >= perCheck { break }
          let group = program.badgeGroups[badge]
          if let group, !inGroup.isEmpty, inGroup[group] >= perGroup { continue }
          if holds(badge) {
            unlock(badge, day: day, state: &state)
            unlocked.append(badge)
            if let group, !inGroup.isEmpty { inGroup[group] += 1 }
            changed = true
          }
        }
      }
      if check {
        for (group, badges) in groups.enumerated() where !groupsDone[group] {
          if unlocked.count >= perCheck { break }
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
  /// groups, or (`check`) the next badge of a progressive group. Only locked badges are looked
  /// at: a comparison in place, other criteria by their instructions, badge by badge when
  /// that runs fewer of them than every criterion at once.
  func anyHolds(_ state: CountedState, check: Bool) -> Bool {
    anyHolds(state.unlocked, check: check)
  }

  @inline(__always)
  private func anyHolds(_ unlocked: [Int?], check: Bool) -> Bool {
    unlocked.withUnsafeBufferPointer { unlocked in
      var pending = 0
      var length = 0
      let ints = frame.ints
      let nums = frame.nums
      // Badges that unlock at the check only are not looked at on the days before it.
      for position in 0..<(check || !freeAtCheck ? freeBadges.count : 0) {
        let badge = freeList[position]
        guard unlocked[badge] == nil else { continue }
        let test = tests + badge
        if test.pointee.kind == .code {
          lockedCode[pending] = badge
          pending += 1
          length += test.pointee.code.count
        } else if test.pointee.holds(ints, nums) {
          return true
        }
      }
      if check {
        for badges in program.progressiveGroups {
          guard let next = badges.first(where: { unlocked[$0] == nil }) else { continue }
          let test = tests[next]
          if test.kind == .code {
            lockedCode[pending] = next
            pending += 1
            length += test.code.count
          } else if test.holds(frame.ints, frame.nums) {
            return true
          }
        }
      }
      guard pending > 0 else { return false }
      // A run costs about two instructions' dispatch besides its own.
      if length + 2 * pending < allCriteriaLength {
        for index in 0..<pending where runs(tests[lockedCode[index]]) { return true }
        return false
      }
      machine.run(ops: allCriteriaOps)
      return allResults.withUnsafeBufferPointer { results in
        for index in 0..<pending where ints[results[lockedCode[index]]] != 0 { return true }
        return false
      }
    }
  }

  /// What `anyHolds` finds, found by running every criterion (the plain path, for the tests).
  func anyHoldsByRunningAll(_ state: CountedState, check: Bool) -> Bool {
    machine.run(bytecode.allCriteria)
    let ints = frame.ints
    for badge in freeBadges
    where (check || !freeAtCheck) && state.unlocked[badge] == nil && ints[allResults[badge]] != 0 {
      return true
    }
    guard check else { return false }
    for badges in program.progressiveGroups {
      if let next = badges.first(where: { state.unlocked[$0] == nil }), ints[allResults[next]] != 0 { return true }
    }
    return false
  }

  private func unlock(_ badge: Int, day: Int, state: inout CountedState) {
    state.unlocked[badge] = day
    state.badgeCount += 1
    state.badgeXP = Arithmetic.add(state.badgeXP, badgeXP[badge])
  }

  /// One whole day as an app that checks every day sees it: the day is checked in progress
  /// (badges unlock, `check` as in `unlockBadges`), then finished and counted into `state`.
  /// What `load`, `run(inProgress: true)`, `unlockBadges`, `finish` and `commit` do one after
  /// the other, in one call (the nightly job's loop): the state's shape checked once, its
  /// arrays read in place and each written once. Returns the badges unlocked.
  @discardableResult
  @_spi(Tooling) public func step(day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool)
    -> [Int]
  {
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    put(
      day: day, values: values, start: start, origin: state.origin, badgeCount: state.badgeCount,
      badgeXP: state.badgeXP)
    let differs = runDay(day: day, state: state, start: start, inProgress: true)
    let unlocked = unlockBadges(day: day, state: &state, check: check)
    if differs {
      if bytecode.streaksAlone {
        machine.applyDeferredBreaks()
      } else {
        put(
          day: day, values: values, start: start, origin: state.origin, badgeCount: state.badgeCount,
          badgeXP: state.badgeXP)
        _ = runDay(day: day, state: state, start: start, inProgress: false)
      }
    }
    commitDay(day, into: &state)
    return unlocked
  }

  /// Counts every day after the state's last counted day up to (not including) `day`, as the
  /// app would have seen them had it checked each day: badges outside progressive groups
  /// unlock on the day their criterion held. Returns the badges unlocked with their days.
  @_spi(Tooling) public func catchUp(to day: Int, history: History, state: inout CountedState) -> [(
    badge: Int, day: Int
  )] {
    var protected: [[Int]] = []
    return catchUp(to: day, history: history, state: &state, protected: &protected)
  }

  /// `catchUp`, noting in `protected` (one list per streak, in date order) the days a freeze
  /// covered among the days it counts: SalahStreak's calendar shades each of them.
  @_spi(Tooling) public func catchUp(
    to day: Int, history: History, state: inout CountedState, protected: inout [[Int]]
  ) -> [(badge: Int, day: Int)] {
    if protected.count != program.catalog.streaks.count {
      protected = [[Int]](repeating: [], count: program.catalog.streaks.count)
    }
    let freezing = freezeStreaks
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
      let unlocked =
        stepsCompiled
        ? compiledDay!.step(day: current, values: values, state: &state, start: start, check: false)
        : step(day: current, values: values, state: &state, start: start, check: false)
      for badge in unlocked {
        unlocks.append((badge, current))
      }
      // A day a freeze covered is the streak's latest protected day once counted.
      for streak in freezing where state.streaks[streak].lastProtected == current {
        protected[streak].append(current)
      }
      current += 1
    }
    return unlocks
  }
}

extension DayRunner {
  /// The day counting starts on: the history's start or its first record, whichever is
  /// earlier (a badge that depends on time since the start gets its true date).
  @_spi(Tooling) public static func firstDay(of history: History, before day: Int) -> Int {
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
