// The texts that name what an expression computes: `TypedExpr.canonical` (equal for two
// expressions that compute the same thing; aggregates are keyed by it in the saved state) and
// what it is made of.

extension TypedExpr {
  /// A text that is equal for two expressions that compute the same thing.
  package var canonical: String {
    switch kind {
    case .literal(let value): return value.literal
    case .symbol(let symbol): return symbol.written
    case .unary(let op, let operand): return "\(op.rawValue)(\(operand.canonical))"
    case .binary(let op, let left, let right):
      return "(\(left.canonical) \(op.rawValue) \(right.canonical))"
    case .conditional(let condition, let then, let otherwise):
      return "(\(condition.canonical) ? \(then.canonical) : \(otherwise.canonical))"
    case .call(let function, let arguments):
      return "\(function.rawValue)(\(arguments.map(\.canonical).joined(separator: ", ")))"
    case .aggregate(let index): return "aggregate#\(index)"
    case .toNumber(let operand): return "number(\(operand.canonical))"
    case .toInt(let operand): return "int(\(operand.canonical))"
    }
  }
}

extension Symbol {
  /// What interpolating the symbol writes (`input(2)`, `streak(0,
  /// RulesEngine.StreakField.best)`), written out: interpolation went through reflection, about
  /// 800 k instructions for each aggregate of a catalog. The text is part of the saved state's
  /// keys and of messages, so it stays exactly as it was (`TypedParserTests` compares both):
  /// the module is named `RulesEngine` in it although these types now live in RulesLanguage.
  var written: String {
    switch self {
    case .input(let index): "input(\(index))"
    case .logged: "logged"
    case .day: "day"
    case .streak(let index, let field): "streak(\(index), RulesEngine.StreakField.\(field.rawValue))"
    case .metric(let index): "metric(\(index))"
    case .badgesCount: "badgesCount"
    case .badgesXP: "badgesXP"
    case .calendar(let field): "calendar(RulesEngine.CalendarField.\(field.rawValue))"
    }
  }
}

extension Aggregate.Kind {
  /// What interpolating the kind writes (`total`, `last(7)`), without reflection.
  var written: String {
    switch self {
    case .total: "total"
    case .last(let days): "last(\(days))"
    case .period(let period): period.rawValue
    }
  }
}
