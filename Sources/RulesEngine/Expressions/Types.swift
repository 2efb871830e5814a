/// The type of an expression's value.
public enum ValueType: Sendable, Equatable, CustomStringConvertible {
  case bool
  case int
  case number
  case string
  /// The values of an enum input (`fajr`: pending, done, missed, qada).
  case enumeration(EnumType)
  /// The type of an expression that already has an error: it matches anything, so one
  /// mistake is reported once.
  case invalid

  public var isNumeric: Bool { self == .int || self == .number || self == .invalid }

  /// For messages: "an integer", "a boolean", "fajr, an enum"...
  public var description: String {
    switch self {
    case .bool: "a boolean"
    case .int: "an integer"
    case .number: "a number"
    case .string: "a string"
    case .enumeration(let type): "\(type.name) (an enum)"
    case .invalid: "an invalid value"
    }
  }

  /// The short name used in docs and exports: bool, int, number, string, enum.
  public var name: String {
    switch self {
    case .bool: "bool"
    case .int: "int"
    case .number: "number"
    case .string: "string"
    case .enumeration: "enum"
    case .invalid: "invalid"
    }
  }
}

/// An enum input's type: its name and values in order.
public struct EnumType: Sendable, Equatable {
  public var name: String
  public var values: [String]

  public init(name: String, values: [String]) {
    self.name = name
    self.values = values
  }
}

/// A value at run time (for the interpreter, templates and explanations; the compiled
/// evaluator keeps values in typed slots instead).
public enum Value: Sendable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  /// An enum input's value, by its position in `values`.
  case member(Int, EnumType)

  public var description: String {
    switch self {
    case .bool(let value): "\(value)"
    case .int(let value): "\(value)"
    case .number(let value): NumberFormat.short(value)
    case .string(let value): value
    case .member(let index, let type):
      type.values.indices.contains(index) ? type.values[index] : "?"
    }
  }

  /// How the value is shown in an explanation: strings and enum values quoted.
  public var literal: String {
    switch self {
    case .string(let value): "\"\(value)\""
    case .member: "\"\(description)\""
    default: description
    }
  }

  var asDouble: Double {
    switch self {
    case .int(let value): Double(value)
    case .number(let value): value
    case .bool(let value): value ? 1 : 0
    default: 0
    }
  }
}

/// Numbers for people: no trailing ".0", at most 3 decimals.
public enum NumberFormat {
  public static func short(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    // Past 1e15 there are no decimals to round (and `value * 1000` could overflow).
    if abs(value) >= 1e15 { return String(value) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
