/// The type of an expression's value.
@_spi(Tooling) public enum ValueType: Sendable, Equatable, CustomStringConvertible {
  case bool
  case int
  case number
  case string
  /// The values of an enum input (`fajr`: pending, done, missed, qada).
  case enumeration(EnumType)
  /// The type of an expression that already has an error: it matches anything, so one
  /// mistake is reported once.
  case invalid

  /// Whether the type is a number (int, number, or invalid, which matches anything).
  package var isNumeric: Bool { self == .int || self == .number || self == .invalid }

  /// For messages: "an integer", "a boolean", "fajr, an enum"...
  @_spi(Tooling) public var description: String {
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
  package var name: String {
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
