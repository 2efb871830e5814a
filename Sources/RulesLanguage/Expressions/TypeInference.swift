import RulesSource

/// Infers an expression's types: resolves names and types each node in one expression, collecting every error (an error's
/// subexpression gets the `.invalid` type, which fits anywhere, so one mistake is told once).
///
/// Mixing `int` and `number` works as people expect: `int + number` is a number, `/` always
/// gives a number (`3 / 2` is 1.5), comparisons take either. Enum inputs compare with the
/// strings of their `values`, and a string that is not one of them is an error.
@_spi(Tooling) public struct TypeInference {
  /// The names expressions may use.
  package private(set) var environment: Environment
  /// History aggregates found so far (shared by all expressions of a catalog, so that two
  /// uses of `total(logged)` keep one running sum).
  package var aggregates: [Aggregate]
  private var aggregateKeys: [String: Int] = [:]
  /// Every problem found so far.
  @_spi(Tooling) public private(set) var errors: [ExpressionError] = []
  /// The environment's names for "did you mean", made at the first unknown name (the names
  /// stay; `learn` changes types only).
  private var names: SuggestionIndex?

  /// Type inference over `environment`, with the aggregates already known.
  @_spi(Tooling) public init(environment: Environment, aggregates: [Aggregate] = []) {
    self.environment = environment
    self.aggregates = aggregates
    for (index, aggregate) in aggregates.enumerated() {
      aggregateKeys[Self.key(aggregate)] = index
    }
  }

  /// Records a metric's type once it is known (expressions read after it see it), in place:
  /// the environment is this inference's own, so learning each of a catalog's metrics in turn
  /// costs each one a dictionary write, not a copy of the dictionary.
  package mutating func learn(metric name: String, index: Int, type: ValueType) {
    environment.metrics[name] = (index, type)
  }

  /// Types `expression` and returns it typed; problems go to `errors`.
  package mutating func infer(_ expression: Expr) -> TypedExpr {
    errors = []
    return typed(expression)
  }

  /// Types `expression` and requires its type to be `expected` (ints are accepted as numbers).
  /// `role` names the place in messages, e.g. "a badge's 'when'".
  @_spi(Tooling) public mutating func infer(_ expression: Expr, expecting expected: ValueType, role: String)
    -> TypedExpr
  {
    let result = infer(expression)
    return coerce(result, to: expected, role: role, at: expression.range.lowerBound)
  }

  /// Types `expression` and requires it to be numeric.
  @_spi(Tooling) public mutating func inferNumeric(_ expression: Expr, role: String) -> TypedExpr {
    let result = infer(expression)
    if !result.type.isNumeric {
      error(
        expression.range.lowerBound, .typeMismatch,
        "\(role) must be a number; this expression is \(result.type)")
    }
    return result
  }

  private mutating func coerce(_ result: TypedExpr, to expected: ValueType, role: String, at offset: Int)
    -> TypedExpr
  {
    if result.type == expected || result.type == .invalid { return result }
    if expected == .number && result.type == .int {
      return TypedExpr(.toNumber(result), .number, range: result.range)
    }
    let what = expected == .bool ? "true or false" : "\(expected)"
    error(offset, .typeMismatch, "\(role) must be \(what); this expression is \(result.type)")
    return result
  }

  private mutating func error(_ offset: Int, _ id: DiagnosticIDValue, _ message: String) {
    errors.append(ExpressionError(offset: offset, id: id, message))
  }

  private func invalid(_ expression: Expr) -> TypedExpr {
    TypedExpr(.literal(.bool(false)), .invalid, range: expression.range)
  }

  // MARK: - Nodes

  private mutating func typed(_ expression: Expr) -> TypedExpr {
    let range = expression.range
    switch expression.kind {
    case .bool(let value): return TypedExpr(.literal(.bool(value)), .bool, range: range)
    case .int(let value): return TypedExpr(.literal(.int(value)), .int, range: range)
    case .number(let value): return TypedExpr(.literal(.number(value)), .number, range: range)
    case .string(let value): return TypedExpr(.literal(.string(value)), .string, range: range)
    case .name(let name): return resolve(name, expression)
    case .member(let base, let field): return resolve(base, field, expression)
    case .unary(let op, let operand): return unary(op, operand, expression)
    case .binary(let op, let left, let right): return binary(op, left, right, expression)
    case .conditional(let condition, let then, let otherwise):
      return conditional(condition, then, otherwise, expression)
    case .call(let name, let arguments): return call(name, arguments, expression)
    }
  }

  private mutating func resolve(_ name: String, _ expression: Expr) -> TypedExpr {
    let range = expression.range
    if let input = environment.inputs[name] {
      return TypedExpr(.symbol(.input(input.index)), input.type, range: range)
    }
    if let metric = environment.metrics[name] {
      return TypedExpr(.symbol(.metric(metric.index)), metric.type, range: range)
    }
    switch name {
    case "logged": return TypedExpr(.symbol(.logged), .bool, range: range)
    case "day": return TypedExpr(.symbol(.day), .int, range: range)
    case "weekday": return TypedExpr(.symbol(.calendar(.weekday)), .int, range: range)
    case "hijri":
      error(expression.anchor, .unknownName, "write hijri.year, hijri.month, hijri.day or hijri.month_days")
      return invalid(expression)
    default: break
    }
    if environment.streaks[name] != nil {
      error(
        expression.anchor, .unknownName,
        "'\(name)' is a streak; write \(name).current, \(name).best or \(name).freezes")
    } else if name == "badges" {
      error(expression.anchor, .unknownName, "write badges.count or badges.xp")
    } else {
      error(
        expression.anchor, .unknownName,
        "unknown name '\(name)'" + hint(for: name))
    }
    return invalid(expression)
  }

  /// `; did you mean 'x'?` for a name the environment does not have, or an empty string.
  private mutating func hint(for name: String) -> String {
    var index = names ?? SuggestionIndex(environment.allNames)
    defer { names = index }
    return index.hint(for: name)
  }

  private mutating func resolve(_ base: String, _ field: String, _ expression: Expr) -> TypedExpr {
    let range = expression.range
    if let streak = environment.streaks[base] {
      guard let streakField = StreakField(rawValue: field) else {
        let fields = StreakField.allCases.map(\.rawValue)
        error(
          expression.range.lowerBound + base.utf8.count + 1, .unknownName,
          "streak '\(base)' has no field '\(field)'"
            + (Suggestion.closest(to: field, in: fields).map { "; did you mean '\($0)'?" }
              ?? "; it has current, best and freezes"))
        return invalid(expression)
      }
      return TypedExpr(.symbol(.streak(streak, streakField)), .int, range: range)
    }
    if base == "badges" {
      switch field {
      case "count": return TypedExpr(.symbol(.badgesCount), .int, range: range)
      case "xp": return TypedExpr(.symbol(.badgesXP), .int, range: range)
      default:
        error(
          expression.range.lowerBound + base.utf8.count + 1, .unknownName,
          "badges has no field '\(field)'; it has count and xp")
        return invalid(expression)
      }
    }
    if base == "hijri" {
      if let calendarField = CalendarField.hijriFields[field] {
        return TypedExpr(.symbol(.calendar(calendarField)), .int, range: range)
      }
      let fields = ["year", "month", "day", "month_days"]
      error(
        expression.range.lowerBound + base.utf8.count + 1, .unknownName,
        "hijri has no field '\(field)'"
          + (Suggestion.closest(to: field, in: fields).map { "; did you mean '\($0)'?" }
            ?? "; it has year, month, day and month_days"))
      return invalid(expression)
    }
    if base == "weekday" {
      error(expression.anchor, .unknownName, "'weekday' is a built-in number and has no fields")
      return invalid(expression)
    }
    if environment.inputs[base] != nil || environment.metrics[base] != nil {
      let kind = environment.inputs[base] != nil ? "an input" : "a metric"
      error(
        expression.anchor, .unknownName,
        "'\(base)' is \(kind) and has no fields; only streaks (and badges) have fields")
      return invalid(expression)
    }
    let written = "\(base).\(field)"
    error(
      expression.anchor, .unknownName,
      "unknown name '\(base)'" + hint(for: written))
    return invalid(expression)
  }

  private mutating func unary(_ op: UnaryOperator, _ operand: Expr, _ expression: Expr)
    -> TypedExpr
  {
    let inner = typed(operand)
    switch op {
    case .not:
      if inner.type != .bool && inner.type != .invalid {
        error(expression.anchor, .typeMismatch, "'!' needs true or false; this is \(inner.type)")
        return invalid(expression)
      }
      return TypedExpr(.unary(.not, inner), inner.type, range: expression.range)
    case .negate:
      if !inner.type.isNumeric {
        error(expression.anchor, .typeMismatch, "'-' needs a number; this is \(inner.type)")
        return invalid(expression)
      }
      return TypedExpr(.unary(.negate, inner), inner.type, range: expression.range)
    }
  }

  private mutating func binary(
    _ op: BinaryOperator, _ leftExpr: Expr, _ rightExpr: Expr, _ expression: Expr
  ) -> TypedExpr {
    var left = typed(leftExpr)
    var right = typed(rightExpr)
    let range = expression.range
    if left.type == .invalid || right.type == .invalid { return invalid(expression) }
    // An enum input compared with one of its values, written as a string.
    if op.isEquality {
      guard coerceEnumLiteral(&left, leftExpr, &right, rightExpr) else { return invalid(expression) }
    }
    switch BinaryTyping.typed(op, left, right, range: range) {
    case .success(let typed):
      return typed
    case .failure(let failure):
      error(expression.anchor, .typeMismatch, Self.message(failure, op, left, right))
      return invalid(expression)
    }
  }

  /// What `TypeInference` says of an operator's operands that do not fit it.
  private static func message(
    _ failure: BinaryTyping.Failure, _ op: BinaryOperator, _ left: TypedExpr, _ right: TypedExpr
  ) -> String {
    let symbol = "'\(op.rawValue)'"
    switch failure {
    case .notCondition(let side):
      let type = side == .left ? left.type : right.type
      return "\(symbol) needs true or false on both sides; the \(side.rawValue) side is \(type)"
        + (type.isNumeric ? " (compare it, e.g. x > 0)" : "")
    case .incomparable:
      return "\(symbol) cannot compare \(left.type) with \(right.type)"
    case .chained:
      return "comparisons do not chain; write a < x && x < b instead of a < x < b"
    case .notNumber(let side) where op.isComparison:
      let type = side == .left ? left.type : right.type
      return "\(symbol) compares numbers; the \(side.rawValue) side is \(type)"
    case .notNumber(let side):
      let type = side == .left ? left.type : right.type
      var hint = ""
      if type == .bool { hint = " (count true values with count(...) or x ? 1 : 0)" }
      if type == .string && op == .add { hint = " (both sides must be strings to join)" }
      return "\(symbol) needs numbers; the \(side.rawValue) side is \(type)\(hint)"
    }
  }

  /// When one side is an enum and the other a string literal, the literal becomes the enum's
  /// member (`fajr == "done"`, `c ? fajr : "missed"`). False when the string is not one of the
  /// enum's values (reported).
  private mutating func coerceEnumLiteral(
    _ left: inout TypedExpr, _ leftExpr: Expr, _ right: inout TypedExpr, _ rightExpr: Expr
  ) -> Bool {
    if case .enumeration(let type) = left.type, case .literal(.string(let text)) = right.kind {
      guard let member = enumMember(text, of: type, at: rightExpr.range.lowerBound) else { return false }
      right = TypedExpr(.literal(.member(member, type)), left.type, range: right.range)
    } else if case .enumeration(let type) = right.type, case .literal(.string(let text)) = left.kind {
      guard let member = enumMember(text, of: type, at: leftExpr.range.lowerBound) else { return false }
      left = TypedExpr(.literal(.member(member, type)), right.type, range: left.range)
    }
    return true
  }

  private mutating func enumMember(_ text: String, of type: EnumType, at offset: Int) -> Int? {
    if let index = type.values.firstIndex(of: text) { return index }
    error(
      offset, .unknownEnumValue,
      "'\(text)' is not a value of \(type.name) (\(type.values.joined(separator: ", ")))"
        + Suggestion.hint(for: text, in: type.values))
    return nil
  }

  private mutating func conditional(
    _ conditionExpr: Expr, _ thenExpr: Expr, _ otherwiseExpr: Expr, _ expression: Expr
  ) -> TypedExpr {
    let condition = typed(conditionExpr)
    var then = typed(thenExpr)
    var otherwise = typed(otherwiseExpr)
    if condition.type != .bool && condition.type != .invalid {
      error(
        conditionExpr.range.lowerBound, .typeMismatch,
        "the condition before '?' must be true or false; this is \(condition.type)")
      return invalid(expression)
    }
    if then.type == .invalid || otherwise.type == .invalid || condition.type == .invalid {
      return invalid(expression)
    }
    // An enum value on one side and one of its values, written as a string, on the other.
    guard coerceEnumLiteral(&then, thenExpr, &otherwise, otherwiseExpr) else { return invalid(expression) }
    guard let (t, o) = BinaryTyping.unify(then, otherwise) else {
      error(
        expression.anchor, .typeMismatch,
        "both branches of '?' must have the same type; they are \(then.type) and \(otherwise.type)")
      return invalid(expression)
    }
    return TypedExpr(.conditional(condition, t, o), t.type, range: expression.range)
  }

  // MARK: - Calls

  private mutating func call(_ name: String, _ argumentExprs: [Expr], _ expression: Expr)
    -> TypedExpr
  {
    guard let function = Function(rawValue: name) else {
      let hint =
        ["sum": "total", "avg": "last", "average": "last", "len": "count"][name]
        .map { "; did you mean '\($0)'?" }
        ?? Suggestion.hint(for: name, in: Function.allCases.map(\.rawValue))
      error(expression.anchor, .unknownFunction, "unknown function '\(name)'\(hint)")
      return invalid(expression)
    }
    guard function.arity.contains(argumentExprs.count) else {
      error(
        expression.anchor, .wrongArity,
        "\(name) takes \(function.arityText); found \(argumentExprs.count)")
      return invalid(expression)
    }
    if case .history(window: true) = function.definition.typing {
      return windowed(function, argumentExprs, expression)
    }
    let arguments = argumentExprs.map { typed($0) }
    if arguments.contains(where: { $0.type == .invalid }) { return invalid(expression) }
    guard let result = function.typed(arguments, range: expression.range) else {
      // A sum over the history (`total`) or the current period (`week`, `month`, `hijri_month`).
      guard let argument = summable(arguments[0], argumentExprs[0], function: name),
        let kind = function.runningAggregate
      else {
        return invalid(expression)
      }
      return aggregate(kind, argument, range: expression.range)
    }
    switch result {
    case .success(let call):
      return call
    case .failure(.notCondition(let index)):
      error(
        argumentExprs[index].range.lowerBound, .typeMismatch,
        "\(name) counts conditions; this argument is \(arguments[index].type), not true or false")
    case .failure(.notNumber(let index)):
      error(
        argumentExprs[index].range.lowerBound, .typeMismatch,
        "\(name) needs numbers; this argument is \(arguments[index].type)")
    }
    return invalid(expression)
  }

  /// A sum over a window (`last(n, x)`): `n` must be a whole number of days written as a literal.
  private mutating func windowed(_ function: Function, _ argumentExprs: [Expr], _ expression: Expr) -> TypedExpr {
    guard case .int(let days) = argumentExprs[0].kind else {
      error(
        argumentExprs[0].range.lowerBound, .typeMismatch,
        "the window of \(function.rawValue) must be a whole number of days written as a number, e.g. last(7, x)")
      return invalid(expression)
    }
    guard (1...Function.maxWindow).contains(days) else {
      error(
        argumentExprs[0].range.lowerBound, .typeMismatch,
        "the window of \(function.rawValue) must be from 1 to \(Function.maxWindow) days; found \(days)")
      return invalid(expression)
    }
    let argument = typed(argumentExprs[1])
    if argument.type == .invalid { return invalid(expression) }
    guard let summed = summable(argument, argumentExprs[1], function: function.rawValue) else {
      return invalid(expression)
    }
    return aggregate(.last(days), summed, range: expression.range)
  }

  /// A value `total` or `last` can add up: bools count 1, ints and numbers add.
  private mutating func summable(_ argument: TypedExpr, _ written: Expr, function: String)
    -> TypedExpr?
  {
    switch argument.type {
    case .bool: return TypedExpr(.toInt(argument), .int, range: argument.range)
    case .int, .number: return argument
    default:
      error(
        written.range.lowerBound, .typeMismatch,
        "\(function) adds up numbers or counts the days something holds; this is \(argument.type)")
      return nil
    }
  }

  private mutating func aggregate(_ kind: Aggregate.Kind, _ argument: TypedExpr, range: Range<Int>)
    -> TypedExpr
  {
    let aggregate = Aggregate(kind: kind, argument: argument, type: argument.type)
    let key = Self.key(aggregate)
    let index: Int
    if let existing = aggregateKeys[key] {
      index = existing
    } else {
      index = aggregates.count
      aggregates.append(aggregate)
      aggregateKeys[key] = index
    }
    return TypedExpr(.aggregate(index), argument.type, range: range)
  }

  private static func key(_ aggregate: Aggregate) -> String {
    "\(aggregate.kind.written):\(aggregate.argument.canonical)"
  }
}

typealias DiagnosticIDValue = RulesSource.DiagnosticID
