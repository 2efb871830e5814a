/// The tokens, read from the bytes as `Lexer` reads them.
extension TypedParser {
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  /// The value of the string literal at `range` (escapes already checked by `advance`).
  func stringValue(_ range: Range<Int>) throws -> String {
    var value: [UInt8] = []
    var index = range.lowerBound + 1
    let end = range.upperBound - 1
    var plain = true
    while index < end {
      if bytes[index] == UInt8(ascii: "\\") {
        plain = false
        break
      }
      index += 1
    }
    if plain { return text(range.lowerBound + 1..<end) }
    index = range.lowerBound + 1
    while index < end {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        let escaped = bytes[index + 1]
        switch escaped {
        case UInt8(ascii: "n"): value.append(10)
        case UInt8(ascii: "t"): value.append(9)
        default: value.append(escaped)
        }
        index += 2
        continue
      }
      value.append(byte)
      index += 1
    }
    return String(decoding: value, as: UTF8.self)
  }

  /// Moves to the next token; gives up on anything `Lexer` reports.
  mutating func advance() throws {
    while position < bytes.count, Lexer.isSpace(bytes[position]) { position += 1 }
    let start = position
    guard position < bytes.count else {
      token = Token(kind: .end, range: start..<start)
      return
    }
    let byte = bytes[position]
    if Lexer.isDigit(byte)
      || (byte == UInt8(ascii: ".") && position + 1 < bytes.count && Lexer.isDigit(bytes[position + 1]))
    {
      token = try number()
      return
    }
    if Lexer.isIdentifierStart(byte) {
      while position < bytes.count, Lexer.isIdentifierPart(bytes[position]) { position += 1 }
      token = Token(kind: .identifier, range: start..<position)
      return
    }
    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
      position += 1
      while position < bytes.count {
        let next = bytes[position]
        if next == byte {
          position += 1
          token = Token(kind: .string, range: start..<position)
          return
        }
        if next == UInt8(ascii: "\\"), position + 1 < bytes.count {
          switch bytes[position + 1] {
          case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): break
          default: throw GiveUp()
          }
          position += 2
          continue
        }
        position += 1
      }
      throw GiveUp()
    }
    let next = position + 1 < bytes.count ? bytes[position + 1] : 0
    let kind: Token.Kind
    var length = 2
    switch (byte, next) {
    case (UInt8(ascii: "|"), UInt8(ascii: "|")): kind = .binary(.or)
    case (UInt8(ascii: "&"), UInt8(ascii: "&")): kind = .binary(.and)
    case (UInt8(ascii: "="), UInt8(ascii: "=")): kind = .binary(.equal)
    case (UInt8(ascii: "!"), UInt8(ascii: "=")): kind = .binary(.notEqual)
    case (UInt8(ascii: "<"), UInt8(ascii: "=")): kind = .binary(.lessOrEqual)
    case (UInt8(ascii: ">"), UInt8(ascii: "=")): kind = .binary(.greaterOrEqual)
    default:
      length = 1
      switch byte {
      case UInt8(ascii: "<"): kind = .binary(.less)
      case UInt8(ascii: ">"): kind = .binary(.greater)
      case UInt8(ascii: "+"): kind = .binary(.add)
      case UInt8(ascii: "-"): kind = .binary(.subtract)
      case UInt8(ascii: "*"): kind = .binary(.multiply)
      case UInt8(ascii: "/"): kind = .binary(.divide)
      case UInt8(ascii: "%"): kind = .binary(.remainder)
      case UInt8(ascii: "!"): kind = .symbol(.not)
      case UInt8(ascii: "?"): kind = .symbol(.question)
      case UInt8(ascii: ":"): kind = .symbol(.colon)
      case UInt8(ascii: "("): kind = .symbol(.openParen)
      case UInt8(ascii: ")"): kind = .symbol(.closeParen)
      case UInt8(ascii: ","): kind = .symbol(.comma)
      case UInt8(ascii: "."): kind = .symbol(.dot)
      default: throw GiveUp()
      }
    }
    position += length
    token = Token(kind: kind, range: start..<position)
  }

  /// A number token (`NumberLiteral`, as `Lexer` reads it).
  mutating func number() throws -> Token {
    let start = position
    let (literal, end) = NumberLiteral.scan(bytes, from: start)
    position = end
    switch literal {
    case .int(let value): return Token(kind: .int(value), range: start..<position)
    case .number(let value): return Token(kind: .number(value), range: start..<position)
    case .tooLarge, .digitThenName: throw GiveUp()
    }
  }
}
