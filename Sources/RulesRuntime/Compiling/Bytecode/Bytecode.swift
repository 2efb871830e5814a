@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import Synchronization

/// A validated catalog's day as bytecode: the steps in evaluation order (history sums, streaks,
/// metrics), the badges' criteria, and what `DayRunner.commit` writes back to the state.
/// `Program` makes it once per catalog; each `DayRunner` runs it on its own frame.
struct Bytecode: Sendable {
  /// Every fragment's instructions; the ranges below are parts of it.
  let instructions: [Instruction]
  /// The whole day: every step in `ValidatedCatalog.order` except the metrics that only
  /// reports read (see `dayMetrics`).
  let day: Range<Int>
  /// The metrics nothing in the day reads (no streak, history sum or badge criterion): they
  /// are computed when a report asks for them (`DayRunner.completeMetrics`), not every day.
  let reportMetrics: Range<Int>
  /// Whether the streaks are all that a finished day can change: then `DayRunner.finish`
  /// applies the breaks the day in progress deferred instead of running the day again.
  let streaksAlone: Bool
  /// The metrics to compute again when a badge unlocks during a check.
  let badgeMetrics: Range<Int>
  /// Each badge's criterion: its instructions and the slot that then holds the result (its
  /// part of `allCriteria`, copied: the same slots).
  let criteria: [(code: Range<Int>, result: Int)]
  /// Every criterion at once (one run instead of one per badge, for the days nothing
  /// unlocks), and the slot of each badge's result.
  let allCriteria: Range<Int>
  let allCriteriaResults: [Int]
  /// The frame's size with the temporaries, and the constants that go below its slot 0.
  let intCount: Int
  let numCount: Int
  let intConstants: [Int]
  let numConstants: [Double]
  /// The texts of the string literals, by number (`BytecodeGenerator.string`).
  let strings: [String]
  /// The fragments of a report's code (`ReportCode`), each a range the machine runs alone;
  /// none in a day's bytecode.
  let reports: [Range<Int>]
  /// This code among all made in the process: a machine running it has the same
  /// (`Program.criterion(ofBadge:)` runs a criterion on a frame's own machine when it is this code's).
  let identity = Self.made.add(1, ordering: .relaxed).newValue
  private static let made = Atomic<Int>(0)
  let streaks: [StreakRule]
  let commits: [Commit]

  /// What a streak instruction needs beside its conditions.
  struct StreakRule: Sendable {
    /// The frame slots of `.current`, `.best` and `.freezes`.
    let current: Int
    let best: Int
    let freezes: Int
    /// Whether the streak earns freezes: one every `earnEvery` counted days, at most
    /// `maxFreezes` held.
    let hasFreezes: Bool
    let earnEvery: Int
    let maxFreezes: Int
    /// Whether the counted days towards the next freeze are kept when the streak breaks.
    let keepsProgress: Bool
    /// The most days the streak counts (`max_days`; `Int.max` for no limit).
    let maxDays: Int
    /// The evaluated day is final for this streak: it breaks the same day. A streak final
    /// once the day's record reports inputs (`final_once_reported`) is final here, as every day
    /// counted before a check is; `DayRunner.judge` sets it for the checked day.
    var isFinal: Bool
    let needsStart: Bool
    /// A paused day neither extends nor breaks it (`pausable`).
    let pausable: Bool
    /// A periodic streak's period (nil for the other types), its goal and the slot of its
    /// tally in the state's streak list (`PeriodTally`).
    var period: PeriodSum? = nil
    var goal = 0
    var tally = -1
  }

  /// What `commit` copies from a day just run into the state.
  enum Commit: Sendable {
    case intSum(aggregate: Int, slot: Int)
    case numSum(aggregate: Int, slot: Int)
    case intWindow(aggregate: Int)
    case numWindow(aggregate: Int)
    case streak(Int)
  }

  /// How many criteria are compiled before the code's room is reserved for the rest at their
  /// size.
  static let sampledCriteria = 32

  /// `visit` sees each badge, in order, as its criterion is compiled: a caller's own pass
  /// over the badges rides on this one while each badge is in the cache.
  init(_ catalog: ValidatedCatalog, layout: Layout, visit: (Int, ValidatedBadge) -> Void = { _, _ in }) {
    var generator = BytecodeGenerator(layout: layout)

    func metric(_ index: Int, _ g: inout BytecodeGenerator) {
      let expr = catalog.metrics[index]
      switch layout.metrics[index] {
      case .int(let slot):
        if expr.type == .bool {
          g.emit(.boolToInt(slot, g.bool(expr)))
        } else {
          _ = g.int(expr, into: slot)
        }
      case .num(let slot):
        _ = g.num(expr, into: slot)
      }
    }
    func aggregate(_ index: Int, _ g: inout BytecodeGenerator) {
      let aggregate = catalog.aggregates[index]
      let isWindow = aggregate.kind != .total
      switch layout.aggregates[index] {
      case .int(let slot):
        let value = g.int(aggregate.argument)
        g.emit(
          isWindow
            ? .intWindow(aggregate: index, slot, value: value)
            : .intTotal(aggregate: index, slot, value: value))
      case .num(let slot):
        let value = g.num(aggregate.argument)
        g.emit(
          isWindow
            ? .numWindow(aggregate: index, slot, value: value)
            : .numTotal(aggregate: index, slot, value: value))
      }
    }
    func streak(_ index: Int, _ g: inout BytecodeGenerator) {
      let streak = catalog.streaks[index]
      switch streak.streak.kind {
      case .consecutive:
        let counts = streak.counts.map { g.bool($0) } ?? g.intConstant(0)
        let skips = streak.skips.map { g.bool($0) } ?? -1
        g.emit(.consecutive(streak: index, counts: counts, skips: skips))
      case .elapsed:
        let resets = streak.resets.map { g.bool($0) } ?? -1
        g.emit(.elapsed(streak: index, resets: resets))
      case .periodic:
        let counts = streak.counts.map { g.bool($0) } ?? g.intConstant(0)
        g.emit(.periodic(streak: index, counts: counts))
      }
    }

    let needed = Self.dayMetrics(catalog)
    var commits: [Commit] = []
    let dayStart = generator.code.count
    for step in catalog.order {
      switch step {
      case .metric(let index):
        guard needed.contains(index) else { continue }
        _ = generator.fragment { metric(index, &$0) }
      case .aggregate(let index):
        _ = generator.fragment { aggregate(index, &$0) }
        let isWindow = catalog.aggregates[index].kind != .total
        switch (layout.aggregates[index], isWindow) {
        case (.int(let slot), false): commits.append(.intSum(aggregate: index, slot: slot))
        case (.num(let slot), false): commits.append(.numSum(aggregate: index, slot: slot))
        case (.int, true): commits.append(.intWindow(aggregate: index))
        case (.num, true): commits.append(.numWindow(aggregate: index))
        }
      case .streak(let index):
        _ = generator.fragment { streak(index, &$0) }
        commits.append(.streak(index))
      }
    }
    day = dayStart..<generator.code.count

    let reportStart = generator.code.count
    for case .metric(let index) in catalog.order where !needed.contains(index) {
      _ = generator.fragment { metric(index, &$0) }
    }
    reportMetrics = reportStart..<generator.code.count

    streaksAlone = Self.streaksDecideAlone(catalog)

    let metricsStart = generator.code.count
    for index in catalog.badgeDependentMetrics where needed.contains(index) {
      _ = generator.fragment { metric(index, &$0) }
    }
    badgeMetrics = metricsStart..<generator.code.count

    // Every criterion at once, then each alone: a copy of its part of the first (its
    // temporaries are its own there too), not compiled again from its tree.
    var starts: [Int] = []
    starts.reserveCapacity(catalog.badges.count + 1)
    let (all, results) = generator.fragment { g in
      let first = g.code.count
      return catalog.badges.enumerated().map { index, badge in
        if index == Self.sampledCriteria && catalog.badges.count > 2 * index {
          // Room for the rest at the first criteria's size, and for each criterion's copy
          // after: the code grew by doubling, copied whole each time (1.4 M instructions of
          // 5,000 badges' load).
          let rest = (g.code.count - first) / index * (catalog.badges.count - index)
          g.reserve(rest + (g.code.count - first + rest) + rest / 8)
        }
        starts.append(g.code.count)
        let result = g.bool(badge.when)
        visit(index, badge)
        return result
      }
    }
    starts.append(all.upperBound)
    generator.reserve(all.count)
    var criteria: [(code: Range<Int>, result: Int)] = []
    criteria.reserveCapacity(results.count)
    for badge in results.indices {
      criteria.append((generator.copy(starts[badge]..<starts[badge + 1]), results[badge]))
    }
    (allCriteria, allCriteriaResults, self.criteria) = (all, results, criteria)

    streaks = catalog.streaks.indices.map { index in
      let streak = catalog.streaks[index].streak
      let fields = layout.streaks[index]
      var hasFreezes = false
      var earnEvery = 0
      var maxFreezes = Int.max
      var keepsProgress = false
      if let freezes = streak.freezes {
        hasFreezes = true
        earnEvery = freezes.earnEvery
        maxFreezes = freezes.max ?? .max
        keepsProgress = freezes.overall
      }
      var rule = StreakRule(
        current: fields.current, best: fields.best, freezes: fields.freezes,
        hasFreezes: hasFreezes, earnEvery: earnEvery, maxFreezes: maxFreezes, keepsProgress: keepsProgress,
        maxDays: streak.maxDays ?? .max,
        isFinal: streak.today.isFinal,
        needsStart: streak.needsStart, pausable: streak.pausable)
      if let periodic = streak.periodic {
        rule.period = periodic.period
        rule.goal = periodic.goal
        rule.tally = PeriodTally.slot(of: index, in: catalog)
      }
      return rule
    }
    self.commits = commits
    instructions = generator.code
    intCount = generator.intCount
    numCount = generator.numCount
    intConstants = generator.intConstants
    numConstants = generator.numConstants
    strings = generator.strings
    reports = []
  }

  /// Code that is only fragments (`reports`), each run alone: a report's (`ReportCode`).
  init(fragments generator: BytecodeGenerator, reports: [Range<Int>]) {
    instructions = generator.code
    day = 0..<0
    reportMetrics = 0..<0
    streaksAlone = false
    badgeMetrics = 0..<0
    criteria = []
    allCriteria = 0..<0
    allCriteriaResults = []
    intCount = generator.intCount
    numCount = generator.numCount
    intConstants = generator.intConstants
    numConstants = generator.numConstants
    strings = generator.strings
    streaks = []
    commits = []
    self.reports = reports
  }

  /// The metrics the day itself reads: those of streak conditions, history sums' arguments
  /// and badge criteria, and the metrics they read in turn.
  static func dayMetrics(_ catalog: ValidatedCatalog) -> Set<Int> {
    var needed = Set<Int>()
    var pending: [Int] = []
    func look(_ expr: TypedExpr?) {
      expr?.forEachSymbol { symbol in
        if case .metric(let index) = symbol, needed.insert(index).inserted { pending.append(index) }
      }
    }
    for streak in catalog.streaks {
      look(streak.counts)
      look(streak.skips)
      look(streak.resets)
    }
    for aggregate in catalog.aggregates { look(aggregate.argument) }
    // The badges' criteria: noted as they were validated (`BadgeReads`).
    for (index, read) in catalog.badgeReads.metrics.enumerated() where read && needed.insert(index).inserted {
      pending.append(index)
    }
    while let index = pending.popLast() { look(catalog.metrics[index]) }
    return needed
  }

  /// Whether running a day again as finished can change nothing but the streaks: no streak
  /// condition and no history sum reads a streak or a metric (or badges), so the inputs and
  /// sums the conditions see are the same in both runs. Metrics are not part of the state,
  /// so the streaks are all that `commit` would see differ.
  private static func streaksDecideAlone(_ catalog: ValidatedCatalog) -> Bool {
    var alone = true
    func look(_ expr: TypedExpr?) {
      expr?.forEachSymbol { symbol in
        switch symbol {
        case .streak, .metric, .badgesCount, .badgesXP: alone = false
        case .input, .logged, .day, .calendar: break
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
}
