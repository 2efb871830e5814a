/// The one reader of the language's number literals, which `Lexer` and `TypedParser` both call:
/// digits, an optional fraction (`.` and digits), an optional exponent (`e`, a sign, digits).
/// A literal with a fraction or an exponent is a number, else an integer.
package enum NumberLiteral: Equatable {
  case int(Int)
  case number(Double)
  /// An integer past Int's range, or a number past Double's.
  case tooLarge
  /// A name begins right after the digits (`3days`).
  case digitThenName

  /// The literal that begins at `start` (a digit, or `.` then a digit), and where it ends.
  package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (NumberLiteral, end: Int) {
    var position = start
    var isFloat = false
    var value = 0
    var overflow = false
    while position < bytes.count, Lexer.isDigit(bytes[position]) {
      let (times, o1) = value.multipliedReportingOverflow(by: 10)
      let (sum, o2) = times.addingReportingOverflow(Int(bytes[position] - 48))
      overflow = overflow || o1 || o2
      value = sum
      position += 1
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "."), position + 1 < bytes.count,
      Lexer.isDigit(bytes[position + 1])
    {
      isFloat = true
      position += 1
      while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      var look = position + 1
      if look < bytes.count, bytes[look] == UInt8(ascii: "+") || bytes[look] == UInt8(ascii: "-") {
        look += 1
      }
      if look < bytes.count, Lexer.isDigit(bytes[look]) {
        isFloat = true
        position = look
        while position < bytes.count, Lexer.isDigit(bytes[position]) { position += 1 }
      }
    }
    if position < bytes.count, Lexer.isIdentifierStart(bytes[position]) { return (.digitThenName, position) }
    if isFloat {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
      guard let number = Double(text), number.isFinite else { return (.tooLarge, position) }
      return (.number(number), position)
    }
    return (overflow ? .tooLarge : .int(value), position)
  }
}
