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
  package var literal: String {
    switch self {
    case .string(let value): "\"\(value)\""
    case .member: "\"\(description)\""
    default: description
    }
  }

  package var asDouble: Double {
    switch self {
    case .int(let value): Double(value)
    case .number(let value): value
    case .bool(let value): value ? 1 : 0
    default: 0
    }
  }
}
