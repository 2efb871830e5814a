@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Reads JSON text into the node tree the YAML reader gives, each node marked with its line
/// and column, so that a problem in an exported catalog is reported where it is in the file.
/// Object keys keep their order. Foundation's JSON reader gives neither positions nor order.
struct JSONNodeReader {
  /// Why the text is not JSON, and where.
  struct Failure: Error {
    var mark: Mark
    var message: String
  }

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  /// The index of the first byte of the current line (columns count scalars from it).
  private var lineStart = 0
  private var depth = 0

  /// Nesting deeper than this is refused (a hostile file cannot exhaust the stack).
  static let maximumDepth = 512

  init(_ text: String) {
    bytes = Array(text.utf8)
  }

  /// The tree of `text`, or where and why it is not JSON.
  static func read(_ text: String) throws(Failure) -> Node {
    var reader = JSONNodeReader(text)
    reader.skipSpace()
    let node = try reader.value()
    reader.skipSpace()
    guard reader.index == reader.bytes.count else { throw reader.failure("unexpected text after the JSON value") }
    return node
  }

  private var mark: Mark {
    // Continuation bytes are not scalars: columns count what an editor shows.
    let column = bytes[lineStart..<index].count { $0 & 0xC0 != 0x80 } + 1
    return Mark(line: line, column: column)
  }

  private func failure(_ message: String) -> Failure {
    Failure(mark: mark, message: message)
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func value() throws(Failure) -> Node {
    guard index < bytes.count else { throw failure("the text ends where a value was expected") }
    let start = mark
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(at: start)
    case UInt8(ascii: "["): return try array(at: start)
    case UInt8(ascii: "\""): return .string(try string(), at: start)
    case UInt8(ascii: "t"): return try word("true", Node(content: .scalar("true"), mark: start, tag: .bool))
    case UInt8(ascii: "f"): return try word("false", Node(content: .scalar("false"), mark: start, tag: .bool))
    case UInt8(ascii: "n"): return try word("null", Node(content: .scalar("null"), mark: start, tag: .null))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number(at: start)
    default: throw failure("a value was expected")
    }
  }

  private mutating func word(_ text: String, _ node: Node) throws(Failure) -> Node {
    let expected = Array(text.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
      throw failure("a value was expected")
    }
    index += expected.count
    return node
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("the JSON is nested more than \(Self.maximumDepth) deep") }
  }

  private mutating func object(at start: Mark) throws(Failure) -> Node {
    try enter()
    index += 1
    var pairs: [Pair] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return Node(content: .mapping(pairs), mark: start, tag: .map)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("a key in quotes was expected")
      }
      let keyMark = mark
      let key = Node.string(try string(), at: keyMark)
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("':' was expected") }
      index += 1
      skipSpace()
      pairs.append(Pair(key: key, value: try value()))
      skipSpace()
      guard index < bytes.count else { throw failure("the text ends inside an object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "}") else { throw failure("',' or '}' was expected") }
      index += 1
      depth -= 1
      return Node(content: .mapping(pairs), mark: start, tag: .map)
    }
  }

  private mutating func array(at start: Mark) throws(Failure) -> Node {
    try enter()
    index += 1
    var items: [Node] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return Node(content: .sequence(items), mark: start, tag: .seq)
    }
    while true {
      skipSpace()
      items.append(try value())
      skipSpace()
      guard index < bytes.count else { throw failure("the text ends inside a list") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard bytes[index] == UInt8(ascii: "]") else { throw failure("',' or ']' was expected") }
      index += 1
      depth -= 1
      return Node(content: .sequence(items), mark: start, tag: .seq)
    }
  }

  private mutating func string() throws(Failure) -> String {
    do {
      return try JSONLexer.string(bytes, &index)
    } catch {
      index = error.index
      throw failure(error.message)
    }
  }

  private mutating func number(at start: Mark) throws(Failure) -> Node {
    do {
      let number = try JSONLexer.number(bytes, &index)
      if number.int != nil { return Node(content: .scalar(number.text), mark: start, tag: .int) }
      return Node(content: .scalar("\(number.double)"), mark: start, tag: .float)
    } catch {
      index = error.index
      throw failure(error.message)
    }
  }
}
