@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

extension Input {
  /// The value `literal` gives this input: of the input's kind (an integer is also a number),
  /// a member of its list, finite, within its min and max. `found` says what the literal is in
  /// the message for a literal of the wrong kind. History files and `DayRecord` share it.
  package func value(of literal: DayRecord.Value?, found: @autoclosure () -> String) throws(EngineError) -> Value {
    var value: Value?
    switch (kind, literal) {
    case (.bool, .bool(let flag)?): value = .bool(flag)
    case (.int, .int(let number)?): value = .int(number)
    case (.number, .int(let number)?): value = .number(Double(number))
    case (.number, .number(let number)?) where number.isFinite: value = .number(number)
    case (.enumeration(let values), .string(let text)?):
      guard let index = values.firstIndex(of: text) else {
        throw EngineError(
          .badValue,
          "'\(text)' is not a value of \(name) (\(values.joined(separator: ", ")))"
            + Suggestion.hint(for: text, in: values))
      }
      value = .member(index, EnumType(name: name, values: values))
    default:
      break
    }
    guard let value else {
      let expected: String =
        switch kind {
        case .bool: "true or false"
        case .int: "an integer"
        case .number: "a finite number"
        case .enumeration(let values): "one of " + values.joined(separator: ", ")
        }
      throw EngineError(.badValue, "\(name) must be \(expected); found \(found())")
    }
    if let min, value.asDouble < min {
      throw EngineError(.badValue, "\(name) must be at least \(NumberFormat.short(min)); found \(value)")
    }
    if let max, value.asDouble > max {
      throw EngineError(.badValue, "\(name) must be at most \(NumberFormat.short(max)); found \(value)")
    }
    return value
  }

  /// `unknown input 'x'; did you mean 'y'?`, for a name none of `names` is.
  package static func unknownMessage(_ name: String, in names: [String]) -> String {
    "unknown input '\(name)'" + Suggestion.hint(for: name, in: names)
      + (names.isEmpty ? "; the catalog has no inputs" : "")
  }
}
