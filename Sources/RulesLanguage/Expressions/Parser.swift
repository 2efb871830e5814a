/// Parses an expression by precedence climbing. Lowest to highest: `?:`, `||`, `&&`,
/// `==` `!=`, `<` `<=` `>` `>=`, `+` `-`, `*` `/` `%`, unary `!` `-`, then names, calls,
/// `a.b`, literals and parentheses.
@_spi(Tooling) public struct Parser {
  private var tokens: [Token]
  private var index = 0
  /// Parentheses nest at most this deep (so a hostile expression cannot exhaust the stack).
  static let maxDepth = 64
  private var depth = 0
  /// Trees are at most this many operators deep, chains included (`a + b + c` is `(a + b) + c`,
  /// 2 deep): checking, compiling and evaluating walk them recursively.
  static let maxOperatorDepth = 64

  private init(tokens: [Token]) {
    self.tokens = tokens
  }

  /// Parses the whole text as one expression.
  @_spi(Tooling) public static func parse(_ text: String) -> Result<Expr, ExpressionError> {
    switch Lexer.tokenize(text) {
    case .failure(let error): return .failure(error)
    case .success(let tokens):
      var parser = Parser(tokens: tokens)
      do {
        if case .end = parser.current.kind {
          throw ExpressionError(offset: 0, id: .expressionSyntax, "the expression is empty")
        }
        let expression = try parser.conditional()
        guard case .end = parser.current.kind else {
          if case .identifier(let word) = parser.current.kind, let symbol = Self.wordOperators[word] {
            throw ExpressionError(
              offset: parser.current.range.lowerBound, id: .expressionSyntax,
              "'\(word)' is not an operator here; write '\(symbol)'")
          }
          throw parser.unexpected("an operator or the end of the expression")
        }
        return .success(expression)
      } catch let error as ExpressionError {
        return .failure(error)
      } catch {
        return .failure(ExpressionError(offset: 0, id: .expressionSyntax, "\(error)"))
      }
    }
  }

  private var current: Token { tokens[index] }

  /// Words people write for operators, and the operator to write instead.
  private static let wordOperators = ["and": "&&", "or": "||", "not": "!"]

  private mutating func advance() -> Token {
    let token = tokens[index]
    if index < tokens.count - 1 { index += 1 }
    return token
  }

  private func isSymbol(_ symbol: Token.Symbol) -> Bool {
    if case .symbol(let found) = current.kind { return found == symbol }
    return false
  }

  private mutating func expect(_ symbol: Token.Symbol, _ what: String) throws -> Token {
    guard isSymbol(symbol) else { throw unexpected(what) }
    return advance()
  }

  private func unexpected(_ expected: String) -> ExpressionError {
    ExpressionError(
      offset: current.range.lowerBound, id: .expressionSyntax,
      "expected \(expected), found \(current.describe)")
  }

  private mutating func conditional() throws -> Expr {
    let condition = try binary(level: 0)
    guard isSymbol(.question) else { return condition }
    let question = advance()
    try enter(at: question)
    defer { depth -= 1 }
    let then = try conditional()
    _ = try expect(.colon, "':' (the else branch of '?')")
    let otherwise = try conditional()
    return try limited(
      Expr(
        .conditional(condition, then, otherwise),
        range: condition.range.lowerBound..<otherwise.range.upperBound,
        anchor: question.range.lowerBound), at: question)
  }

  /// Binary operators by level, loosest first.
  private static let levels: [[BinaryOperator]] = [
    [.or],
    [.and],
    [.equal, .notEqual],
    [.less, .lessOrEqual, .greater, .greaterOrEqual],
    [.add, .subtract],
    [.multiply, .divide, .remainder],
  ]

  private mutating func binary(level: Int) throws -> Expr {
    guard level < Self.levels.count else { return try unary() }
    var left = try binary(level: level + 1)
    while case .binary(let op) = current.kind, Self.levels[level].contains(op) {
      let token = advance()
      let right = try binary(level: level + 1)
      left = try limited(
        Expr(
          .binary(op, left, right), range: left.range.lowerBound..<right.range.upperBound,
          anchor: token.range.lowerBound), at: token)
    }
    return left
  }

  private mutating func unary() throws -> Expr {
    if isSymbol(.not) || current.kind == .binary(.subtract) {
      let token = advance()
      try enter(at: token)
      defer { depth -= 1 }
      let operand = try unary()
      let op: UnaryOperator = token.kind == .symbol(.not) ? .not : .negate
      // Fold a negative literal so that `-5` is the number -5.
      if op == .negate {
        switch operand.kind {
        case .int(let value):
          return Expr(.int(-value), range: token.range.lowerBound..<operand.range.upperBound)
        case .number(let value):
          return Expr(.number(-value), range: token.range.lowerBound..<operand.range.upperBound)
        default: break
        }
      }
      return try limited(
        Expr(.unary(op, operand), range: token.range.lowerBound..<operand.range.upperBound), at: token)
    }
    return try primary()
  }

  private mutating func enter(at token: Token) throws {
    depth += 1
    if depth > Self.maxDepth {
      throw ExpressionError(
        offset: token.range.lowerBound, id: .expressionSyntax,
        "the expression nests deeper than \(Self.maxDepth) levels")
    }
  }

  private mutating func primary() throws -> Expr {
    let token = current
    switch token.kind {
    case .int(let value):
      _ = advance()
      return Expr(.int(value), range: token.range)
    case .number(let value):
      _ = advance()
      return Expr(.number(value), range: token.range)
    case .string(let value):
      _ = advance()
      return Expr(.string(value), range: token.range)
    case .identifier(let name):
      _ = advance()
      switch name {
      case "true": return Expr(.bool(true), range: token.range)
      case "false": return Expr(.bool(false), range: token.range)
      case "and", "or", "not":
        let symbol = Self.wordOperators[name] ?? "&&"
        throw ExpressionError(
          offset: token.range.lowerBound, id: .expressionSyntax,
          "'\(name)' is not an operator here; write '\(symbol)'")
      default: break
      }
      if isSymbol(.openParen) { return try call(name, at: token) }
      if isSymbol(.dot) {
        _ = advance()
        guard case .identifier(let field) = current.kind else {
          throw unexpected("a field name after '\(name).'")
        }
        let fieldToken = advance()
        return Expr(
          .member(base: name, field: field),
          range: token.range.lowerBound..<fieldToken.range.upperBound)
      }
      return Expr(.name(name), range: token.range)
    case .symbol(.openParen):
      _ = advance()
      try enter(at: token)
      defer { depth -= 1 }
      let inner = try conditional()
      let close = try expect(.closeParen, "')'")
      return Expr(
        inner.kind, range: token.range.lowerBound..<close.range.upperBound, anchor: inner.anchor)
    default:
      throw unexpected("a value, a name or '('")
    }
  }

  private mutating func call(_ name: String, at token: Token) throws -> Expr {
    _ = advance()  // (
    try enter(at: token)
    defer { depth -= 1 }
    var arguments: [Expr] = []
    if !isSymbol(.closeParen) {
      repeat {
        if !arguments.isEmpty { _ = advance() }  // ,
        arguments.append(try conditional())
      } while isSymbol(.comma)
    }
    let close = try expect(.closeParen, "',' or ')' in the call of \(name)")
    return try limited(
      Expr(
        .call(name, arguments), range: token.range.lowerBound..<close.range.upperBound,
        anchor: token.range.lowerBound), at: token)
  }

  /// `expression`, unless it is more than `maxOperatorDepth` operators deep. A long chain such
  /// as `a + b + c + ...` is as deep as it is long, without any parentheses.
  private func limited(_ expression: Expr, at token: Token) throws -> Expr {
    if Self.operatorDepth(expression) > Self.maxOperatorDepth {
      throw ExpressionError(
        offset: token.range.lowerBound, id: .expressionSyntax,
        "the expression is more than \(Self.maxOperatorDepth) operators deep here (a + b + c is 2 deep); "
          + "split it into metrics")
    }
    return expression
  }

  /// How many operators deep `expression` is (0 for a value or a name). The operands of a node
  /// being built were checked already, so this recursion is bounded too.
  static func operatorDepth(_ expression: Expr) -> Int {
    switch expression.kind {
    case .unary(_, let operand): 1 + operatorDepth(operand)
    case .binary(_, let left, let right): 1 + max(operatorDepth(left), operatorDepth(right))
    case .conditional(let condition, let then, let otherwise):
      1 + max(operatorDepth(condition), operatorDepth(then), operatorDepth(otherwise))
    case .call(_, let arguments): 1 + (arguments.map(operatorDepth).max() ?? 0)
    default: 0
    }
  }
}
