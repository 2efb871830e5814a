/// A scalar's value under the YAML 1.2 core schema.
public enum ScalarValue: Sendable, Equatable, Hashable {
  case null
  case bool(Bool)
  case int(Int)
  case float(Double)
  case string(String)

  /// The value of `text` read as `tag`. The reader has already checked that the text fits
  /// the tag, so an int that does not parse (it cannot happen) falls back to a string.
  public init(text: String, tag: CoreTag) {
    switch tag {
    case .null: self = .null
    case .bool: self = .bool(text.first == "t" || text.first == "T")
    case .int: self = CoreSchema.int(text).map(ScalarValue.int) ?? .string(text)
    case .float: self = CoreSchema.float(text).map(ScalarValue.float) ?? .string(text)
    case .str, .seq, .map: self = .string(text)
    }
  }
}

/// The YAML 1.2 core schema (https://yaml.org/spec/1.2.2/#1023-core-schema): how a plain
/// scalar's text decides its type, and how typed text is read.
///
/// Only plain `true`/`false` (in three spellings) are booleans: `yes`, `no`, `on` and `off` are
/// strings. `012` is the integer 12 (no octal without `0o`), `1e3` is a number.
public enum CoreSchema {
  /// The type of a plain scalar.
  public static func resolve(_ text: String) -> CoreTag {
    let utf8 = text.utf8
    guard let first = utf8.first else { return .null }
    switch first {
    case UInt8(ascii: "~"):
      return utf8.count == 1 ? .null : .str
    case UInt8(ascii: "n"), UInt8(ascii: "N"):
      return text == "null" || text == "Null" || text == "NULL" ? .null : .str
    case UInt8(ascii: "t"), UInt8(ascii: "T"):
      return text == "true" || text == "True" || text == "TRUE" ? .bool : .str
    case UInt8(ascii: "f"), UInt8(ascii: "F"):
      return text == "false" || text == "False" || text == "FALSE" ? .bool : .str
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."):
      if isInt(utf8) { return .int }
      if isFloat(utf8) { return .float }
      return .str
    default:
      return .str
    }
  }

  /// Whether `text` is written as the core schema writes a value of `tag` (for explicit tags:
  /// `!!int "12"` is fine, `!!int twelve` is not).
  public static func accepts(_ text: String, as tag: CoreTag) -> Bool {
    switch tag {
    case .str: return true
    case .null: return resolve(text) == .null
    case .bool: return resolve(text) == .bool
    case .int: return isInt(text.utf8)
    case .float: return isInt(text.utf8) || isFloat(text.utf8)
    case .seq, .map: return false
    }
  }

  /// The integer `text` denotes (decimal, `0o` octal or `0x` hex), or nil when it is not one
  /// or does not fit in 64 bits.
  public static func int(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
      if bytes[1] == UInt8(ascii: "o") { return Int(text.dropFirst(2), radix: 8) }
      if bytes[1] == UInt8(ascii: "x") { return Int(text.dropFirst(2), radix: 16) }
    }
    // Int("+5") works, Int("012") is 12: exactly the core schema's decimal form.
    return Int(text)
  }

  /// The number `text` denotes, including `.inf`, `-.inf` and `.nan`.
  public static func float(_ text: String) -> Double? {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
    case "-.inf", "-.Inf", "-.INF": return -.infinity
    case ".nan", ".NaN", ".NAN": return .nan
    default: break
    }
    if let int = int(text) { return Double(int) }
    return Double(text)
  }

  static func isInt<C: Collection>(_ utf8: C) -> Bool where C.Element == UInt8 {
    var index = utf8.startIndex
    guard index != utf8.endIndex else { return false }
    let first = utf8[index]
    if first == UInt8(ascii: "0"), utf8.count > 2 {
      let second = utf8[utf8.index(after: index)]
      let rest = utf8.dropFirst(2)
      if second == UInt8(ascii: "o") { return rest.allSatisfy { (48...55).contains($0) } }
      if second == UInt8(ascii: "x") { return rest.allSatisfy(isHexDigit) }
    }
    if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      index = utf8.index(after: index)
      guard index != utf8.endIndex else { return false }
    }
    return utf8[index...].allSatisfy(isDigit)
  }

  static func isFloat<C: Collection>(_ utf8: C) -> Bool where C.Element == UInt8 {
    let text = String(decoding: utf8, as: UTF8.self)
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF",
      ".nan", ".NaN", ".NAN":
      return true
    default: break
    }
    // [-+]? ( \.[0-9]+ | [0-9]+ ( \.[0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    let bytes = Array(utf8)
    var i = 0
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
    var mantissaDigits = 0
    while i < bytes.count, isDigit(bytes[i]) {
      i += 1
      mantissaDigits += 1
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      var fraction = 0
      while i < bytes.count, isDigit(bytes[i]) {
        i += 1
        fraction += 1
      }
      // "." alone or "-." is not a number; "1." is.
      if mantissaDigits == 0 && fraction == 0 { return false }
    } else if mantissaDigits == 0 {
      return false
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
        i += 1
      }
      var exponent = 0
      while i < bytes.count, isDigit(bytes[i]) {
        i += 1
        exponent += 1
      }
      if exponent == 0 { return false }
    }
    return i == bytes.count
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (65...70).contains(byte) || (97...102).contains(byte)
  }
}
