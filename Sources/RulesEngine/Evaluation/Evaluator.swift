/// Steps one user's state through days: the state as of day D plus the record of D+1 gives
/// the state as of D+1, in constant time per streak, metric and badge. Not thread-safe: use
/// one evaluator per thread (they can share a `Program`).
///
/// The day loop is the engine's hot path (millions of user-days in a nightly job). The steps
/// of a day are chained into one closure when the evaluator is made: each step captures the
/// next one and the buffers it reads and writes, so running a day costs one call per step and
/// the compiled expressions' own calls, with no reference counting and no exclusivity checks
/// (which reading closures out of a `Program`'s arrays through a class would cost).
public final class Evaluator {
  public let program: Program
  public let frame: Frame
  private let buffers: Buffers
  /// The day's steps, chained; and the metrics to compute again when a badge unlocks.
  private let day: (Frame) -> Void
  private let badgeMetrics: (Frame) -> Void
  /// The streak steps alone, when they are all that a finished day can change (see `finish`).
  private let streaksAlone: ((Frame) -> Void)?
  private let hasBadgeMetrics: Bool
  /// What `commit` copies back into the state, step by step (no closures: cheap to walk).
  private let commits: [Commit]
  /// The badge criteria, called through unmanaged references: no reference counting per
  /// call (the boxes are kept alive by `criterionBoxes`).
  private let criterionBoxes: [CriterionBox]
  private let criteria: UnsafeMutablePointer<Unmanaged<CriterionBox>>
  private let badgeXP: [Int]
  private let freeBadges: [Int]
  /// Each input's slot (ints: the index; numbers: `-1 - index`) and encoded default.
  private let inputSlots: [Int]
  private let inputDefaults: [Int]
  private let loggedSlot: Int
  private let daySlot: Int
  private let badgesCountSlot: Int
  private let badgesXPSlot: Int

  /// Whether each streak moved forward on the day under evaluation.
  public var moved: [Bool] { Array(UnsafeBufferPointer(start: buffers.moved, count: buffers.streaks)) }

  private final class CriterionBox {
    let test: BoolFn
    init(_ test: @escaping BoolFn) { self.test = test }
  }

  @inline(__always)
  private func holds(_ badge: Int) -> Bool {
    let frame = frame
    return criteria[badge]._withUnsafeGuaranteedRef { $0.test(frame) }
  }

  private enum Commit {
    case intSum(aggregate: Int, slot: Int)
    case numSum(aggregate: Int, slot: Int)
    case intWindow(aggregate: Int)
    case numWindow(aggregate: Int)
    case streak(Int)
  }

  /// Scratch memory of one evaluator, shared by the chained steps.
  private final class Buffers: @unchecked Sendable {
    let streaks: Int
    let aggregates: Int
    /// The streaks as the state has them (the day before) and as the day leaves them.
    let previous: UnsafeMutablePointer<StreakState>
    let pending: UnsafeMutablePointer<StreakState>
    let moved: UnsafeMutablePointer<Bool>
    /// Per aggregate, what today's value is added to: the total so far, or the window's sum
    /// without its oldest day.
    let intBase: UnsafeMutablePointer<Int>
    let numBase: UnsafeMutablePointer<Double>
    /// Today's value of each window's argument, not yet committed.
    let pendingInts: UnsafeMutablePointer<Int>
    let pendingNums: UnsafeMutablePointer<Double>
    /// inProgress, deferredBreak, day, hasStart, start, hasOrigin, origin.
    let control: UnsafeMutablePointer<Int>

    init(streaks: Int, aggregates: Int) {
      self.streaks = streaks
      self.aggregates = aggregates
      func allocate<T>(_ count: Int, _ value: T) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
        pointer.initialize(repeating: value, count: max(count, 1))
        return pointer
      }
      previous = allocate(streaks, StreakState())
      pending = allocate(streaks, StreakState())
      moved = allocate(streaks, false)
      intBase = allocate(aggregates, 0)
      numBase = allocate(aggregates, 0)
      pendingInts = allocate(aggregates, 0)
      pendingNums = allocate(aggregates, 0)
      control = allocate(7, 0)
    }

    deinit {
      previous.deallocate()
      pending.deallocate()
      moved.deallocate()
      intBase.deallocate()
      numBase.deallocate()
      pendingInts.deallocate()
      pendingNums.deallocate()
      control.deallocate()
    }
  }

  public init(program: Program) {
    self.program = program
    let layout = program.layout
    let catalog = program.catalog
    let frame = Frame(intCount: layout.intCount, numCount: layout.numCount)
    self.frame = frame
    let buffers = Buffers(streaks: catalog.streaks.count, aggregates: catalog.aggregates.count)
    self.buffers = buffers
    day = Self.chain(program.steps, frame: frame, layout: layout, buffers: buffers)
    badgeMetrics = Self.chain(program.badgeSteps, frame: frame, layout: layout, buffers: buffers)
    hasBadgeMetrics = !program.badgeSteps.isEmpty
    streaksAlone =
      Self.streaksDecideAlone(catalog)
      ? Self.chain(
        program.steps.filter { step in
          switch step {
          case .consecutive, .elapsed: true
          default: false
          }
        }, frame: frame, layout: layout, buffers: buffers)
      : nil
    commits = program.steps.compactMap { step in
      switch step {
      case .intTotal(let aggregate, let slot, _), .intTotalOf(let aggregate, let slot, _):
        .intSum(aggregate: aggregate, slot: slot)
      case .numTotal(let aggregate, let slot, _): .numSum(aggregate: aggregate, slot: slot)
      case .intWindow(let aggregate, _, _): .intWindow(aggregate: aggregate)
      case .numWindow(let aggregate, _, _): .numWindow(aggregate: aggregate)
      case .consecutive(let index, _, _, _, _), .elapsed(let index, _, _): .streak(index)
      case .intMetric, .numMetric, .intCopy: nil
      }
    }
    criterionBoxes = program.badgeWhen.map { CriterionBox($0.test) }
    criteria = .allocate(capacity: max(criterionBoxes.count, 1))
    criteria.initialize(from: criterionBoxes.map { Unmanaged.passUnretained($0) }, count: criterionBoxes.count)
    badgeXP = program.badgeXP
    freeBadges = program.freeBadges
    inputSlots = layout.inputs.map { slot in
      switch slot {
      case .int(let index): index
      case .num(let index): -1 - index
      }
    }
    inputDefaults = catalog.inputs.map { $0.encode($0.defaultValue) }
    loggedSlot = layout.logged
    daySlot = layout.day
    badgesCountSlot = layout.badgesCount
    badgesXPSlot = layout.badgesXP
  }

  deinit {
    criteria.deallocate()
  }

  /// Whether running a day again as finished can change nothing but the streaks: no streak
  /// condition and no history sum reads a streak or a metric (or badges), so the inputs and
  /// sums the conditions see are the same in both runs. Metrics are not part of the state,
  /// so the streaks are all that `commit` would see differ.
  private static func streaksDecideAlone(_ catalog: CheckedCatalog) -> Bool {
    var alone = true
    func look(_ expr: TypedExpr?) {
      expr?.forEachSymbol { symbol in
        switch symbol {
        case .streak, .metric, .badgesCount, .badgesXP: alone = false
        case .input, .logged, .day: break
        }
      }
    }
    for streak in catalog.streaks {
      look(streak.counts)
      look(streak.skips)
      look(streak.resets)
    }
    for aggregate in catalog.aggregates { look(aggregate.argument) }
    return alone
  }

  /// The steps as one closure: each step does its work and calls the next.
  private static func chain(
    _ steps: [Program.Step], frame: Frame, layout: Layout, buffers: Buffers
  ) -> (Frame) -> Void {
    let ints = frame.ints
    let nums = frame.nums
    let b = buffers
    var next: (Frame) -> Void = { _ in }
    for step in steps.reversed() {
      let then = next
      switch step {
      case .intCopy(let slot, let from):
        next = { frame in
          ints[slot] = ints[from]
          then(frame)
        }
      case .intTotalOf(let aggregate, let slot, let from):
        next = { frame in
          ints[slot] = Arithmetic.add(b.intBase[aggregate], ints[from])
          then(frame)
        }
      case .intMetric(let slot, let f):
        next = { frame in
          ints[slot] = f(frame)
          then(frame)
        }
      case .numMetric(let slot, let f):
        next = { frame in
          nums[slot] = f(frame)
          then(frame)
        }
      case .intTotal(let aggregate, let slot, let f):
        next = { frame in
          ints[slot] = Arithmetic.add(b.intBase[aggregate], f(frame))
          then(frame)
        }
      case .numTotal(let aggregate, let slot, let f):
        next = { frame in
          nums[slot] = b.numBase[aggregate] + f(frame)
          then(frame)
        }
      case .intWindow(let aggregate, let slot, let f):
        next = { frame in
          let value = f(frame)
          b.pendingInts[aggregate] = value
          ints[slot] = Arithmetic.add(b.intBase[aggregate], value)
          then(frame)
        }
      case .numWindow(let aggregate, let slot, let f):
        next = { frame in
          let value = f(frame)
          b.pendingNums[aggregate] = value
          nums[slot] = b.numBase[aggregate] + value
          then(frame)
        }
      case .consecutive(let index, let counts, let skips, let rule, let isFinal):
        let fields = layout.streaks[index]
        next = { frame in
          var streak = b.previous[index]
          if counts(frame) {
            streak.current = Arithmetic.add(streak.current, 1)
            streak.best = max(streak.best, streak.current)
            if let rule {
              streak.progress += 1
              if streak.progress >= rule.earnEvery {
                streak.progress = 0
                streak.freezes = min(rule.max ?? .max, streak.freezes + 1)
              }
            }
            b.moved[index] = true
          } else {
            b.moved[index] = false
            if skips?(frame) != true {
              if b.control[0] != 0 && !isFinal {
                b.control[1] = 1  // a deferred break
              } else if streak.freezes > 0 {
                streak.freezes -= 1
              } else {
                streak.current = 0
                streak.progress = 0
              }
            }
          }
          b.pending[index] = streak
          ints[fields.current] = streak.current
          ints[fields.best] = streak.best
          ints[fields.freezes] = streak.freezes
          then(frame)
        }
      case .elapsed(let index, let resets, let needsStart):
        let fields = layout.streaks[index]
        next = { frame in
          let control = b.control
          let day = control[2]
          let start: Int? = control[3] != 0 ? control[4] : nil
          var streak = b.previous[index]
          if streak.anchor == nil {
            streak.anchor = start ?? (needsStart ? nil : (control[5] != 0 ? control[6] : day))
          } else if let start, let anchor = streak.anchor, anchor < start {
            streak.anchor = start  // a later start (a new commitment) is a new Day 0
          }
          if let anchor = streak.anchor {
            if resets?(frame) == true { streak.anchor = day }
            let current = day - (streak.anchor ?? anchor)
            streak.current = max(0, current)
            streak.best = max(streak.best, streak.current)
            b.moved[index] = current > 0
          } else {
            streak.current = 0
            b.moved[index] = false
          }
          b.pending[index] = streak
          ints[fields.current] = streak.current
          ints[fields.best] = streak.best
          ints[fields.freezes] = 0
          then(frame)
        }
      }
    }
    return next
  }

  /// Puts a day's inputs and built-ins in the frame. `values` nil: a day without a record.
  public func load(day: Int, values: [Int]?, state: EngineState, start: Int?) {
    let ints = frame.ints
    let nums = frame.nums
    let raw = values ?? inputDefaults
    for index in inputSlots.indices {
      let slot = inputSlots[index]
      if slot >= 0 {
        ints[slot] = raw[index]
      } else {
        nums[-1 - slot] = Double(bitPattern: UInt64(UInt(bitPattern: raw[index])))
      }
    }
    ints[loggedSlot] = values == nil ? 0 : 1
    ints[daySlot] = day - (start ?? state.origin ?? day)
    ints[badgesCountSlot] = state.badgeCount
    ints[badgesXPSlot] = state.badgeXP
  }

  /// Computes the day in the frame from `state` (counted through the day before).
  /// `inProgress`: the day is still going on (streaks that are not `final` extend but do not
  /// break yet). Returns whether the finished day would differ (a deferred break).
  @discardableResult
  public func run(day: Int, state: EngineState, start: Int?, inProgress: Bool) -> Bool {
    let b = buffers
    for index in 0..<b.streaks {
      b.previous[index] = state.streaks[index]
    }
    for index in 0..<b.aggregates {
      if let window = state.windows[index] {
        b.intBase[index] = Arithmetic.subtract(window.intSum, window.ints[window.head])
        b.numBase[index] = window.numSum - window.nums[window.head]
      } else {
        b.intBase[index] = state.intSums[index]
        b.numBase[index] = state.numSums[index]
      }
    }
    let control = b.control
    control[0] = inProgress ? 1 : 0
    control[1] = 0
    control[2] = day
    control[3] = start == nil ? 0 : 1
    control[4] = start ?? 0
    control[5] = state.origin == nil ? 0 : 1
    control[6] = state.origin ?? 0
    self.day(frame)
    return control[1] != 0
  }

  /// Runs the day again as finished, after a run in progress returned true (a deferred
  /// break): what `load` and `run(inProgress: false)` would do for `commit`, but only the
  /// streak steps when nothing else can differ.
  public func finish(day: Int, values: [Int]?, state: EngineState, start: Int?) {
    guard let streaksAlone else {
      load(day: day, values: values, state: state, start: start)
      run(day: day, state: state, start: start, inProgress: false)
      return
    }
    buffers.control[0] = 0
    buffers.control[1] = 0
    streaksAlone(frame)
  }

  /// Makes the day just run part of `state`.
  public func commit(day: Int, into state: inout EngineState) {
    let ints = frame.ints
    let nums = frame.nums
    let b = buffers
    for commit in commits {
      switch commit {
      case .intSum(let aggregate, let slot):
        state.intSums[aggregate] = ints[slot]
      case .numSum(let aggregate, let slot):
        state.numSums[aggregate] = nums[slot]
      case .intWindow(let aggregate):
        var window = state.windows[aggregate]!
        state.windows[aggregate] = nil
        window.intSum = Arithmetic.add(
          Arithmetic.subtract(window.intSum, window.ints[window.head]), b.pendingInts[aggregate])
        window.ints[window.head] = b.pendingInts[aggregate]
        window.head = (window.head + 1) % window.days
        state.windows[aggregate] = window
      case .numWindow(let aggregate):
        var window = state.windows[aggregate]!
        state.windows[aggregate] = nil
        window.numSum = window.numSum - window.nums[window.head] + b.pendingNums[aggregate]
        window.nums[window.head] = b.pendingNums[aggregate]
        window.head = (window.head + 1) % window.days
        state.windows[aggregate] = window
      case .streak(let index):
        state.streaks[index] = b.pending[index]
      }
    }
    state.countedThrough = day
  }

  /// Unlocks the badges whose criterion holds on `day` (already run): every badge outside
  /// progressive groups, and when `check` is true the next badge of each progressive group.
  /// Returns the badges unlocked, in the order they unlocked.
  @discardableResult
  public func unlockBadges(day: Int, state: inout EngineState, check: Bool) -> [Int] {
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
      badgeMetrics(frame)
    }
    if check { state.lastCheck = day }
    return unlocked
  }

  private func unlock(_ badge: Int, day: Int, state: inout EngineState) {
    state.unlocked[badge] = day
    state.badgeCount += 1
    state.badgeXP = Arithmetic.add(state.badgeXP, badgeXP[badge])
  }

  /// Counts every day after the state's last counted day up to (not including) `day`, as the
  /// app would have seen them had it checked each day: badges outside progressive groups
  /// unlock on the day their criterion held. Returns the badges unlocked with their days.
  public func catchUp(to day: Int, history: History, state: inout EngineState) -> [(badge: Int, day: Int)] {
    let start = history.start?.number
    let firstDay = Self.firstDay(of: history, before: day)
    let first = min(state.countedThrough.map { $0 + 1 } ?? firstDay, day)
    if state.origin == nil { state.origin = history.records.first?.date.number ?? firstDay }
    var unlocks: [(Int, Int)] = []
    var index = history.records.partitioningIndex { $0.date.number >= first }
    var current = first
    while current < day {
      var values: [Int]?
      if index < history.records.count, history.records[index].date.number == current {
        values = history.records[index].values
        index += 1
      }
      load(day: current, values: values, state: state, start: start)
      let differs = run(day: current, state: state, start: start, inProgress: true)
      for badge in unlockBadges(day: current, state: &state, check: false) {
        unlocks.append((badge, current))
      }
      if differs { finish(day: current, values: values, state: state, start: start) }
      commit(day: current, into: &state)
      current += 1
    }
    return unlocks
  }
}

extension Evaluator {
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
