@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Infers how to show progress towards a badge from its criterion: `x >= 7` is x out of 7,
/// `x > 6` (ints) is x out of 7, `7 <= x` the same, and `a && b` has the parts of both.
/// Parts that are not comparisons (a plain `logged`, say) give no progress.
enum ProgressInference {
  static func parts(of expr: TypedExpr) -> [ProgressPart] {
    guard case .binary = expr.kind else { return [] }
    var parts: [ProgressPart] = []
    parts.reserveCapacity(2)  // one allocation for the usual one or two parts
    collect(expr, into: &parts)
    return parts
  }

  /// The parts of `expr`, added to `parts` (one array for a whole `&&` chain, not one per side).
  private static func collect(_ expr: TypedExpr, into parts: inout [ProgressPart]) {
    guard case .binary(let op, let left, let right) = expr.kind else { return }
    switch op {
    case .and:
      collect(left, into: &parts)
      collect(right, into: &parts)
    case .greaterOrEqual:
      parts.append(ProgressPart(current: left, target: right))
    case .lessOrEqual:
      parts.append(ProgressPart(current: right, target: left))
    case .greater:
      parts.append(ProgressPart(current: left, target: successor(right)))
    case .less:
      parts.append(ProgressPart(current: right, target: successor(left)))
    default:
      break
    }
  }

  /// `n + 1` for an int target (`x > 6` unlocks at 7); a number target stays as it is.
  private static func successor(_ expr: TypedExpr) -> TypedExpr {
    guard expr.type == .int else { return expr }
    if case .literal(.int(let value)) = expr.kind {
      return TypedExpr(.literal(.int(value &+ 1)), .int, range: expr.range)
    }
    let one = TypedExpr(.literal(.int(1)), .int, range: expr.range)
    return TypedExpr(.binary(.add, expr, one), .int, range: expr.range)
  }
}
