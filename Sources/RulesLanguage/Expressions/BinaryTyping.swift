/// The type rules of the operators, which `TypeInference` and `TypedParser` both apply (one set
/// of rules; the two differ only in what they do with a failure: a diagnostic, or giving the
/// expression back to the reference path).
///
/// `int` and `number` mix as people expect: `int + number` is a number, `/` always gives a
/// number, comparisons take either. An enum compared with a string literal is coerced by the
/// caller first (it reports an unknown value in its own way).
package enum BinaryTyping {
  /// Which operand a failure is about.
  package enum Side: String, Sendable {
    case left, right
  }

  /// Why two operands do not fit their operator.
  package enum Failure: Error, Equatable {
    /// `&&` or `||` with a side that is not true or false.
    case notCondition(Side)
    /// `==` or `!=` between types that do not compare.
    case incomparable
    /// `a < x < b`: comparisons do not chain.
    case chained
    /// An arithmetic operator or a comparison with a side that is not a number.
    case notNumber(Side)
  }

  /// `left op right` typed, from valid operands (enum literals already coerced).
  package static func typed(_ op: BinaryOperator, _ left: TypedExpr, _ right: TypedExpr, range: Range<Int>)
    -> Result<TypedExpr, Failure>
  {
    switch op {
    case .and, .or:
      if left.type != .bool { return .failure(.notCondition(.left)) }
      if right.type != .bool { return .failure(.notCondition(.right)) }
      return .success(TypedExpr(.binary(op, left, right), .bool, range: range))
    case .equal, .notEqual:
      guard let (l, r) = unify(left, right) else { return .failure(.incomparable) }
      return .success(TypedExpr(.binary(op, l, r), .bool, range: range))
    case .less, .lessOrEqual, .greater, .greaterOrEqual:
      if case .binary(let inner, _, _) = left.kind, inner.isComparison || inner.isEquality {
        return .failure(.chained)
      }
      if !left.type.isNumeric { return .failure(.notNumber(.left)) }
      if !right.type.isNumeric { return .failure(.notNumber(.right)) }
      let (l, r) = promote(left, right)
      return .success(TypedExpr(.binary(op, l, r), .bool, range: range))
    case .add, .subtract, .multiply, .divide, .remainder:
      if op == .add, left.type == .string, right.type == .string {
        return .success(TypedExpr(.binary(op, left, right), .string, range: range))
      }
      if !left.type.isNumeric { return .failure(.notNumber(.left)) }
      if !right.type.isNumeric { return .failure(.notNumber(.right)) }
      if op == .divide {
        return .success(TypedExpr(.binary(op, left.asNumber, right.asNumber), .number, range: range))
      }
      let (l, r) = promote(left, right)
      return .success(TypedExpr(.binary(op, l, r), l.type, range: range))
    }
  }

  /// The two sides made the same type (ints promoted beside a number), or nil when they cannot
  /// be compared (`==`, the branches of `?:`).
  package static func unify(_ left: TypedExpr, _ right: TypedExpr) -> (TypedExpr, TypedExpr)? {
    if left.type == right.type { return (left, right) }
    if left.type.isNumeric && right.type.isNumeric { return promote(left, right) }
    return nil
  }

  /// Int operands turned into numbers when the other side is a number.
  package static func promote(_ left: TypedExpr, _ right: TypedExpr) -> (TypedExpr, TypedExpr) {
    if left.type == right.type { return (left, right) }
    return (left.asNumber, right.asNumber)
  }
}
