import RulesSource

/// A JSON value with object keys kept in order: for free-form `extra` data and for output
/// that people read (keys in the documented order).
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  /// Whether both are the same value (object keys compared in order; NaN equals NaN).
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.int(let a), .int(let b)): a == b
    case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// A node tree as JSON (scalars typed by the core schema).
  package init(_ node: Node) {
    switch node.content {
    case .scalar:
      switch node.scalar ?? .null {
      case .null: self = .null
      case .bool(let value): self = .bool(value)
      case .int(let value): self = .int(value)
      case .float(let value): self = .number(value)
      case .string(let value): self = .string(value)
      }
    case .sequence(let items): self = .array(items.map(JSONValue.init))
    case .mapping(let pairs):
      self = .object(pairs.map { (($0.key.text ?? ""), JSONValue($0.value)) })
    }
  }

  /// The value of `key` in an object; nil for a missing key or a value that is not an object.
  public subscript(key: String) -> JSONValue? {
    if case .object(let pairs) = self { return pairs.first { $0.0 == key }?.1 }
    return nil
  }

  /// Compact (`indent: nil`) or indented JSON text, keys in their order: the one JSON writer of
  /// the engine, the tooling and the store. A whole number under 10^15 is written as an integer
  /// (`2`, not `2.0`), any other as Swift prints it (`2.5`, `1e+20`); a number that is not finite,
  /// which JSON cannot hold, is written `null` (never `nan`; the store's reader refuses such
  /// numbers, so a stored record never holds one).
  public func serialized(indent: Int? = 2) -> String {
    // Written as UTF-8 bytes and made a String once: appending to a String piece by piece
    // cost as much as building the evaluation (a tenth of the server's GET progress).
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    write(to: &out, indent: indent, level: 0)
    return String(decoding: out, as: UTF8.self)
  }

  private func write(to out: inout [UInt8], indent: Int?, level: Int) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let value): out += (value ? "true" : "false").utf8
    case .int(let value): out += String(value).utf8
    case .number(let value):
      if value.isNaN || value.isInfinite {
        out += "null".utf8
      } else if value == value.rounded(), abs(value) < 1e15 {
        out += String(Int(value)).utf8
      } else {
        out += "\(value)".utf8
      }
    case .string(let value): Self.quote(value, into: &out)
    case .array(let items):
      guard !items.isEmpty else {
        out += "[]".utf8
        return
      }
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent, level + 1)
        item.write(to: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent, level)
      out.append(UInt8(ascii: "]"))
    case .object(let pairs):
      guard !pairs.isEmpty else {
        out += "{}".utf8
        return
      }
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in pairs.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.newline(&out, indent, level + 1)
        Self.quote(key, into: &out)
        out.append(UInt8(ascii: ":"))
        if indent != nil { out.append(UInt8(ascii: " ")) }
        value.write(to: &out, indent: indent, level: level + 1)
      }
      Self.newline(&out, indent, level)
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int?, _ level: Int) {
    guard let indent else { return }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
  }

  /// `text` as a JSON string, quoted and escaped.
  private static func quote(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out += #"\""#.utf8
      case UInt8(ascii: "\\"): out += #"\\"#.utf8
      case UInt8(ascii: "\n"): out += #"\n"#.utf8
      case UInt8(ascii: "\r"): out += #"\r"#.utf8
      case UInt8(ascii: "\t"): out += #"\t"#.utf8
      case ..<0x20:
        let hex = String(byte, radix: 16)
        out += "\\u".utf8
        out += repeatElement(UInt8(ascii: "0"), count: 4 - hex.count)
        out += hex.utf8
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}

extension JSONValue: Encodable {
  /// Writes the value with an `Encoder`, object keys in their order.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .object(let pairs):
      var container = encoder.container(keyedBy: JSONKey.self)
      for (key, value) in pairs { try container.encode(value, forKey: JSONKey(key)) }
    }
  }
}

extension JSONValue: Decodable {
  /// Reads any JSON value (an object's keys come back sorted, as decoders keep no order).
  public init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: JSONKey.self) {
      self = .object(
        try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          ($0.stringValue, try object.decode(JSONValue.self, forKey: $0))
        })
    } else if var array = try? decoder.unkeyedContainer() {
      var items: [JSONValue] = []
      while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
      self = .array(items)
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else {
        self = try Self.scalar(in: container)
      }
    }
  }

  /// The one reader of a JSON scalar, which `JSONValue`, the engine's `Value` and
  /// `DayRecord.Value` all decode with: a boolean, an integer (tried before a number, so `3` is
  /// an integer and `2.5` a number), a number or a string. Anything else (null, an array, an
  /// object) throws the decoder's error for a string that is not there.
  package static func scalar(in container: any SingleValueDecodingContainer) throws -> JSONValue {
    if let flag = try? container.decode(Bool.self) { return .bool(flag) }
    if let number = try? container.decode(Int.self) { return .int(number) }
    if let number = try? container.decode(Double.self) { return .number(number) }
    return .string(try container.decode(String.self))
  }
}

/// A JSON object's key, any string.
package struct JSONKey: CodingKey, ExpressibleByStringLiteral {
  package let stringValue: String
  package var intValue: Int? { nil }

  package init(_ string: String) { stringValue = string }
  package init(stringValue: String) { self.stringValue = stringValue }
  package init?(intValue: Int) { nil }
  package init(stringLiteral value: String) { stringValue = value }
}
