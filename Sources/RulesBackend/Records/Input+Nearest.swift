@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage

extension Input {
  /// The value this input takes that is nearest to a stored `value` it cannot take as it is
  /// (docs/store.md, "Changing a served catalog"): a value of another kind read as this kind
  /// (`true` as 1 and `false` as 0 for an int or a number, a number other than 0 as `true` for a
  /// bool, a number rounded to the nearest int), then kept within `min` and `max`; a text that is
  /// none of an enum's members, and anything else without a nearest value (an enum's member for
  /// a number, a text for a bool), is the input's default. A variant of an experiment that widened
  /// an input, or a catalog that narrowed one, reads the days stored before by this.
  package func nearest(to value: JSONValue) -> Value {
    switch (kind, value) {
    case (.bool, .bool(let flag)): return .bool(flag)
    case (.bool, .int(let number)): return .bool(number != 0)
    case (.bool, .number(let number)) where number.isFinite: return .bool(number != 0)
    case (.int, .bool(let flag)): return within(.int(flag ? 1 : 0))
    case (.int, .int(let number)): return within(.int(number))
    case (.int, .number(let number)) where !number.isNaN: return within(.int(Self.rounded(number)))
    case (.number, .bool(let flag)): return within(.number(flag ? 1 : 0))
    case (.number, .int(let number)): return within(.number(Double(number)))
    case (.number, .number(let number)) where !number.isNaN:
      return within(.number(Swift.min(Swift.max(number, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)))
    case (.enumeration(let members), .string(let text)):
      guard let index = members.firstIndex(of: text) else { return defaultValue }
      return .member(index, EnumType(name: name, values: members))
    default: return defaultValue
    }
  }

  /// An int or a number kept within `min` and `max` (an int's bounds are ints).
  private func within(_ value: Value) -> Value {
    switch value {
    case .int(let number):
      if let min, Double(number) < min { return .int(Self.rounded(min)) }
      if let max, Double(number) > max { return .int(Self.rounded(max)) }
      return value
    case .number(let number):
      if let min, number < min { return .number(min) }
      if let max, number > max { return .number(max) }
      return value
    default: return value
    }
  }

  /// The int nearest to `number` (halves away from zero), saturated at Int's bounds.
  private static func rounded(_ number: Double) -> Int {
    let whole = number.rounded()
    if whole >= 9_223_372_036_854_775_807 { return Int.max }
    if whole <= -9_223_372_036_854_775_808 { return Int.min }
    return Int(whole)
  }
}
