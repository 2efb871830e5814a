@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension DayRecord {
  /// An input's value as an app writes it: a literal of the input's type (`true`, `3`, `2.5`,
  /// or `"done"` for a member of an enum input). An integer is also a number. Decodes from
  /// and encodes to the JSON literal of the same kind.
  public enum Value: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral
  {
    case bool(Bool)
    case int(Int)
    case number(Double)
    /// An enum member, by name.
    case string(String)

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// A number literal.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal: an enum member's name.
    public init(stringLiteral value: String) { self = .string(value) }

    /// The literal of an engine value (an enum member as its name).
    package init(_ value: RulesLanguage.Value) {
      switch value {
      case .bool(let flag): self = .bool(flag)
      case .int(let number): self = .int(number)
      case .number(let number): self = .number(number)
      case .string(let text): self = .string(text)
      case .member: self = .string(value.description)
      }
    }

    /// Reads a JSON boolean, integer, number or string.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      switch try? JSONValue.scalar(in: container) {
      case .bool(let flag)?: self = .bool(flag)
      case .int(let number)?: self = .int(number)
      case .number(let number)?: self = .number(number)
      case .string(let text)?: self = .string(text)
      default:
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "an input's value is true, false, a number or a string")
      }
    }

    /// Writes the JSON literal.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .bool(let flag): try container.encode(flag)
      case .int(let number): try container.encode(number)
      case .number(let number): try container.encode(number)
      case .string(let text): try container.encode(text)
      }
    }

    /// The value as it is written: `true`, `3`, `2.5`, `done`.
    public var description: String {
      switch self {
      case .bool(let flag): "\(flag)"
      case .int(let number): "\(number)"
      case .number(let number): NumberFormat.short(number)
      case .string(let text): text
      }
    }

    /// What the value is, for messages: "a boolean (true)", "a string ('x')".
    package var kindDescription: String {
      switch self {
      case .bool(let flag): "a boolean (\(flag))"
      case .int(let number): "an integer (\(number))"
      case .number(let number): "a number (\(NumberFormat.short(number)))"
      case .string(let text): "a string ('\(text)')"
      }
    }
  }
}
