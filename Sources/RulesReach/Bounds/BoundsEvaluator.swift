import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

/// What an expression's names may be worth, for `BoundsEvaluator`: the day's inputs and
/// built-ins, the streaks' fields, the badge totals, the calendar, the history sums.
package struct BoundsEnvironment {
  /// Each input's bounds, by position.
  var inputs: [Bounds]
  var logged = Bounds.either
  var day = Bounds.anyInt
  /// Each streak's fields, by position: current, best, freezes.
  var streaks: [(current: Bounds, best: Bounds, freezes: Bounds)]
  var badgesCount = Bounds.ints(0, .infinity)
  var badgesXP = Bounds.anyInt
  /// The calendar's fields (nil: any value the field can take).
  var calendar: [CalendarField: Bounds] = [:]
  /// Each aggregate's bounds, by position (filled by whoever makes the environment, possibly
  /// lazily: see `BoundsEvaluator.aggregate`).
  var aggregates: [Bounds?]

  /// Every value each name can take on any day: the inputs within their declared ranges, the
  /// rest unbounded.
  init(catalog: ValidatedCatalog) {
    inputs = catalog.inputs.map(Self.bounds(of:))
    streaks = catalog.streaks.map { _ in
      (Bounds.ints(0, .infinity), Bounds.ints(0, .infinity), Bounds.ints(0, .infinity))
    }
    aggregates = Array(repeating: nil, count: catalog.aggregates.count)
  }

  /// An input's values as its declaration allows them.
  static func bounds(of input: Input) -> Bounds {
    switch input.kind {
    case .bool: .either
    case .int: .ints((input.min ?? -.infinity).rounded(.up), (input.max ?? .infinity).rounded(.down))
    case .number: .range(low: input.min ?? -.infinity, high: input.max ?? .infinity, integral: false)
    case .enumeration(let values): .members(Set(values.indices))
    }
  }

  /// A calendar field's values when nothing more is known of the day.
  static func anyValue(of field: CalendarField) -> Bounds {
    switch field {
    case .weekday: .ints(1, 7)
    case .hijriYear: .ints(1300, 1700)
    case .hijriMonth: .ints(1, 12)
    case .hijriDay: .ints(1, 30)
    case .hijriMonthDays: .ints(29, 30)
    }
  }
}

/// Evaluates expressions over bounds instead of values (interval arithmetic, three-valued
/// logic), metrics through their definitions. Sound by construction: whatever is not followed
/// is `unknown` or the full range of its type, so the real value is always inside.
package final class BoundsEvaluator {
  let catalog: ValidatedCatalog
  var environment: BoundsEnvironment
  /// What fills an aggregate the environment leaves nil (computed once per environment).
  var aggregateBounds: ((Int, BoundsEvaluator) -> Bounds)?
  private var metricMemo: [Int: Bounds] = [:]
  private var inProgress: Set<Int> = []

  init(catalog: ValidatedCatalog, environment: BoundsEnvironment) {
    self.catalog = catalog
    self.environment = environment
  }

  /// Forgets what was computed from the environment (call after changing it).
  func reset() {
    metricMemo = [:]
  }

  /// The bounds of `expression`.
  func evaluate(_ expression: TypedExpr) -> Bounds {
    switch expression.kind {
    case .literal(let value):
      return Self.bounds(of: value)
    case .symbol(let symbol):
      return bounds(of: symbol, type: expression.type)
    case .aggregate(let index):
      return aggregate(index)
    case .toNumber(let operand):
      let inner = evaluate(operand)
      if case .truth = inner { return .range(low: inner.span.low, high: inner.span.high, integral: true) }
      return inner
    case .toInt(let operand):
      let inner = evaluate(operand)
      let span = inner.span
      return .ints(max(0, span.low), min(1, span.high))
    case .unary(let op, let operand):
      let inner = evaluate(operand)
      switch op {
      case .not:
        guard case .truth(let f, let t) = inner else { return .either }
        return .truth(canBeFalse: t, canBeTrue: f)
      case .negate:
        let span = inner.span
        return clampToType(.range(low: -span.high, high: -span.low, integral: inner.integral), expression.type)
      }
    case .binary(let op, let left, let right):
      return binary(op, left, right, type: expression.type)
    case .conditional(let condition, let then, let otherwise):
      let test = evaluate(condition)
      if !test.canBeFalse { return evaluate(then) }
      if !test.canBeTrue { return evaluate(otherwise) }
      return evaluate(then).joined(evaluate(otherwise))
    case .call(let function, let arguments):
      return call(function, arguments, type: expression.type)
    }
  }

  /// An aggregate's bounds: the environment's, else computed (and kept).
  func aggregate(_ index: Int) -> Bounds {
    if let known = environment.aggregates[index] { return known }
    guard let compute = aggregateBounds else {
      return catalog.aggregates[index].type == .int ? .anyInt : .anyNumber
    }
    let found = compute(index, self)
    environment.aggregates[index] = found
    return found
  }

  static func bounds(of value: Value) -> Bounds {
    switch value {
    case .bool(let b): .truth(canBeFalse: !b, canBeTrue: b)
    case .int(let i): .exactly(i)
    case .number(let n): .range(low: n, high: n, integral: n.rounded() == n)
    case .member(let i, _): .members([i])
    case .string: .unknown
    }
  }

  private func bounds(of symbol: Symbol, type: ValueType) -> Bounds {
    switch symbol {
    case .input(let index): return environment.inputs[index]
    case .logged: return environment.logged
    case .day: return environment.day
    case .streak(let index, let field):
      let streak = environment.streaks[index]
      switch field {
      case .current: return streak.current
      case .best: return streak.best
      case .freezes: return streak.freezes
      }
    case .metric(let index):
      if let known = metricMemo[index] { return known }
      // A metric that reads itself is refused by `rules check`; should one get here, any value.
      guard inProgress.insert(index).inserted else { return Self.any(of: type) }
      let found = evaluate(catalog.metrics[index])
      inProgress.remove(index)
      metricMemo[index] = found
      return found
    case .badgesCount: return environment.badgesCount
    case .badgesXP: return environment.badgesXP
    case .calendar(let field): return environment.calendar[field] ?? BoundsEnvironment.anyValue(of: field)
    }
  }

  static func any(of type: ValueType) -> Bounds {
    switch type {
    case .bool: .either
    case .int: .anyInt
    case .number: .anyNumber
    default: .unknown
    }
  }

  private func binary(_ op: BinaryOperator, _ left: TypedExpr, _ right: TypedExpr, type: ValueType) -> Bounds {
    let a = evaluate(left)
    let b = evaluate(right)
    switch op {
    case .and:
      return .truth(canBeFalse: a.canBeFalse || b.canBeFalse, canBeTrue: a.canBeTrue && b.canBeTrue)
    case .or:
      return .truth(canBeFalse: a.canBeFalse && b.canBeFalse, canBeTrue: a.canBeTrue || b.canBeTrue)
    case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual:
      return Self.compare(Comparison(op)!, a, b)
    case .add:
      let (x, y) = (a.span, b.span)
      return clampToType(.range(low: x.low + y.low, high: x.high + y.high, integral: a.integral && b.integral), type)
    case .subtract:
      let (x, y) = (a.span, b.span)
      return clampToType(.range(low: x.low - y.high, high: x.high - y.low, integral: a.integral && b.integral), type)
    case .multiply:
      return clampToType(Self.product(a, b), type)
    case .divide:
      return clampToType(Self.quotient(a, b), type)
    case .remainder:
      let (x, y) = (a.span, b.span)
      let divisor = max(abs(y.low), abs(y.high))
      if x.low >= 0 {
        return clampToType(.range(low: 0, high: min(x.high, divisor), integral: a.integral && b.integral), type)
      }
      return clampToType(.range(low: -divisor, high: divisor, integral: a.integral && b.integral), type)
    }
  }

  /// Whether `a op b` may be false and may be true.
  static func compare(_ comparison: Comparison, _ a: Bounds, _ b: Bounds) -> Bounds {
    var orders = 0  // the orders a and b may be in: bit 0 less, 1 equal, 2 greater
    switch (a, b) {
    case (.members(let x), .members(let y)):
      if !x.isDisjoint(with: y) { orders |= 0b010 }
      if x.count > 1 || y.count > 1 || x != y { orders |= 0b101 }
    case (.truth, .truth), (.truth, .range), (.range, .truth), (.range, .range):
      let (x, y) = (a.span, b.span)
      if x.low < y.high { orders |= 0b001 }
      if x.low <= y.high && y.low <= x.high { orders |= 0b010 }
      if x.high > y.low { orders |= 0b100 }
      if x.low.isNaN || x.high.isNaN || y.low.isNaN || y.high.isNaN { orders = 0b111 }
    default:
      orders = 0b111
    }
    let mask = comparison.rawValue
    return .truth(canBeFalse: orders & ~mask != 0, canBeTrue: orders & mask != 0)
  }

  static func product(_ a: Bounds, _ b: Bounds) -> Bounds {
    let (x, y) = (a.span, b.span)
    let products = [x.low * y.low, x.low * y.high, x.high * y.low, x.high * y.high]
    if products.contains(where: \.isNaN) {
      // 0 times an unbounded end: the product may be anything.
      return .range(low: -.infinity, high: .infinity, integral: a.integral && b.integral)
    }
    return .range(low: products.min()!, high: products.max()!, integral: a.integral && b.integral)
  }

  /// `a / b`: division by 0 gives 0; a divisor of whole numbers that may be 0 is at least 1
  /// away from it otherwise.
  static func quotient(_ a: Bounds, _ b: Bounds) -> Bounds {
    let (x, y) = (a.span, b.span)
    var parts: [Bounds] = []
    if y.low <= 0 && y.high >= 0 { parts.append(.range(low: 0, high: 0, integral: true)) }
    let nearest = b.integral ? 1.0 : Double.leastNonzeroMagnitude
    // The positive and the negative parts of the divisor, each without 0.
    for (low, high) in [(max(y.low, nearest), y.high), (y.low, min(y.high, -nearest))] where low <= high {
      let quotients = [x.low / low, x.low / high, x.high / low, x.high / high]
      if quotients.contains(where: \.isNaN) {
        parts.append(.anyNumber)
      } else {
        parts.append(.range(low: quotients.min()!, high: quotients.max()!, integral: false))
      }
    }
    guard var result = parts.first else { return .range(low: 0, high: 0, integral: true) }
    for part in parts.dropFirst() { result = result.joined(part) }
    if case .range(let low, let high, _) = result { return .range(low: low, high: high, integral: false) }
    return result
  }

  /// Keeps a range within what the type can hold: integers saturate at Int's limits, numbers
  /// stay finite (the engine's arithmetic never traps).
  func clampToType(_ bounds: Bounds, _ type: ValueType) -> Bounds {
    guard case .range(let low, let high, let integral) = bounds else { return bounds }
    if low.isNaN || high.isNaN { return Self.any(of: type) }
    switch type {
    case .int:
      let limit = 9.223_372_036_854_775_807e18
      return .range(low: min(max(low, -limit), limit), high: max(min(high, limit), -limit), integral: true)
    case .number:
      let limit = Double.greatestFiniteMagnitude
      return .range(low: min(max(low, -limit), limit), high: max(min(high, limit), -limit), integral: integral)
    default:
      return bounds
    }
  }

  private func call(_ function: Function, _ arguments: [TypedExpr], type: ValueType) -> Bounds {
    let values = arguments.map(evaluate)
    func ranged(_ low: Double, _ high: Double, integral: Bool) -> Bounds {
      clampToType(.range(low: low, high: high, integral: integral), type)
    }
    switch function {
    case .min:
      let spans = values.map(\.span)
      return ranged(spans.map(\.low).min()!, spans.map(\.high).min()!, integral: values.allSatisfy(\.integral))
    case .max:
      let spans = values.map(\.span)
      return ranged(spans.map(\.low).max()!, spans.map(\.high).max()!, integral: values.allSatisfy(\.integral))
    case .clamp:
      let (x, low, high) = (values[0].span, values[1].span, values[2].span)
      // x < low gives low; x > high gives high; else x.
      let bottom = min(max(x.low, low.low), high.high)
      let top = max(min(x.high, high.high), low.low)
      return ranged(min(bottom, top), max(bottom, top), integral: values.allSatisfy(\.integral))
    case .floor:
      let x = values[0].span
      return ranged(x.low.rounded(.down), x.high.rounded(.down), integral: true)
    case .ceil:
      let x = values[0].span
      return ranged(x.low.rounded(.up), x.high.rounded(.up), integral: true)
    case .round:
      let x = values[0].span
      return ranged(x.low.rounded(.toNearestOrAwayFromZero), x.high.rounded(.toNearestOrAwayFromZero), integral: true)
    case .sqrt:
      let x = values[0].span
      // The square root of a negative number is not a number: 0.
      let low = x.low < 0 ? 0 : Foundation.sqrt(x.low)
      let high = x.high < 0 ? 0 : Foundation.sqrt(x.high)
      return ranged(low, high, integral: false)
    case .abs:
      let x = values[0].span
      let low = x.low <= 0 && x.high >= 0 ? 0 : min(Swift.abs(x.low), Swift.abs(x.high))
      return ranged(low, max(Swift.abs(x.low), Swift.abs(x.high)), integral: values[0].integral)
    case .count:
      let sure = values.count { !$0.canBeFalse }
      let possible = values.count { $0.canBeTrue }
      return .ints(Double(sure), Double(possible))
    case .percent:
      // part / whole * 100, 0 when whole is 0.
      let ratio = Self.quotient(values[0], values[1])
      return clampToType(Self.product(ratio, .ints(100, 100)), type)
    case .pow:
      let (x, y) = (values[0].span, values[1].span)
      if x.low == x.high && y.low == y.high {
        let value = Arithmetic.pow(x.low, y.low)
        return ranged(value, value, integral: false)
      }
      return Self.any(of: type)
    case .total, .last, .week, .month, .hijriMonth:
      return Self.any(of: type)
    }
  }
}
