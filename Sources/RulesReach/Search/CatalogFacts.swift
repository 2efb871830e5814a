@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What the search needs to know of a catalog: what can matter to a badge or a milestone (the
/// rest of the state is left out of a state's key), the values above which a count no longer
/// matters (its cap in the key), each input's values worth trying, and how much of the
/// calendar the day reads.
struct CatalogFacts {
  /// How much of a date the catalog's future depends on.
  enum CalendarUse: Equatable {
    /// None: every date is the same.
    case none
    /// Its weekday alone (weekday, week sums, weekly challenges).
    case weekday
    /// The date itself (months, the Hijri calendar).
    case date
  }

  let catalog: ValidatedCatalog
  /// What the badges, the milestones and the streaks they read read.
  let relevant: Reads
  /// The expressions that decide unlocks and streaks (criteria, relevant streaks' conditions,
  /// relevant metrics and sums' arguments).
  let expressions: [TypedExpr]
  let calendarUse: CalendarUse
  /// Caps in a key, by streak: current and best (nil: exact).
  let streakCaps: [(current: Int?, best: Int?)]
  /// Whether each streak's `best` and `freezes` are read.
  let bestRead: [Bool]
  let freezesRead: [Bool]
  /// Caps of the `total` sums (nil: exact).
  let sumCaps: [Int?]
  /// Each input's values worth trying, encoded, and whether they stand for all of its values.
  let candidates: [[Int]]
  let complete: [Bool]
  /// Whether a history's `start` can matter beyond its first date being the start (an elapsed
  /// streak, `day`): then a later start is a history the search does not try.
  let laterStartMatters: Bool
  /// Whether a history without `start` differs from one that starts on its first date.
  let startMatters: Bool
  let hasPausable: Bool
  /// Whether the search leaves pauses out (a pausable periodic streak): it is then not complete.
  let pausesLeftOut: Bool
  /// Whether a streak that matters takes repairs, which the search does not try: it is then
  /// not complete.
  let repairsLeftOut: Bool
  /// The periodic streaks that matter: their period's tally is part of a state's key.
  let periodicStreaks: [Int]
  /// The inputs a record must name for a streak to judge its day final (`today:
  /// {final_once_reported: [...]}`), by streak; empty when no streak asks.
  let reported: [(streak: Int, inputs: [Int])]

  /// What a search aims at: one badge, or one milestone.
  enum Target: Equatable {
    case badge(Int)
    case milestone(Int)
    /// A badge's criterion holding at a check, unlocked or not (its turn left aside).
    case criterion(Int)
  }

  /// The facts of `catalog` for a search aimed at `target` (nil: at every item): what matters
  /// is what its criterion reads, with the badges it waits for in its progressive group (all
  /// badges when it reads the badge totals).
  init(_ catalog: ValidatedCatalog, target: Target? = nil) {
    self.catalog = catalog
    var reads = Reads()
    var expressions: [TypedExpr] = []
    var criteria: [Int]
    switch target {
    case nil: criteria = Array(catalog.badges.indices)
    case .milestone: criteria = []
    case .criterion(let index): criteria = [index]
    case .badge(let index):
      // The badge, the badges before it in its progressive group and those it requires, and
      // theirs in turn.
      let positions = Dictionary(
        catalog.badges.indices.map { (catalog.badges[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
      var found: Set<Int> = [index]
      var queue = [index]
      while let badge = queue.popLast() {
        var before = catalog.badges[badge].badge.requires.compactMap { positions[$0.id] }
        if let group = catalog.badges[badge].group, catalog.catalog.groups[group].progressive {
          before += catalog.badges.indices.filter { $0 < badge && catalog.badges[$0].group == group }
        }
        for other in before where found.insert(other).inserted { queue.append(other) }
      }
      criteria = found.sorted()
      if criteria.contains(where: { Reads.of(catalog.badges[$0].when, in: catalog).badgeTotals }) {
        criteria = Array(catalog.badges.indices)
      }
    }
    for badge in criteria {
      reads.add(catalog.badges[badge].when, catalog)
      expressions.append(catalog.badges[badge].when)
    }
    var streaks = Set<Int>()
    if target == nil || { if case .milestone = target { return true } else { return false } }(),
      let milestone = catalog.milestoneStreak
    {
      reads.streaks.insert(milestone)
    }
    // The streaks read, and what their conditions read, to a fixed point.
    while let next = reads.streaks.subtracting(streaks).first {
      streaks.insert(next)
      for condition in catalog.conditions(ofStreak: next) {
        reads.add(condition, catalog)
        expressions.append(condition)
      }
    }
    for metric in reads.metrics.sorted() { expressions.append(catalog.metrics[metric]) }
    for aggregate in reads.aggregates.sorted() { expressions.append(catalog.aggregates[aggregate].argument) }
    relevant = reads
    self.expressions = expressions

    var usesDate = !reads.calendar.subtracting([.weekday]).isEmpty
    var usesWeekday = reads.calendar.contains(.weekday)
    for aggregate in reads.aggregates {
      if case .period(let period) = catalog.aggregates[aggregate].kind {
        if period == .week { usesWeekday = true } else { usesDate = true }
      }
    }
    // A periodic streak's periods begin on the week's first day, or on a date.
    for streak in reads.streaks {
      switch catalog.streaks[streak].streak.periodic?.period {
      case .week: usesWeekday = true
      case .month, .hijriMonth: usesDate = true
      case nil: break
      }
    }
    for badge in catalog.badges {
      switch badge.repeats {
      case .week: usesWeekday = true
      case .month, .hijriMonth: usesDate = true
      case nil: break
      }
    }
    calendarUse = usesDate ? .date : (usesWeekday ? .weekday : .none)

    let ever = BoundsEvaluator(catalog: catalog, environment: BoundsEnvironment(catalog: catalog))
    let scan = OccurrenceScan(catalog: catalog, expressions: expressions, evaluator: ever)
    var caps: [(Int?, Int?)] = []
    var bestRead: [Bool] = []
    var freezesRead: [Bool] = []
    for index in catalog.streaks.indices {
      var current = scan.cap { $0 == .symbol(.streak(index, .current)) }
      if current != nil, index == catalog.milestoneStreak, let track = catalog.catalog.milestones {
        current = max(current!, (track.milestones.map(\.day).max() ?? 0) + 1)
      }
      caps.append((current, scan.cap { $0 == .symbol(.streak(index, .best)) }))
      bestRead.append(scan.reads { $0 == .symbol(.streak(index, .best)) })
      freezesRead.append(scan.reads { $0 == .symbol(.streak(index, .freezes)) })
    }
    streakCaps = caps
    self.bestRead = bestRead
    self.freezesRead = freezesRead
    sumCaps = catalog.aggregates.indices.map { index in
      let aggregate = catalog.aggregates[index]
      guard aggregate.kind == .total, aggregate.type == .int,
        ever.evaluate(aggregate.argument).span.low >= 0
      else { return nil }
      return scan.cap { $0 == .aggregate(index) }
    }

    let constants = scan.constants
    var candidates: [[Int]] = []
    var complete: [Bool] = []
    for (index, input) in catalog.inputs.enumerated() {
      guard reads.inputs.contains(index) else {
        candidates.append([input.encode(input.defaultValue)])
        complete.append(true)
        continue
      }
      let compared = scan.onlyCompared { $0 == .symbol(.input(index)) }
      switch input.kind {
      case .bool:
        candidates.append([0, 1])
        complete.append(true)
      case .enumeration(let values):
        // Compared with its members only: those it is compared with, and one other.
        let named = scan.comparedMembers(index)
        if compared, let other = values.indices.first(where: { !named.contains($0) }) {
          candidates.append((named.union([other])).sorted())
        } else {
          candidates.append(Array(values.indices))
        }
        complete.append(true)
      case .int:
        let low = Int(input.min ?? -1_000_000)
        let high = Int(input.max ?? 1_000_000)
        if high - low < 16 {
          candidates.append(Array(low...high))
          complete.append(true)
          continue
        }
        var values: Set<Int> = [low, high]
        for constant in constants where constant.rounded() == constant && abs(constant) < 1e15 {
          for value in Int(constant) - 1...Int(constant) + 1 where (low...high).contains(value) { values.insert(value) }
        }
        candidates.append(values.sorted())
        complete.append(compared && input.min != nil && input.max != nil)
      case .number:
        let low = input.min ?? -1_000_000
        let high = input.max ?? 1_000_000
        var points = Set([low, high])
        for constant in constants where (low...high).contains(constant) { points.insert(constant) }
        let sorted = points.sorted()
        var values = Set(sorted)
        for (a, b) in zip(sorted, sorted.dropFirst()) { values.insert((a + b) / 2) }
        candidates.append(values.sorted().map { input.encode(.number($0)) })
        complete.append(compared && input.min != nil && input.max != nil)
      }
    }
    self.candidates = candidates
    self.complete = complete
    let hasElapsed = catalog.streaks.contains {
      if case .elapsed = $0.streak.kind { return true }
      return false
    }
    laterStartMatters = hasElapsed || reads.day
    startMatters = catalog.streaks.contains { $0.streak.needsStart }
    hasPausable = catalog.streaks.contains { $0.streak.pausable }
    // A pausable periodic streak's goal is capped by the pauses of its whole period, later
    // dates' included: a search that decides a date's pause on that date cannot step it as
    // `rules replay` does, so it tries no pauses (and is not complete).
    pausesLeftOut = reads.streaks.contains {
      catalog.streaks[$0].streak.pausable && catalog.streaks[$0].streak.periodic != nil
    }
    // A streak a user may repair (`repairs`): a repaired day neither extends nor breaks it, which
    // no day's choice of the search makes, so a search over it is not complete.
    repairsLeftOut = reads.streaks.contains { catalog.streaks[$0].streak.repairs != nil }
    periodicStreaks = catalog.streaks.indices.filter {
      catalog.streaks[$0].streak.periodic != nil && reads.streaks.contains($0)
    }
    let positions = Dictionary(
      catalog.inputs.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    reported = catalog.streaks.indices.compactMap { index in
      let names = catalog.streaks[index].streak.today.reportedInputs
      return names.isEmpty ? nil : (index, names.compactMap { positions[$0.name] })
    }
  }

  /// Whether the values tried stand for every value of every input.
  var candidatesComplete: Bool { complete.allSatisfy { $0 } }
}

/// Where a leaf (a streak's field, a sum, an input) occurs in the expressions that matter.
struct OccurrenceScan {
  /// A leaf as the scan matches it.
  enum Leaf: Equatable {
    case symbol(Symbol)
    case aggregate(Int)
  }

  let catalog: ValidatedCatalog
  let expressions: [TypedExpr]
  let evaluator: BoundsEvaluator

  /// Every number literal of the expressions.
  var constants: Set<Double> {
    var found = Set<Double>()
    for expression in expressions {
      expression.forEachLeaf { leaf in
        if case .literal(let value) = leaf.kind {
          switch value {
          case .int(let i): found.insert(Double(i))
          case .number(let n): found.insert(n)
          default: break
          }
        }
      }
    }
    return found
  }

  private static func leaf(_ expression: TypedExpr) -> Leaf? {
    switch expression.kind {
    case .symbol(let symbol): .symbol(symbol)
    case .aggregate(let index): .aggregate(index)
    case .toNumber(let inner): leaf(inner)
    default: nil
    }
  }

  /// The value from which the leaf no longer changes any expression: each occurrence is an
  /// operand of a comparison whose other operand does not read it and is at most some bound (a
  /// metric that is the leaf itself counts as the leaf). Nil when an occurrence is anything else.
  func cap(_ matches: @escaping (Leaf) -> Bool) -> Int? {
    var cap = 0
    var ok = true
    var found = false
    let aliases = aliasMetrics(matches)
    let isLeaf: (TypedExpr) -> Bool = { expression in
      guard let leaf = Self.leaf(expression) else { return false }
      if matches(leaf) { return true }
      if case .symbol(.metric(let index)) = leaf { return aliases.contains(index) }
      return false
    }
    func walk(_ expression: TypedExpr) {
      guard ok else { return }
      if isLeaf(expression) {
        ok = false  // an occurrence outside a comparison
        return
      }
      if case .binary(let op, let left, let right) = expression.kind, Comparison(op) != nil {
        for (side, other) in [(left, right), (right, left)] where isLeaf(side) {
          found = true
          guard !contains(other, isLeaf) else {
            ok = false
            return
          }
          let span = evaluator.evaluate(other).span
          guard span.high.isFinite, span.high < 1e12 else {
            ok = false
            return
          }
          cap = max(cap, Int(span.high.rounded(.down)) + 1)
        }
        for side in [left, right] where !isLeaf(side) { walk(side) }
        return
      }
      children(expression).forEach(walk)
    }
    for (index, expression) in expressions.enumerated() {
      // A metric that is the leaf itself is walked where it is read, not as an expression.
      if aliasesExpression(index, aliases) { continue }
      walk(expression)
    }
    return ok ? (found ? cap : 0) : nil
  }

  /// Whether any expression reads the leaf.
  func reads(_ matches: (Leaf) -> Bool) -> Bool {
    expressions.contains { contains($0) { Self.leaf($0).map(matches) ?? false } }
  }

  /// Whether each occurrence of the leaf is an operand of a comparison with a literal or
  /// another leaf compared so (its values then matter only by the comparisons they make).
  func onlyCompared(_ matches: @escaping (Leaf) -> Bool) -> Bool {
    var ok = true
    let isLeaf: (TypedExpr) -> Bool = { Self.leaf($0).map(matches) ?? false }
    func walk(_ expression: TypedExpr) {
      guard ok else { return }
      if isLeaf(expression) {
        ok = false
        return
      }
      if case .binary(let op, let left, let right) = expression.kind, Comparison(op) != nil {
        for (side, other) in [(left, right), (right, left)] where isLeaf(side) {
          var literal = other
          if case .toNumber(let inner) = literal.kind { literal = inner }
          guard case .literal = literal.kind else {
            ok = false
            return
          }
        }
        for side in [left, right] where !isLeaf(side) { walk(side) }
        return
      }
      children(expression).forEach(walk)
    }
    expressions.forEach(walk)
    return ok
  }

  /// The members an enum input is compared with.
  func comparedMembers(_ input: Int) -> Set<Int> {
    var found = Set<Int>()
    func walk(_ expression: TypedExpr) {
      if case .binary(let op, let left, let right) = expression.kind, Comparison(op) != nil {
        for (side, other) in [(left, right), (right, left)] {
          if case .symbol(.input(input)) = side.kind, case .literal(.member(let member, _)) = other.kind {
            found.insert(member)
          }
        }
      }
      children(expression).forEach(walk)
    }
    expressions.forEach(walk)
    return found
  }

  /// The metrics whose whole value is the leaf.
  private func aliasMetrics(_ matches: (Leaf) -> Bool) -> Set<Int> {
    var found = Set<Int>()
    for (index, metric) in catalog.metrics.enumerated() {
      if let leaf = Self.leaf(metric), matches(leaf) { found.insert(index) }
    }
    return found
  }

  private func aliasesExpression(_ index: Int, _ aliases: Set<Int>) -> Bool {
    let expression = expressions[index]
    return aliases.contains {
      catalog.metrics[$0].range == expression.range && Self.same(catalog.metrics[$0], expression)
    }
  }

  private static func same(_ a: TypedExpr, _ b: TypedExpr) -> Bool {
    switch (leaf(a), leaf(b)) {
    case (.some(let x), .some(let y)): x == y
    default: false
    }
  }

  private func contains(_ expression: TypedExpr, _ test: (TypedExpr) -> Bool) -> Bool {
    if test(expression) { return true }
    if case .symbol(.metric(let index)) = expression.kind { return contains(catalog.metrics[index], test) }
    return children(expression).contains { contains($0, test) }
  }

  private func children(_ expression: TypedExpr) -> [TypedExpr] {
    switch expression.kind {
    case .literal, .symbol, .aggregate: []
    case .unary(_, let operand), .toNumber(let operand), .toInt(let operand): [operand]
    case .binary(_, let left, let right): [left, right]
    case .conditional(let a, let b, let c): [a, b, c]
    case .call(_, let arguments): arguments
    }
  }
}
