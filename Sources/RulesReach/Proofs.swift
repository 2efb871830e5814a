import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What the interval analysis proves of each badge and milestone: that no history reaches it
/// (with the reason), that every new user has it at their first check, and the least number of
/// dates a history needs to reach it.
struct Proofs {
  struct Badge {
    /// Why no history reaches it, or nil.
    var never: String?
    /// Every new user has it at their first check.
    var always = false
    /// No history of fewer dates reaches it (nil: none of `horizon` dates or fewer does).
    var least: Int?
  }

  struct Milestone {
    var never: String?
    var least: Int?
  }

  var badges: [Badge] = []
  /// The least dates before each badge's criterion can hold (its turn in a group left out).
  var criterionLeast: [Int?] = []
  var milestones: [Milestone] = []

  init(catalog: ValidatedCatalog, bounds: HistoryBounds, horizon: Int) {
    var evaluators: [Int: BoundsEvaluator] = [:]
    func evaluator(_ k: Int) -> BoundsEvaluator {
      if let known = evaluators[k] { return known }
      let made = bounds.evaluator(for: .days(k))
      evaluators[k] = made
      return made
    }
    /// The least k in 1...horizon for which `holds(k)`, which stays true once true; nil if none.
    func least(_ holds: (Int) -> Bool) -> Int? {
      guard holds(horizon) else { return nil }
      var low = 1
      var high = horizon
      while low < high {
        let middle = (low + high) / 2
        if holds(middle) { high = middle } else { low = middle + 1 }
      }
      return low
    }
    let ever = bounds.evaluator(for: .ever)
    let first = bounds.evaluator(for: .firstCheck)
    let explainer = NeverReason(catalog: catalog, evaluator: ever)
    let program = (freeRank: Self.freeRanks(catalog), groups: catalog.catalog.groups)
    var byGroup: [Int: [Int]] = [:]
    for (index, badge) in catalog.badges.enumerated() {
      var proof = Badge()
      if !ever.evaluate(badge.when).canBeTrue {
        proof.never = explainer.reason(badge.when, text: badge.badge.when.text)
      }
      let leastCriterion = proof.never == nil ? least { evaluator($0).evaluate(badge.when).canBeTrue } : nil
      criterionLeast.append(leastCriterion)
      proof.least = leastCriterion
      if proof.never == nil, !first.evaluate(badge.when).canBeFalse {
        proof.always = Self.unlocksAtFirstCheck(index, catalog: catalog, ranks: program.freeRank)
      }
      if let group = badge.group, program.groups[group].progressive {
        // A progressive group unlocks one badge a check, in order: a badge waits for the one
        // before it, and never comes if that one never does.
        if let before = byGroup[group]?.last {
          let previous = badges[before]
          if previous.never != nil {
            proof.never =
              proof.never
              ?? "it waits in the progressive group '\(program.groups[group].id)' behind '\(catalog.badges[before].id)', which no user can unlock"
            proof.least = nil
          } else {
            proof.always = false
            if let previousLeast = previous.least, let own = proof.least {
              proof.least = max(own, previousLeast + 1)
            } else {
              proof.least = nil
            }
            if let own = proof.least, own > horizon { proof.least = nil }
          }
        }
        byGroup[group, default: []].append(index)
      }
      badges.append(proof)
    }
    // A badge that requires others (`requires`) unlocks at a check where they all are unlocked,
    // earlier or in the same check: never when one never is, not before the last can be. The
    // prerequisites may be listed after it: repeated to a fixed point (`rules check` refuses a
    // cycle).
    let positions = Dictionary(
      catalog.badges.indices.map { (catalog.badges[$0].id, $0) }, uniquingKeysWith: { a, _ in a })
    var changed = true
    var rounds = 0
    while changed && rounds <= catalog.badges.count {
      changed = false
      rounds += 1
      for (index, badge) in catalog.badges.enumerated() {
        let requires = badge.badge.requires.compactMap { positions[$0.id] }
        guard !requires.isEmpty else { continue }
        var proof = badges[index]
        proof.always = false
        if proof.never == nil, let missing = requires.first(where: { badges[$0].never != nil }) {
          proof.never = "it requires '\(catalog.badges[missing].id)', which no user can unlock"
          proof.least = nil
        } else if proof.never == nil {
          let latest = requires.map { badges[$0].least }
          if latest.contains(nil) {
            proof.least = nil
          } else if let own = proof.least {
            proof.least = max(own, latest.map { $0! }.max()!)
          }
        }
        if proof.never != badges[index].never || proof.least != badges[index].least
          || proof.always != badges[index].always
        {
          badges[index] = proof
          changed = true
        }
      }
    }
    if let track = catalog.catalog.milestones, let streakIndex = catalog.milestoneStreak {
      let streak = catalog.streaks[streakIndex].streak
      for milestone in track.milestones {
        var proof = Milestone()
        let day = Double(milestone.day)
        if case .range(_, let high, _) = ever.environment.streaks[streakIndex].current, high < day {
          if let max = streak.maxDays, Double(max) == high {
            proof.never = "\(streak.name).current never passes \(max): max_days \(max)"
          } else {
            proof.never = "\(streak.name).current is at most \(NeverReason.number(high))"
          }
        } else {
          proof.least = least {
            if case .range(_, let high, _) = evaluator($0).environment.streaks[streakIndex].current {
              return high >= day
            }
            return true
          }
        }
        milestones.append(proof)
      }
    }
  }

  /// Each badge's place among those a check looks at first (outside progressive groups, in
  /// catalog order); a progressive group's badges come after all of them.
  static func freeRanks(_ catalog: ValidatedCatalog) -> [Int] {
    var rank = 0
    var groupRank = 0
    var ranks: [Int] = []
    let free = catalog.badges.count {
      guard let group = $0.group else { return true }
      return !catalog.catalog.groups[group].progressive
    }
    var groupsSeen: [Int: Int] = [:]
    for badge in catalog.badges {
      if let group = badge.group, catalog.catalog.groups[group].progressive {
        if groupsSeen[group] == nil {
          groupsSeen[group] = groupRank
          groupRank += 1
        }
        ranks.append(free + groupsSeen[group]!)
      } else {
        ranks.append(rank)
        rank += 1
      }
    }
    return ranks
  }

  /// Whether a badge whose criterion holds at every first check unlocks there: it is not
  /// behind another badge of its progressive group, and the catalog's limits per check and per
  /// group cannot make it wait (counting every badge looked at before it).
  static func unlocksAtFirstCheck(_ index: Int, catalog: ValidatedCatalog, ranks: [Int]) -> Bool {
    let badge = catalog.badges[index]
    if let group = badge.group, catalog.catalog.groups[group].progressive {
      guard catalog.badges.firstIndex(where: { $0.group == group }) == index else { return false }
    }
    let unlocks = catalog.catalog.unlocks
    if let perCheck = unlocks.perCheck, ranks[index] >= perCheck { return false }
    if let perGroup = unlocks.perGroup, let group = badge.group {
      let before = catalog.badges[..<index].count { $0.group == group }
      if before >= perGroup { return false }
    }
    return true
  }
}

/// Why a criterion never holds, in words a catalog author acts on: the part of it that cannot
/// hold and the bound that stops it ("run.current never passes 30: max_days 30"; "a week has 7
/// days: week(done) is at most 7"; "pushups is at most 100").
struct NeverReason {
  let catalog: ValidatedCatalog
  let evaluator: BoundsEvaluator

  func reason(_ expression: TypedExpr, text: String) -> String {
    if let found = part(expression, text: text) { return found }
    return "`\(Self.slice(text, expression.range))` never holds"
  }

  private func part(_ expression: TypedExpr, text: String) -> String? {
    switch expression.kind {
    case .binary(.and, let left, let right):
      for side in [left, right] where !evaluator.evaluate(side).canBeTrue {
        if let found = part(side, text: text) { return found }
      }
      return nil
    case .binary(.or, let left, let right):
      let parts = [left, right].compactMap { part($0, text: text) }
      return parts.count == 2 ? parts.joined(separator: "; and ") : nil
    case .binary(let op, let left, let right):
      guard let comparison = Comparison(op) else { return nil }
      // The side that is not a constant.
      let leftSpan = evaluator.evaluate(left)
      let rightSpan = evaluator.evaluate(right)
      // The constant side: a literal, else the side whose bounds are one value.
      let literal = { (side: TypedExpr) -> Bool in
        if case .literal = side.kind { return true }
        if case .toNumber(let inner) = side.kind, case .literal = inner.kind { return true }
        return false
      }
      let leftConstant = literal(left) || (!literal(right) && Atoms.exact(leftSpan))
      let (subject, bounds, constant) = leftConstant ? (right, rightSpan, leftSpan) : (left, leftSpan, rightSpan)
      let mirrored = leftConstant
      guard Atoms.exact(constant) || !leftConstant else { return nil }
      let name = Self.slice(text, subject.range)
      let span = bounds.span
      let wantsMore: Bool =
        switch (comparison, mirrored) {
        case (.greater, false), (.greaterOrEqual, false), (.less, true), (.lessOrEqual, true): true
        case (.less, false), (.lessOrEqual, false), (.greater, true), (.greaterOrEqual, true): false
        default: constant.span.low > span.high
        }
      if case .members = bounds {
        return "`\(Self.slice(text, expression.range))` never holds: \(name) is never that"
      }
      let limit = wantsMore ? "at most \(Self.number(span.high))" : "at least \(Self.number(span.low))"
      return cause(of: subject, name: name, limit: limit, high: span.high, wantsMore: wantsMore)
    case .unary(.not, let operand):
      return "`\(Self.slice(text, operand.range))` always holds"
    default:
      return nil
    }
  }

  /// What bounds the subject, said with its cause.
  private func cause(of subject: TypedExpr, name: String, limit: String, high: Double, wantsMore: Bool) -> String {
    var inner = subject
    if case .toNumber(let operand) = inner.kind { inner = operand }
    if case .symbol(.metric(let index)) = inner.kind {
      let definition = catalog.metrics[index]
      if case .aggregate = definition.kind { inner = definition }
      if case .symbol = definition.kind { inner = definition }
    }
    switch inner.kind {
    case .symbol(.streak(let index, let field)) where wantsMore && field != .freezes:
      let streak = catalog.streaks[index].streak
      if let max = streak.maxDays, Double(max) == high {
        return "\(name) never passes \(max): max_days \(max)"
      }
      if let (period, goal) = streak.periodic, high == 0 {
        let words: [PeriodSum: String] = [.week: "week", .month: "month", .hijriMonth: "Hijri month"]
        return
          "\(name) is at most 0: no \(words[period]!) has \(goal) days on which its `counts` can hold (its goal)"
      }
    case .symbol(.input(let index)) where wantsMore:
      if catalog.inputs[index].max != nil { return "\(catalog.inputs[index].name) is \(limit)" }
    case .aggregate(let index) where wantsMore:
      switch catalog.aggregates[index].kind {
      case .period(.week): return "a week has 7 days: \(name) is \(limit)"
      case .period(.month): return "a month has at most 31 days: \(name) is \(limit)"
      case .period(.hijriMonth): return "a Hijri month has at most 30 days: \(name) is \(limit)"
      case .last(let n): return "last(\(n), …) sums \(n) days: \(name) is \(limit)"
      case .total: break
      }
    default: break
    }
    return "\(name) is \(limit)"
  }

  static func slice(_ text: String, _ range: Range<Int>) -> String {
    let utf8 = Array(text.utf8)
    guard range.lowerBound >= 0, range.upperBound <= utf8.count else { return text }
    return String(decoding: utf8[range], as: UTF8.self)
  }

  static func number(_ value: Double) -> String {
    if value.isInfinite { return value > 0 ? "unbounded" : "-unbounded" }
    if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
