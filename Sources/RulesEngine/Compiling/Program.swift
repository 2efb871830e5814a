/// A checked catalog compiled for evaluation: its frame layout, its day as bytecode (history
/// sums, streaks, metrics, badge criteria), and closures for what is computed once per report
/// (progress measures, messages, explanations). Compile once, evaluate many days and users.
public final class Program: Sendable {
  public let catalog: ValidatedCatalog
  public let layout: Layout
  let bytecode: Bytecode
  /// Each badge's criterion as a closure (for `criterion(ofBadge:)`).
  let badgeWhen: [Criterion]
  let badgeXP: [Int]
  /// Badges outside progressive groups, in catalog order.
  let freeBadges: [Int]
  /// Each progressive group's badges, in order.
  let progressiveGroups: [[Int]]

  /// A badge's compiled criterion. The struct keeps the closure as it is compiled: a bare
  /// closure in an array would be stored (and called) through a reabstraction thunk.
  struct Criterion: Sendable {
    let test: BoolFn
  }

  public init(_ catalog: ValidatedCatalog) {
    self.catalog = catalog
    let layout = Layout(catalog)
    self.layout = layout
    bytecode = Bytecode(catalog, layout: layout)
    let compiler = ClosureCompiler(layout: layout)
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
  }

  /// The compiled criterion of the badge at `index` (for embedders and benchmarks that test
  /// one rule against values they put in an evaluator's frame).
  public func criterion(ofBadge index: Int) -> @Sendable (Frame) -> Bool {
    badgeWhen[index].test
  }

  /// A closure computing `expr` (an expression of this catalog) on a frame.
  public func compile(_ expr: TypedExpr) -> @Sendable (Frame) -> Value {
    ClosureCompiler(layout: layout).value(expr)
  }
}
