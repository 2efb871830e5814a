/// The comparison operators: the one table that the language, the bytecode, the machine, the
/// closures and the Swift export derive theirs from (what a comparison computes, `holds`, is
/// in RulesRuntime, beside its callers, so that it inlines into the machine's loop).
///
/// A raw value is a mask of the orders under which the comparison holds: bit 0 when `a < b`,
/// bit 1 when `a == b`, bit 2 when `a > b` (`<=` is 0b011, `!=` is 0b101). The machine tests a
/// mask without a branch and numbers its comparison operations by it.
package enum Comparison: Int, Sendable, CaseIterable {
  case less = 0b001
  case equal = 0b010
  case lessOrEqual = 0b011
  case greater = 0b100
  case notEqual = 0b101
  case greaterOrEqual = 0b110

  /// The mask of a comparison that always holds (no case of its own).
  package static let always = 0b111

  /// The comparison an operator makes, or nil for one that does not compare.
  package init?(_ op: BinaryOperator) {
    guard let comparison = Self.allCases.first(where: { $0.binaryOperator == op }) else { return nil }
    self = comparison
  }

  /// The language's operator for the comparison.
  package var binaryOperator: BinaryOperator {
    switch self {
    case .less: .less
    case .equal: .equal
    case .lessOrEqual: .lessOrEqual
    case .greater: .greater
    case .notEqual: .notEqual
    case .greaterOrEqual: .greaterOrEqual
    }
  }

  /// The operator as the language and Swift spell it (`<=`).
  package var spelling: String { binaryOperator.rawValue }
}
