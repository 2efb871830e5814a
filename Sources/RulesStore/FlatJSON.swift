import Foundation

/// A JSON value as the store reads it from import lines and request bodies: a small reader
/// over UTF-8 bytes that keeps integers and numbers apart (Foundation's reader does not on
/// every platform) and reports where a document is malformed.
public enum JSONInput: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONInput])
  /// Keys in document order; a repeated key is an error of the reader.
  case object([(String, JSONInput)])

  public static func == (lhs: JSONInput, rhs: JSONInput) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// What the value is, for messages: "a string ('x')", "an object"...
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool(let flag): "\(flag)"
    case .int(let number): "the integer \(number)"
    case .number(let number): "the number \(number)"
    case .string(let text): "a string ('\(text.count > 40 ? String(text.prefix(40)) + "..." : text)')"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// Why a JSON text is not valid JSON.
public struct JSONSyntaxError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public var description: String { message }
}

/// Reads one JSON document.
public struct JSONReader {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  public static func parse(_ text: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONInput {
    var reader = JSONReader(bytes: Array(text))
    reader.skipSpace()
    let value = try reader.value()
    reader.skipSpace()
    guard reader.index == reader.bytes.count else {
      throw reader.fail("unexpected text after the JSON value")
    }
    return value
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private func fail(_ message: String) -> JSONSyntaxError {
    JSONSyntaxError(message: "not valid JSON: \(message) (at byte \(index + 1))")
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      index += 1
    }
  }

  private mutating func value() throws(JSONSyntaxError) -> JSONInput {
    guard index < bytes.count else { throw fail("the text ends where a value should be") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try word("true", .bool(true))
    case UInt8(ascii: "f"): return try word("false", .bool(false))
    case UInt8(ascii: "n"): return try word("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw fail("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
    }
  }

  private mutating func word(_ text: StaticString, _ value: JSONInput) throws(JSONSyntaxError) -> JSONInput {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw fail("unexpected word") }
    let start = text.utf8Start
    for offset in 0..<count where bytes[index + offset] != start[offset] { throw fail("unexpected word") }
    index += count
    return value
  }

  private mutating func nest() throws(JSONSyntaxError) {
    depth += 1
    if depth > 64 { throw fail("nested too deeply") }
  }

  private mutating func object() throws(JSONSyntaxError) -> JSONInput {
    try nest()
    index += 1
    var pairs: [(String, JSONInput)] = []
    // The keys seen, once there are more than a record usually has: a linear look in a few
    // keys is quicker, a set keeps a hostile object of thousands of keys linear.
    var keys: Set<String> = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(pairs)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
      let key = try string()
      let repeated: Bool
      if pairs.count < 16 {
        repeated = pairs.contains(where: { $0.0 == key })
      } else {
        if keys.isEmpty { keys = Set(pairs.map(\.0)) }
        repeated = !keys.insert(key).inserted
      }
      if repeated { throw fail("the key '\(key)' appears twice") }
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
      index += 1
      skipSpace()
      pairs.append((key, try value()))
      skipSpace()
      guard index < bytes.count else { throw fail("the object is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
      index += 1
      depth -= 1
      return .object(pairs)
    }
  }

  private mutating func array() throws(JSONSyntaxError) -> JSONInput {
    try nest()
    index += 1
    var items: [JSONInput] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(items)
    }
    while true {
      skipSpace()
      items.append(try value())
      skipSpace()
      guard index < bytes.count else { throw fail("the array is not closed") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
      index += 1
      depth -= 1
      return .array(items)
    }
  }

  private mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var out: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        guard let text = String(validating: out, as: UTF8.self) else { throw fail("the string is not UTF-8") }
        return text
      }
      if byte < 0x20 { throw fail("a control character inside a string") }
      if byte == UInt8(ascii: "\\") {
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
          var code = try hex4()
          if (0xD800...0xDBFF).contains(code) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw fail("a lone surrogate in a string") }
            index += 2
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw fail("a lone surrogate in a string") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          } else if (0xDC00...0xDFFF).contains(code) {
            throw fail("a lone surrogate in a string")
          }
          guard let scalar = Unicode.Scalar(code) else { throw fail("a bad \\u escape") }
          out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default: throw fail("a bad escape in a string")
        }
        continue
      }
      out.append(byte)
      index += 1
    }
    throw fail("the string is not closed")
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw fail("a bad \\u escape") }
    var code: UInt32 = 0
    for byte in bytes[index..<index + 4] {
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
      default: throw fail("a bad \\u escape")
      }
      code = code << 4 | digit
    }
    index += 4
    return code
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONInput {
    let start = index
    var isInteger = true
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, (48...57).contains(bytes[index]) else { throw fail("a bad number") }
    if bytes[index] == 48, index + 1 < bytes.count, (48...57).contains(bytes[index + 1]) {
      throw fail("a number with a leading zero")
    }
    while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard index < bytes.count, (48...57).contains(bytes[index]) else { throw fail("a bad number") }
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, (48...57).contains(bytes[index]) else { throw fail("a bad number") }
      while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    if isInteger, let value = Int(text) { return .int(value) }
    guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is out of range") }
    return .number(value)
  }
}

extension JSONInput {
  /// Compact JSON text.
  public var serialized: String {
    var out = ""
    write(into: &out)
    return out
  }

  func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .int(let number): out += String(number)
    case .number(let number): out += Self.format(number)
    case .string(let text): Self.quote(text, into: &out)
    case .array(let items):
      out += "["
      for (position, item) in items.enumerated() {
        if position > 0 { out += "," }
        item.write(into: &out)
      }
      out += "]"
    case .object(let pairs):
      out += "{"
      for (position, pair) in pairs.enumerated() {
        if position > 0 { out += "," }
        Self.quote(pair.0, into: &out)
        out += ":"
        pair.1.write(into: &out)
      }
      out += "}"
    }
  }

  static func format(_ number: Double) -> String {
    if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) + ".0" }
    return "\(number)"
  }

  static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
