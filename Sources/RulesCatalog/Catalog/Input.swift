@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A per-day stat the app reports, with its type and default.
@_spi(Tooling) public struct Input: Sendable {
  /// An input's type.
  @_spi(Tooling) public enum Kind: Sendable, Equatable {
    case bool, int, number
    case enumeration([String])
  }

  /// The input's name, as records and expressions write it.
  @_spi(Tooling) public var name: String
  /// Where the input is defined.
  package var origin: Origin
  /// The input's type.
  @_spi(Tooling) public var kind: Kind
  /// The value of a day that does not mention the input.
  @_spi(Tooling) public var defaultValue: Value
  /// Bounds a history's values must keep (ints and numbers only).
  @_spi(Tooling) public var min: Double?
  /// The largest value a record may give.
  @_spi(Tooling) public var max: Double?
  /// What the input means, for people.
  package var description: String?

  /// An input.
  package init(
    name: String, origin: Origin, kind: Kind, defaultValue: Value, min: Double? = nil,
    max: Double? = nil, description: String? = nil
  ) {
    self.name = name
    self.origin = origin
    self.kind = kind
    self.defaultValue = defaultValue
    self.min = min
    self.max = max
    self.description = description
  }

  /// The input's type in expressions.
  package var type: ValueType {
    switch kind {
    case .bool: .bool
    case .int: .int
    case .number: .number
    case .enumeration(let values): .enumeration(EnumType(name: name, values: values))
    }
  }

  /// The default of a kind when the catalog gives none.
  package static func implicitDefault(of kind: Kind, name: String) -> Value {
    switch kind {
    case .bool: .bool(false)
    case .int: .int(0)
    case .number: .number(0)
    case .enumeration(let values): .member(0, EnumType(name: name, values: values))
    }
  }
}
