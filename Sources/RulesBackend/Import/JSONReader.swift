@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage
import RulesStore

/// Reads one JSON document over UTF-8 bytes into the engine's `JSONValue`, as the store reads
/// import lines and request bodies: integers and numbers kept apart (Foundation's reader does
/// not on every platform), a repeated key an error, numbers finite, where a document is
/// malformed reported by byte. (`JSONNodeReader` reads exported catalogs into located nodes,
/// for diagnostics by line and column.)
package struct JSONReader {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0

  package static func parse(_ text: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
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
    do {
      return try JSONLexer.string(bytes, &index)
    } catch {
      index = error.index
      throw fail(error.message)
    }
  }

  private mutating func number() throws(JSONSyntaxError) -> JSONValue {
    do {
      let number = try JSONLexer.number(bytes, &index)
      return number.int.map(JSONValue.int) ?? .number(number.double)
    } catch {
      index = error.index
      throw fail(error.message)
    }
  }
}
