/// Splits an expression's text into tokens.
package struct Lexer {
  private let bytes: [UInt8]
  private var position = 0

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// All tokens, ending with `.end`, or the first lexical error.
  static func tokenize(_ text: String) -> Result<[Token], ExpressionError> {
    var lexer = Lexer(text)
    var tokens: [Token] = []
    // At most one token a byte and the end: one allocation instead of one per doubling.
    tokens.reserveCapacity(lexer.bytes.count + 1)
    while true {
      switch lexer.next() {
      case .success(let token):
        tokens.append(token)
        if token.kind == .end { return .success(tokens) }
      case .failure(let error):
        return .failure(error)
      }
    }
  }

  private mutating func next() -> Result<Token, ExpressionError> {
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    let start = position
    guard position < bytes.count else { return .success(Token(kind: .end, range: start..<start)) }
    let byte = bytes[position]
    if Self.isDigit(byte) || (byte == UInt8(ascii: ".") && peekIsDigit(1)) {
      return number()
    }
    if Self.isIdentifierStart(byte) {
      while position < bytes.count, Self.isIdentifierPart(bytes[position]) { position += 1 }
      let name = String(decoding: bytes[start..<position], as: UTF8.self)
      return .success(Token(kind: .identifier(name), range: start..<position))
    }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return string(quote: byte) }
    return symbol()
  }

  private func peekIsDigit(_ ahead: Int) -> Bool {
    position + ahead < bytes.count && Self.isDigit(bytes[position + ahead])
  }

  private mutating func number() -> Result<Token, ExpressionError> {
    let start = position
    let (literal, end) = bytes.withUnsafeBufferPointer { NumberLiteral.scan($0, from: start) }
    position = end
    switch literal {
    case .int(let value):
      return .success(Token(kind: .int(value), range: start..<position))
    case .number(let value):
      return .success(Token(kind: .number(value), range: start..<position))
    case .tooLarge:
      return .failure(
        ExpressionError(
          offset: start, id: .expressionSyntax, "the number \(text(start, through: position)) is too large"))
    case .digitThenName:
      return .failure(
        ExpressionError(
          offset: start, id: .expressionSyntax,
          "a name cannot start with a digit; '\(text(start, through: identifierEnd()))' is not a number"))
    }
  }

  private func identifierEnd() -> Int {
    var end = position
    while end < bytes.count, Self.isIdentifierPart(bytes[end]) { end += 1 }
    return end
  }

  private func text(_ start: Int, through end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  private mutating func string(quote: UInt8) -> Result<Token, ExpressionError> {
    let start = position
    position += 1
    var value: [UInt8] = []
    while position < bytes.count {
      let byte = bytes[position]
      if byte == quote {
        position += 1
        return .success(
          Token(kind: .string(String(decoding: value, as: UTF8.self)), range: start..<position))
      }
      if byte == UInt8(ascii: "\\"), position + 1 < bytes.count {
        let escaped = bytes[position + 1]
        switch escaped {
        case UInt8(ascii: "n"): value.append(10)
        case UInt8(ascii: "t"): value.append(9)
        case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): value.append(escaped)
        default:
          return .failure(
            ExpressionError(
              offset: position, id: .expressionSyntax,
              "unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string; use \\\\, \\\", \\', \\n or \\t"
            ))
        }
        position += 2
        continue
      }
      value.append(byte)
      position += 1
    }
    return .failure(
      ExpressionError(
        offset: start, id: .expressionSyntax,
        "this string has no closing \(quote == UInt8(ascii: "\"") ? "\"" : "'")"))
  }

  private mutating func symbol() -> Result<Token, ExpressionError> {
    let start = position
    let byte = bytes[position]
    let next = position + 1 < bytes.count ? bytes[position + 1] : 0
    func token(_ kind: Token.Kind, length: Int) -> Result<Token, ExpressionError> {
      position += length
      return .success(Token(kind: kind, range: start..<position))
    }
    func error(_ message: String) -> Result<Token, ExpressionError> {
      .failure(ExpressionError(offset: start, id: .expressionSyntax, message))
    }
    // Two-byte operators first (`<=` before `<`), spelled as the operators spell themselves.
    for (first, second, op) in Self.twoByteOperators where first == byte && second == next {
      return token(.binary(op), length: 2)
    }
    switch byte {
    case UInt8(ascii: "&"): return error("'&' is not an operator; did you mean '&&'?")
    case UInt8(ascii: "|"): return error("'|' is not an operator; did you mean '||'?")
    case UInt8(ascii: "="): return error("'=' is not an operator; use '==' to compare")
    default: break
    }
    if let kind = Self.oneByteTokens[Int(byte)] {
      return token(kind, length: 1)
    }
    // Show the whole character, even when it is several bytes long.
    var end = position + 1
    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
    return error("unexpected character '\(text(start, through: end))'")
  }

  /// The operators spelled with two bytes, in the order of `BinaryOperator.allCases`. Made
  /// once: an array made from each operator's spelling for each character lexed was most of
  /// the cost of checking a large catalog (239 M of 1,114 M instructions for 5,000 badges).
  private static let twoByteOperators: [(UInt8, UInt8, BinaryOperator)] = BinaryOperator.allCases.compactMap {
    let spelling = Array($0.rawValue.utf8)
    return spelling.count == 2 ? (spelling[0], spelling[1], $0) : nil
  }

  /// What each byte is as a one-byte token: the first operator spelled so, else the first
  /// symbol.
  private static let oneByteTokens: [Token.Kind?] = {
    var table = [Token.Kind?](repeating: nil, count: 256)
    for symbol in Token.Symbol.allCases.reversed() where symbol.rawValue.utf8.count == 1 {
      table[Int(symbol.rawValue.utf8.first!)] = .symbol(symbol)
    }
    for op in BinaryOperator.allCases.reversed() where op.rawValue.utf8.count == 1 {
      table[Int(op.rawValue.utf8.first!)] = .binary(op)
    }
    return table
  }()

  package static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
  package static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
  static func isIdentifierStart(_ byte: UInt8) -> Bool {
    byte == 95 || (65...90).contains(byte) || (97...122).contains(byte)
  }
  static func isIdentifierPart(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }
}
