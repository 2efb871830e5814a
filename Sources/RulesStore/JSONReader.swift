@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Reads one JSON document over UTF-8 bytes into the engine's `JSONValue`, as the store reads
/// import lines and request bodies: integers and numbers kept apart (Foundation's reader does
/// not on every platform), a repeated key an error, numbers finite, where a document is
/// malformed reported by byte. (`JSONNodeReader` reads exported catalogs into located nodes,
/// for diagnostics by line and column.)
public struct JSONReader {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  public static func parse(_ text: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
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

  private mutating func value() throws(JSONSyntaxError) -> JSONValue {
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

  private mutating func word(_ text: StaticString, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
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

  private mutating func object() throws(JSONSyntaxError) -> JSONValue {
    try nest()
    index += 1
    var pairs: [(String, JSONValue)] = []
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

  private mutating func array() throws(JSONSyntaxError) -> JSONValue {
    try nest()
    index += 1
    var items: [JSONValue] = []
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

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
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
