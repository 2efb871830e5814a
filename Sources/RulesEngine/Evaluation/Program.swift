/// A checked catalog compiled for evaluation: its frame layout and a closure for every step,
/// badge criterion, progress measure and message. Compile once, evaluate many days and users.
public final class Program: Sendable {
  public let catalog: CheckedCatalog
  public let layout: Layout
  let steps: [Step]
  /// The metric steps to run again when a badge unlocks during a check.
  let badgeSteps: [Step]
  let badgeWhen: [Criterion]
  let badgeXP: [Int]
  /// Badges outside progressive groups, in catalog order.
  let freeBadges: [Int]
  /// Each progressive group's badges, in order.
  let progressiveGroups: [[Int]]
  let streakFinal: [Bool]

  /// A badge's compiled criterion. The struct keeps the closure as it is compiled: a bare
  /// closure in an array would be stored (and called) through a reabstraction thunk.
  struct Criterion: Sendable {
    let test: BoolFn
  }

  enum Step: Sendable {
    /// A metric that is another slot (`total_duas: total(duas_completed)`): a copy, no call.
    case intCopy(slot: Int, from: Int)
    /// `total(x)` of an int input or built-in: read in place, no call.
    case intTotalOf(aggregate: Int, slot: Int, from: Int)
    case intMetric(slot: Int, IntFn)
    case numMetric(slot: Int, NumFn)
    case intTotal(aggregate: Int, slot: Int, IntFn)
    case numTotal(aggregate: Int, slot: Int, NumFn)
    case intWindow(aggregate: Int, slot: Int, IntFn)
    case numWindow(aggregate: Int, slot: Int, NumFn)
    case consecutive(
      streak: Int, counts: BoolFn, skips: BoolFn?, freezes: FreezeRule?, final: Bool)
    case elapsed(streak: Int, resets: BoolFn?, needsStart: Bool)
  }

  public init(_ catalog: CheckedCatalog) {
    self.catalog = catalog
    let layout = Layout(catalog)
    self.layout = layout
    let compiler = Compiler(layout: layout)

    func metricStep(_ index: Int) -> Step {
      let expr = catalog.metrics[index]
      switch layout.metrics[index] {
      case .int(let slot):
        if expr.type == .bool {
          let f = compiler.bool(expr)
          return .intMetric(slot: slot, { frame in f(frame) ? 1 : 0 })
        }
        if case .slot(let from) = compiler.intLeaf(expr) { return .intCopy(slot: slot, from: from) }
        return .intMetric(slot: slot, compiler.int(expr))
      case .num(let slot): return .numMetric(slot: slot, compiler.num(expr))
      }
    }
    var steps: [Step] = []
    for step in catalog.order {
      switch step {
      case .metric(let index):
        steps.append(metricStep(index))
      case .aggregate(let index):
        let aggregate = catalog.aggregates[index]
        let isWindow = aggregate.kind != .total
        switch layout.aggregates[index] {
        case .int(let slot):
          let f = compiler.int(aggregate.argument)
          if isWindow {
            steps.append(.intWindow(aggregate: index, slot: slot, f))
          } else if case .slot(let from) = compiler.intLeaf(aggregate.argument) {
            steps.append(.intTotalOf(aggregate: index, slot: slot, from: from))
          } else {
            steps.append(.intTotal(aggregate: index, slot: slot, f))
          }
        case .num(let slot):
          let f = compiler.num(aggregate.argument)
          if isWindow {
            steps.append(.numWindow(aggregate: index, slot: slot, f))
          } else {
            steps.append(.numTotal(aggregate: index, slot: slot, f))
          }
        }
      case .streak(let index):
        let streak = catalog.streaks[index]
        switch streak.streak.kind {
        case .consecutive(_, _, let freezes):
          let never: BoolFn = { _ in false }
          // Not `Optional.map`: a closure through a generic would be called through a thunk.
          var counts: BoolFn = never
          if let expr = streak.counts { counts = compiler.bool(expr) }
          var skips: BoolFn?
          if let expr = streak.skips { skips = compiler.bool(expr) }
          steps.append(
            .consecutive(
              streak: index, counts: counts, skips: skips, freezes: freezes,
              final: streak.streak.today == .final))
        case .elapsed:
          var resets: BoolFn?
          if let expr = streak.resets { resets = compiler.bool(expr) }
          steps.append(
            .elapsed(streak: index, resets: resets, needsStart: streak.streak.needsStart))
        }
      }
    }
    self.steps = steps
    badgeSteps = catalog.badgeDependentMetrics.map(metricStep)
    badgeWhen = catalog.badges.map { Criterion(test: compiler.bool($0.when)) }
    badgeXP = catalog.badges.map(\.badge.xp)
    let groups = catalog.catalog.groups
    freeBadges = catalog.badges.indices.filter { index in
      guard let group = catalog.badges[index].group else { return true }
      return !groups[group].progressive
    }
    progressiveGroups = groups.indices.compactMap { group in
      guard groups[group].progressive else { return nil }
      return catalog.badges.indices.filter { catalog.badges[$0].group == group }
    }
    streakFinal = catalog.streaks.map { $0.streak.today == .final }
  }

  /// The compiled criterion of the badge at `index` (for embedders and benchmarks that test
  /// one rule against values they put in an evaluator's frame).
  public func criterion(ofBadge index: Int) -> @Sendable (Frame) -> Bool {
    badgeWhen[index].test
  }

  /// A closure computing `expr` (an expression of this catalog) on a frame.
  public func compile(_ expr: TypedExpr) -> @Sendable (Frame) -> Value {
    Compiler(layout: layout).value(expr)
  }
}
