/// Steps one user's state through days: the state as of day D plus the record of D+1 gives
/// the state as of D+1, in constant time per streak, metric and badge. Not thread-safe: use
/// one evaluator per thread (they can share a `Program`).
public final class Evaluator {
  public let program: Program
  public let frame: Frame
  /// Streak states computed for the day under evaluation, not yet committed.
  private var pending: [StreakState]
  /// Today's value of each window's argument, not yet committed.
  private var pendingInts: [Int]
  private var pendingNums: [Double]
  /// Whether each streak moved forward on the day under evaluation.
  public private(set) var moved: [Bool]
  /// An in-progress day that would break a streak: the final evaluation of the day differs.
  private var deferredBreak = false

  public init(program: Program) {
    self.program = program
    frame = Frame(intCount: program.layout.intCount, numCount: program.layout.numCount)
    pending = Array(repeating: StreakState(), count: program.catalog.streaks.count)
    pendingInts = Array(repeating: 0, count: program.catalog.aggregates.count)
    pendingNums = Array(repeating: 0, count: program.catalog.aggregates.count)
    moved = Array(repeating: false, count: program.catalog.streaks.count)
  }

  /// Puts a day's inputs and built-ins in the frame. `values` nil: a day without a record.
  public func load(day: Int, values: [Int]?, state: EngineState, start: Int?) {
    let layout = program.layout
    let inputs = program.catalog.inputs
    for index in inputs.indices {
      let raw = values?[index] ?? inputs[index].encode(inputs[index].defaultValue)
      switch layout.inputs[index] {
      case .int(let slot): frame.ints[slot] = raw
      case .num(let slot): frame.nums[slot] = Double(bitPattern: UInt64(UInt(bitPattern: raw)))
      }
    }
    frame.ints[layout.logged] = values == nil ? 0 : 1
    frame.ints[layout.day] = day - (start ?? state.origin ?? day)
    frame.ints[layout.badgesCount] = state.badgeCount
    frame.ints[layout.badgesXP] = state.badgeXP
  }

  /// Computes the day in the frame from `state` (counted through the day before).
  /// `inProgress`: the day is still going on (streaks that are not `final` extend but do not
  /// break yet). Returns whether the finished day would differ (a deferred break).
  @discardableResult
  public func run(day: Int, state: EngineState, start: Int?, inProgress: Bool) -> Bool {
    deferredBreak = false
    let ints = frame.ints
    let nums = frame.nums
    let layout = program.layout
    for step in program.steps {
      switch step {
      case .intMetric(let slot, let f):
        ints[slot] = f(frame)
      case .numMetric(let slot, let f):
        nums[slot] = f(frame)
      case .intTotal(let aggregate, let slot, let f):
        ints[slot] = Arithmetic.add(state.intSums[aggregate], f(frame))
      case .numTotal(let aggregate, let slot, let f):
        nums[slot] = state.numSums[aggregate] + f(frame)
      case .intWindow(let aggregate, let slot, let f):
        let value = f(frame)
        pendingInts[aggregate] = value
        let window = state.windows[aggregate]!
        ints[slot] = Arithmetic.add(Arithmetic.subtract(window.intSum, window.ints[window.head]), value)
      case .numWindow(let aggregate, let slot, let f):
        let value = f(frame)
        pendingNums[aggregate] = value
        let window = state.windows[aggregate]!
        nums[slot] = window.numSum - window.nums[window.head] + value
      case .consecutive(let index, let counts, let skips, let rule, let isFinal):
        var streak = state.streaks[index]
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
          moved[index] = true
        } else {
          moved[index] = false
          if skips?(frame) != true {
            if inProgress && !isFinal {
              deferredBreak = true
            } else if streak.freezes > 0 {
              streak.freezes -= 1
            } else {
              streak.current = 0
              streak.progress = 0
            }
          }
        }
        pending[index] = streak
        let fields = layout.streaks[index]
        ints[fields.current] = streak.current
        ints[fields.best] = streak.best
        ints[fields.freezes] = streak.freezes
      case .elapsed(let index, let resets, let needsStart):
        var streak = state.streaks[index]
        if streak.anchor == nil {
          streak.anchor = start ?? (needsStart ? nil : (state.origin ?? day))
        } else if let start, let anchor = streak.anchor, anchor < start {
          streak.anchor = start  // a later start (a new commitment) is a new Day 0
        }
        if let anchor = streak.anchor {
          if resets?(frame) == true { streak.anchor = day }
          let current = day - (streak.anchor ?? anchor)
          streak.current = max(0, current)
          streak.best = max(streak.best, streak.current)
          moved[index] = current > 0
        } else {
          streak.current = 0
          moved[index] = false
        }
        pending[index] = streak
        let fields = layout.streaks[index]
        ints[fields.current] = streak.current
        ints[fields.best] = streak.best
        ints[fields.freezes] = 0
      }
    }
    return deferredBreak
  }

  /// Makes the day just run part of `state`.
  public func commit(day: Int, into state: inout EngineState) {
    let layout = program.layout
    for step in program.steps {
      switch step {
      case .intTotal(let aggregate, let slot, _):
        state.intSums[aggregate] = frame.ints[slot]
      case .numTotal(let aggregate, let slot, _):
        state.numSums[aggregate] = frame.nums[slot]
      case .intWindow(let aggregate, _, _):
        var window = state.windows[aggregate]!
        state.windows[aggregate] = nil
        window.intSum = Arithmetic.add(
          Arithmetic.subtract(window.intSum, window.ints[window.head]), pendingInts[aggregate])
        window.ints[window.head] = pendingInts[aggregate]
        window.head = (window.head + 1) % window.days
        state.windows[aggregate] = window
      case .numWindow(let aggregate, _, _):
        var window = state.windows[aggregate]!
        state.windows[aggregate] = nil
        window.numSum = window.numSum - window.nums[window.head] + pendingNums[aggregate]
        window.nums[window.head] = pendingNums[aggregate]
        window.head = (window.head + 1) % window.days
        state.windows[aggregate] = window
      case .consecutive(let index, _, _, _, _), .elapsed(let index, _, _):
        state.streaks[index] = pending[index]
      case .intMetric, .numMetric:
        break
      }
    }
    _ = layout
    state.countedThrough = day
  }

  /// Unlocks the badges whose criterion holds on `day` (already run): every badge outside
  /// progressive groups, and when `check` is true the next badge of each progressive group.
  /// Returns the badges unlocked, in the order they unlocked.
  @discardableResult
  public func unlockBadges(day: Int, state: inout EngineState, check: Bool) -> [Int] {
    var unlocked: [Int] = []
    var groupsDone = [Bool](repeating: false, count: program.progressiveGroups.count)
    while true {
      var changed = false
      for badge in program.freeBadges where state.unlocked[badge] == nil {
        if program.badgeWhen[badge](frame) {
          unlock(badge, day: day, state: &state)
          unlocked.append(badge)
          changed = true
        }
      }
      if check {
        for (group, badges) in program.progressiveGroups.enumerated() where !groupsDone[group] {
          guard let next = badges.first(where: { state.unlocked[$0] == nil }) else { continue }
          if program.badgeWhen[next](frame) {
            unlock(next, day: day, state: &state)
            unlocked.append(next)
            groupsDone[group] = true
            changed = true
          }
        }
      }
      // A badge that unlocked changes badges.count and badges.xp: metrics that read them are
      // computed again and the badges still locked looked at once more.
      guard changed, !program.badgeSteps.isEmpty else { break }
      frame.ints[program.layout.badgesCount] = state.badgeCount
      frame.ints[program.layout.badgesXP] = state.badgeXP
      for step in program.badgeSteps {
        switch step {
        case .intMetric(let slot, let f): frame.ints[slot] = f(frame)
        case .numMetric(let slot, let f): frame.nums[slot] = f(frame)
        default: break
        }
      }
    }
    if check { state.lastCheck = day }
    return unlocked
  }

  private func unlock(_ badge: Int, day: Int, state: inout EngineState) {
    state.unlocked[badge] = day
    state.badgeCount += 1
    state.badgeXP = Arithmetic.add(state.badgeXP, program.badgeXP[badge])
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
      if differs {
        load(day: current, values: values, state: state, start: start)
        run(day: current, state: state, start: start, inProgress: false)
      }
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
