/// A value at run time (for the interpreter, templates and explanations; the compiled
/// evaluator keeps values in typed slots instead).
public enum Value: Sendable, Equatable, CustomStringConvertible {
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  /// An enum input's value, by its position in `values`.
  case member(Int, EnumType)

  /// The value as people read it: `true`, `3`, `2.5`, an enum member's name.
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
  /// A number as short as it reads exactly to 3 decimals: `3`, `2.5`, `nan`, `inf`.
  public static func short(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.contains("e") { return text }
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
