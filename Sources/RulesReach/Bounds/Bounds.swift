/// The values an expression may take, over-approximated: a range of numbers (ints and numbers,
/// both ends included, infinite for no bound), a truth value that may be false, true or either,
/// a set of an enum's members, or anything. What reach proves rests on one rule: the real value
/// is always inside the bounds.
package enum Bounds: Hashable, Sendable, CustomStringConvertible {
  /// Numbers from `low` to `high`; `integral`: every value in it is a whole number.
  case range(low: Double, high: Double, integral: Bool)
  /// A condition: whether it may be false, and whether it may be true.
  case truth(canBeFalse: Bool, canBeTrue: Bool)
  /// An enum's members (positions) the value may be.
  case members(Set<Int>)
  /// Anything of its type (strings, what the analysis does not follow).
  case unknown

  /// Any number.
  package static let anyNumber = Bounds.range(low: -.infinity, high: .infinity, integral: false)
  /// Any integer.
  package static let anyInt = Bounds.range(low: -.infinity, high: .infinity, integral: true)
  /// False or true.
  package static let either = Bounds.truth(canBeFalse: true, canBeTrue: true)
  /// Always true.
  package static let alwaysTrue = Bounds.truth(canBeFalse: false, canBeTrue: true)
  /// Always false.
  package static let alwaysFalse = Bounds.truth(canBeFalse: true, canBeTrue: false)

  /// The integers `low...high`.
  package static func ints(_ low: Double, _ high: Double) -> Bounds {
    .range(low: low, high: high, integral: true)
  }

  /// Exactly `value`.
  package static func exactly(_ value: Int) -> Bounds { .ints(Double(value), Double(value)) }

  package var description: String {
    switch self {
    case .range(let low, let high, _): "[\(low), \(high)]"
    case .truth(let f, let t): f && t ? "false|true" : (t ? "true" : (f ? "false" : "none"))
    case .members(let set): "{\(set.sorted().map(String.init).joined(separator: ","))}"
    case .unknown: "any"
    }
  }

  /// The lowest and highest number (a truth counts 0 or 1; anything else is unbounded).
  package var span: (low: Double, high: Double) {
    switch self {
    case .range(let low, let high, _): (low, high)
    case .truth(let f, let t): (f ? 0 : 1, t ? 1 : 0)
    default: (-.infinity, .infinity)
    }
  }

  /// Whether every value is a whole number.
  var integral: Bool {
    switch self {
    case .range(_, _, let integral): integral
    case .truth: true
    default: false
    }
  }

  /// Whether the condition may hold (anything that is not a truth may).
  package var canBeTrue: Bool {
    if case .truth(_, let t) = self { return t }
    return true
  }

  /// Whether the condition may fail.
  package var canBeFalse: Bool {
    if case .truth(let f, _) = self { return f }
    return true
  }

  /// The bounds of either value: what a condition that may go both ways gives.
  package func joined(_ other: Bounds) -> Bounds {
    switch (self, other) {
    case (.range(let a, let b, let i), .range(let c, let d, let j)):
      return .range(low: min(a, c), high: max(b, d), integral: i && j)
    case (.truth(let a, let b), .truth(let c, let d)):
      return .truth(canBeFalse: a || c, canBeTrue: b || d)
    case (.members(let a), .members(let b)):
      return .members(a.union(b))
    default:
      return .unknown
    }
  }
}
