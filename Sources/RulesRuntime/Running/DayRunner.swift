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
  let machine: BytecodeMachine
  let bytecode: Bytecode
  /// The machine of the program's report code (`Program.reports`), made on the first report.
  private var reportMachine: ReportMachine?
  let hasBadgeMetrics: Bool
  /// Each badge's criterion: its instructions and the slot holding the result.
  let criterionStarts: [Int]
  let criterionEnds: [Int]
  let criterionResults: [Int]
  let allResults: [Int]
  let badgeXP: [Int]
  let freeBadges: [Int]
  /// The consecutive streaks with freezes (protected days, each the day a freeze covered).
  let freezeStreaks: [Int]
  /// The periodic streaks (`type: periodic`): a freeze covers a period, found when the next
  /// begins (`protectedPeriods`).
  let periodicStreaks: [Int]
  /// Whether a periodic streak is pausable: the machine caps its periods' goals by the pauses.
  let pausesPeriods: Bool
  /// Whether they unlock at a check only (`unlocks: {at: check}`), not on the days before it.
  let freeAtCheck: Bool
  /// The same, as raw memory (for `anyHolds`, every day).
  let freeList: UnsafeMutablePointer<Int>
  /// The inputs in int slots and in number slots: each one's index and slot.
  let intInputs: [(input: Int, slot: Int)]
  let numInputs: [(input: Int, slot: Int)]
  /// Each input's encoded default (a day without a record).
  let inputDefaults: [Int]
  /// The `last(n, x)` aggregates (the others' sums are copied as they are).
  let windowAggregates: [Int]
  /// The period sums (`week(x)`): each one's aggregate and period.
  let periodAggregates: [(aggregate: Int, period: PeriodSum)]
  /// The day the catalog's weeks begin.
  let weekStart: WeekStart
  /// What `commit` writes back: the totals' sums (aggregate, slot).
  let intSumCommits: [(aggregate: Int, slot: Int)]
  let numSumCommits: [(aggregate: Int, slot: Int)]
  /// ... and the windows (aggregate, whether it sums numbers).
  let windowCommits: [(aggregate: Int, isNumber: Bool)]
  /// How many badges the catalog has: when all are unlocked there is nothing to look at.
  let badgeTotal: Int
  /// The badges that repeat (`repeats`), in catalog order.
  let repeatingBadges: [Int]
  let loggedSlot: Int
  let daySlot: Int
  let badgesCountSlot: Int
  let badgesXPSlot: Int
  /// The slot of `weekday` when the catalog reads it, and of `hijri.year`, `.month`, `.day`,
  /// `.month_days` when it reads any of them (-1: not read, not computed).
  let weekdaySlot: Int
  let hijriSlots: (year: Int, month: Int, day: Int, monthDays: Int)
  var dayCalendar = DayCalendar()

  /// Each streak as the day under evaluation leaves it (when its run began, the latest day a
  /// freeze covered...).
  package var streakStates: [StreakState] {
    Array(UnsafeBufferPointer(start: machine.pending, count: machine.streakCount))
  }

  /// Whether each streak moved forward on the day under evaluation.
  package var moved: [Bool] {
    Array(UnsafeBufferPointer(start: machine.moved, count: machine.streakCount))
  }

  /// Each badge's criterion as `holds` tests it (see `CriterionTest`), and the most
  /// instructions of criteria it is cheaper to run badge by badge than all at once.
  let tests: UnsafeMutablePointer<CriterionTest>
  let allCriteriaLength: Int
  /// The machine's operations for the day and for every criterion at once.
  let dayOps: Range<Int>
  let allCriteriaOps: Range<Int>
  /// The locked badges whose criterion runs its instructions (scratch for `anyHolds`).
  let lockedCode: UnsafeMutablePointer<Int>

  /// The catalog's day compiled to Swift, when the runner was given one made from `program`:
  /// `catchUp` (the days before a check: the nightly batch's work) runs it instead of `step`.
  var compiledDay: (any CompiledDay)?
  /// Whether there is one (a plain flag: looking at the optional existential costs a copy).
  let stepsCompiled: Bool
  /// Whether a streak of the catalog is `pausable`.
  let hasPausable: Bool
  /// The user's pauses (the history's), in date order: set by each entry point before it
  /// runs days (`adjust(for:)`).
  package private(set) var pauses: [Pause] = []
  /// The freezes support granted, by the day they are there from: each streak's index and
  /// how many (`FreezeGrant`).
  private(set) var grants: [Int: [(streak: Int, count: Int)]] = [:]
  /// The days support made count as covered: each streak's index and its first and last day
  /// number (`StreakRestore`).
  private(set) var restores: [(streak: Int, from: Int, through: Int)] = []
  /// The days the user repaired, by day number: the streaks each covers when it broke them
  /// (`Repair`: the ones it names, else every streak with `repairs`).
  private(set) var repairs: [Int: [Int]] = [:]
  /// Whether there are grants, restores or repairs: the day runs them (`runSupported`) only
  /// then. A plain flag, so the daily step reads one byte where the arrays would cost
  /// exclusivity checks.
  private var supported = false
  /// The streaks' indices by name.
  let streakIndices: [String: Int]
  /// The streaks final once the day's record names inputs (`Program.reportedStreaks`).
  let reportedStreaks: [(streak: Int, inputs: [Int])]

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
    hasPausable = program.catalog.streaks.contains { $0.streak.pausable }
    reportedStreaks = program.reportedStreaks
    streakIndices = Dictionary(
      program.catalog.streaks.indices.map { (program.catalog.streaks[$0].streak.name, $0) },
      uniquingKeysWith: { first, _ in first })
    let layout = program.layout
    let catalog = program.catalog
    bytecode = program.bytecode
    let machine = BytecodeMachine(
      program.bytecode, streaks: PeriodTally.slots(of: catalog), aggregates: catalog.aggregates.count,
      temporaries: layout.intCount, numTemporaries: layout.numCount, fusing: fusing,
      weekStart: catalog.catalog.weekStarts
    )
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
    periodicStreaks = program.catalog.streaks.indices.filter { program.catalog.streaks[$0].streak.periodic != nil }
    pausesPeriods = program.catalog.streaks.contains { $0.streak.periodic != nil && $0.streak.pausable }
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
    windowAggregates = catalog.aggregates.indices.filter {
      if case .last = catalog.aggregates[$0].kind { return true }
      return false
    }
    periodAggregates = catalog.aggregates.indices.compactMap { index in
      guard case .period(let period) = catalog.aggregates[index].kind else { return nil }
      return (index, period)
    }
    weekStart = catalog.catalog.weekStarts
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
    repeatingBadges = program.repeatingBadges
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

  /// The machine of the program's report code, loaded with the frame's layout slots as they are
  /// now (call it after the day ran and `completeMetrics`).
  func reports(_ code: ReportCode) -> ReportMachine {
    let reports = reportMachine ?? ReportMachine(code.bytecode, layout: program.layout)
    reportMachine = reports
    reports.load(from: frame)
    return reports
  }

  deinit {
    tests.deinitialize(count: criterionStarts.count)
    tests.deallocate()
    lockedCode.deallocate()
    freeList.deallocate()
  }

  /// Puts a day's inputs and built-ins in the frame. `values` nil: a day without a record.
  @inline(__always)
  package func load(day: Int, values: [Int]?, state: CountedState, start: Int?) {
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
  package func run(day: Int, state: CountedState, start: Int?, inProgress: Bool) -> Bool {
    precondition(fits(state), "the state is not this catalog's (CountedState(for:) makes one)")
    return runDay(day: day, state: state, start: start, inProgress: inProgress, supporting: supported)
  }

  /// `run`, for a state known to fit. `supporting`: the user has grants or restores
  /// (`supported`; `step` passes a constant, so its ordinary days carry no trace of them).
  @inline(__always)
  private func runDay(day: Int, state: CountedState, start: Int?, inProgress: Bool, supporting: Bool) -> Bool {
    let m = machine
    if !windowAggregates.isEmpty { setWindowBases(state.windows) }
    if !periodAggregates.isEmpty { setPeriodBases(state.windows, day: day) }
    m.inProgress = inProgress
    let paused = hasPausable && !pauses.isEmpty && Pause.holds(pauses, day: day)
    m.paused = paused
    m.adjusted = paused  // and a restore's day (`cover`)
    m.deferredBreak = false
    m.day = day
    m.start = start
    m.origin = state.origin
    if _slowPath(supporting) {
      runSupported(day: day, state: state)
    } else {
      m.run(ops: dayOps, streaks: state.streaks, intSums: state.intSums, numSums: state.numSums)
    }
    return m.deferredBreak
  }

  /// `runDay`'s run for a user with grants or restores, out of the daily loop's way (the
  /// grants' dictionary is read under an exclusivity check: ~80 instructions a day if inline).
  @inline(never)
  private func runSupported(day: Int, state: CountedState) {
    let m = machine
    if !restores.isEmpty || !repairs.isEmpty { cover(day) }
    if let granted = grants[day] {
      // The freezes are there at the start of the day: the day runs on the state with them.
      var streaks = state.streaks
      for grant in granted {
        streaks[grant.streak].freezes = Arithmetic.add(streaks[grant.streak].freezes, grant.count)
      }
      m.run(ops: dayOps, streaks: streaks, intSums: state.intSums, numSums: state.numSums)
    } else {
      m.run(ops: dayOps, streaks: state.streaks, intSums: state.intSums, numSums: state.numSums)
    }
  }

  /// Marks the streaks a restore covers on `day`, and those a repair of the day covers if the
  /// day breaks them (`repaired`: the machine covers such a streak unless a freeze does).
  private func cover(_ day: Int) {
    let m = machine
    var any = false
    for index in 0..<m.streakCount {
      m.covered[index] = false
      m.repaired[index] = false
    }
    for restore in restores where restore.from <= day && day <= restore.through {
      m.covered[restore.streak] = true
      any = true
    }
    if let streaks = repairs[day] {
      for streak in streaks { m.repaired[streak] = true }
      any = true
    }
    m.anyCovered = any
    if any { m.adjusted = true }
  }

  /// Takes the user's pauses, freeze grants and restores from `history` (a grant or restore of
  /// a streak the catalog does not have is passed over: `Engine` refuses them first). Each
  /// entry point calls it before it runs days.
  package func adjust(for history: History) {
    pauses = history.pauses
    var byDay: [Int: [(streak: Int, count: Int)]] = [:]
    for grant in history.freezeGrants {
      guard let index = streakIndices[grant.streak] else { continue }
      byDay[grant.date.number, default: []].append((index, grant.count))
    }
    grants = byDay
    restores = history.restores.compactMap { restore in
      streakIndices[restore.streak].map { ($0, restore.from.number, restore.through.number) }
    }
    var repaired: [Int: [Int]] = [:]
    if !history.repairs.isEmpty {
      // A repair without streaks covers every streak with `repairs`.
      let takers = program.catalog.streaks.indices.filter { program.catalog.streaks[$0].streak.repairs != nil }
      for repair in history.repairs {
        let streaks = repair.streaks.map { $0.compactMap { streakIndices[$0] } } ?? takers
        if !streaks.isEmpty { repaired[repair.date.number, default: []] += streaks }
      }
    }
    repairs = repaired
    supported = !grants.isEmpty || !restores.isEmpty || !repairs.isEmpty
    if restores.isEmpty && repairs.isEmpty { machine.anyCovered = false }
    if pausesPeriods { machine.pauses = history.pauses }
  }

  /// The current period of the periodic streak `index` on `day` as the day (already run) leaves
  /// it: its id, the days counted in it, and its goal (the catalog's, capped by its days not
  /// paused for a pausable streak).
  package func period(of index: Int, day: Int) -> (id: String, count: Int, goal: Int)? {
    let rule = machine.rules[index]
    guard let kind = rule.period else { return nil }
    let tally = PeriodTally(machine.pending[rule.tally])
    let start = machine.periods.start(kind, ofDay: day)
    let goal = machine.periods.goal(rule.goal, kind, from: start, pauses: rule.pausable ? machine.pauses : [])
    let id = Period.containing(
      CalendarDay(number: day), kind: Period.Kind(rawValue: kind.rawValue) ?? .all, weekStart: weekStart
    ).id
    return (id, tally.start == start ? tally.count : 0, goal)
  }

  /// The latest protected day of each periodic streak in `state` (nil for the others): before a
  /// day is counted, to find the period a freeze covered that day (`protectedPeriods`).
  func lastProtected(_ state: CountedState) -> [Int?] {
    periodicStreaks.map { state.streaks[$0].lastProtected }
  }

  /// Notes in `protected` the period a freeze covered when the day just counted began a new
  /// one: each periodic streak whose latest protected day changed since `before`.
  func protectedPeriods(since before: [Int?], _ state: CountedState, into protected: inout [[Int]]) {
    for (position, streak) in periodicStreaks.enumerated() {
      guard let day = state.streaks[streak].lastProtected, day != before[position] else { continue }
      protected[streak].append(day)
    }
  }

  /// Judges the checked day of the streaks final once the day's record names inputs (`today:
  /// {final_once_reported: [...]}`): final when `record` names every one, else in progress (a
  /// day without a record names none). Call it before the checked day runs; `judgeFinal` makes
  /// them final again for the days counted before a check.
  package func judge(_ record: EncodedRecord?) {
    for (streak, inputs) in reportedStreaks {
      machine.rules[streak].isFinal = record?.names(inputs) ?? false
    }
  }

  /// Makes the streaks judged by `judge` final again: every day before the evaluated day is.
  package func judgeFinal() {
    for (streak, _) in reportedStreaks { machine.rules[streak].isFinal = true }
  }

  /// Whether the user has pauses, grants or restores that the Swift day (`CompiledDay`),
  /// which knows nothing of them, would miss.
  var adjusted: Bool { (hasPausable && !pauses.isEmpty) || supported }

  /// What each window's value of the day is added to: its sum without its oldest day.
  private func setWindowBases(_ windows: [Window?]) {
    let m = machine
    for index in windowAggregates {
      let window = windows[index]!
      m.intBase[index] = window.intBase
      m.numBase[index] = window.numBase
    }
  }

  /// What each period sum's value of the day is added to: its period's days before `day`.
  private func setPeriodBases(_ windows: [Window?], day: Int) {
    let m = machine
    for (index, period) in periodAggregates {
      let window = windows[index]!
      let before = dayCalendar.daysBefore(period, ofDay: day, weekStart: weekStart)
      m.intBase[index] = window.intBase(newest: before)
      m.numBase[index] = window.numBase(newest: before)
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
  package func completeMetrics() {
    machine.run(bytecode.reportMetrics)
  }

  /// Makes the day finished, after a run in progress returned true (a deferred break): what
  /// `load` and `run(inProgress: false)` would do for `commit`. When the streaks are all that
  /// can differ, the breaks the run deferred are applied without running the day again.
  package func finish(day: Int, values: [Int]?, state: CountedState, start: Int?) {
    guard bytecode.streaksAlone else {
      load(day: day, values: values, state: state, start: start)
      run(day: day, state: state, start: start, inProgress: false)
      return
    }
    machine.applyDeferredBreaks()
  }

  /// Makes the day just run part of `state`.
  @inline(__always)
  package func commit(day: Int, into state: inout CountedState) {
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
    if _slowPath(supported) {
      return stepSupported(day: day, values: values, state: &state, start: start, check: check)
    }
    return stepDay(day: day, values: values, state: &state, start: start, check: check, supporting: false)
  }

  /// `step` for a user with grants or restores, out of the daily loop's way.
  @inline(never)
  private func stepSupported(day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool) -> [Int] {
    stepDay(day: day, values: values, state: &state, start: start, check: check, supporting: true)
  }

  /// `step`'s day, for a state known to fit.
  @inline(__always)
  private func stepDay(
    day: Int, values: [Int]?, state: inout CountedState, start: Int?, check: Bool, supporting: Bool
  ) -> [Int] {
    put(
      day: day, values: values, start: start, origin: state.origin, badgeCount: state.badgeCount,
      badgeXP: state.badgeXP)
    let differs = runDay(day: day, state: state, start: start, inProgress: true, supporting: supporting)
    let unlocked = unlockBadges(day: day, state: &state, check: check)
    if differs {
      if bytecode.streaksAlone {
        machine.applyDeferredBreaks()
      } else {
        put(
          day: day, values: values, start: start, origin: state.origin, badgeCount: state.badgeCount,
          badgeXP: state.badgeXP)
        _ = runDay(day: day, state: state, start: start, inProgress: false, supporting: supporting)
      }
    }
    commitDay(day, into: &state)
    return unlocked
  }
}
