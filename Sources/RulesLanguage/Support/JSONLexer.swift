/// The lexical pieces of JSON that both readers share: `JSONNodeReader` (exported catalogs, to
/// located nodes) and the store's `JSONReader` (import lines and request bodies, to
/// `JSONValue`). One grammar, one set of messages; each reader says where (line and column, or
/// byte).
package enum JSONLexer {
  /// Why the text is not JSON, and at which byte.
  package struct Failure: Error {
    package var message: String
    package var index: Int
  }

  /// The string whose opening quote is at `index`, unescaped; `index` ends past its closing
  /// quote. Control characters must be escaped, escapes and surrogate pairs must be whole, the
  /// bytes must be UTF-8.
  package static func string(_ bytes: [UInt8], _ index: inout Int) throws(Failure) -> String {
    index += 1
    let start = index
    // The common case, a string without escapes: one slice, no copying byte by byte.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard let text = String(validating: bytes[start..<index], as: UTF8.self) else {
          throw Failure(message: "the string is not UTF-8", index: start)
        }
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      index += 1
    }
    var out = Array(bytes[start..<index])
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        guard let text = String(validating: out, as: UTF8.self) else {
          throw Failure(message: "the string is not UTF-8", index: start)
        }
        index += 1
        return text
      }
      if byte < 0x20 {
        throw Failure(message: "a control character in a string (write it as an escape)", index: index)
      }
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "\""): out.append(0x22)
      case UInt8(ascii: "\\"): out.append(0x5C)
      case UInt8(ascii: "/"): out.append(0x2F)
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        var code = try hex4(bytes, &index)
        if (0xD800...0xDBFF).contains(code) {
          guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
          else { throw Failure(message: "a lone surrogate in a \\u escape", index: index) }
          index += 2
          let low = try hex4(bytes, &index)
          guard (0xDC00...0xDFFF).contains(low) else {
            throw Failure(message: "a lone surrogate in a \\u escape", index: index)
          }
          code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else {
          throw Failure(message: "a lone surrogate in a \\u escape", index: index)
        }
        out.append(contentsOf: String(Character(scalar)).utf8)
      default: throw Failure(message: "an unknown escape in a string", index: index - 1)
      }
    }
    throw Failure(message: "the text ends inside a string", index: index)
  }

  private static func hex4(_ bytes: [UInt8], _ index: inout Int) throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw Failure(message: "a \\u escape needs four hex digits", index: index) }
    var code: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default: throw Failure(message: "a \\u escape needs four hex digits", index: index)
      }
      code = code << 4 | digit
    }
    index += 4
    return code
  }

  /// A number as JSON writes it (`-`, digits without a leading zero, a fraction, an exponent),
  /// starting at `index`, which ends past it: its text, and whether it is an integer (no
  /// fraction, no exponent) that fits an Int, or else its double. A number too large for a
  /// double is refused.
  package static func number(_ bytes: [UInt8], _ index: inout Int) throws(Failure) -> (
    text: String, int: Int?, double: Double
  ) {
    let start = index
    var integer = true
    func digits() throws(Failure) {
      guard index < bytes.count, (48...57).contains(bytes[index]) else {
        throw Failure(message: "a bad number", index: index)
      }
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    if index + 1 < bytes.count, bytes[index] == 48, (48...57).contains(bytes[index + 1]) {
      throw Failure(message: "a number with a leading zero", index: index)
    }
    try digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      integer = false
      index += 1
      try digits()
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      integer = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      try digits()
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if integer, let int = Int(text) { return (text, int, Double(int)) }
    guard let value = Double(text), value.isFinite else {
      throw Failure(message: "the number \(text) is out of range", index: start)
    }
    return (text, nil, value)
  }
}
