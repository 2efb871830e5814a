@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) import RulesRuntime

extension DayRecord {
  /// Checks `values` against `engine`'s inputs and makes the record. Throws an `EngineError`
  /// (`unknown-input` or `bad-value`) for an input the catalog does not have, a value of the
  /// wrong type, an enum value not in the input's list, a value out of its min/max, and a
  /// number that is not finite; the first problem in input order is the one reported.
  public init(date: CalendarDay, values: [String: Value], for engine: Engine) throws(EngineError) {
    let inputs = engine.program.catalog.inputs
    let names = engine.inputNames
    for name in values.keys.sorted() where !names.contains(name) {
      throw EngineError(.unknownInput, Input.unknownMessage(name, in: names))
    }
    var encoded = engine.inputDefaults
    // The inputs named, for a catalog whose streaks ask (`final_once_reported`).
    var named: [Int]? = engine.program.tracksReported ? [] : nil
    for (index, input) in inputs.enumerated() {
      guard let literal = values[input.name] else { continue }
      let value = try input.value(of: literal, found: literal.kindDescription)
      encoded[index] = input.encode(value)
      named?.append(index)
    }
    self.init(encoded: EncodedRecord(date: date, values: encoded, reported: named), inputNames: names)
  }

  /// A record already encoded for `engine`'s catalog (read from a history file by the tooling).
  @_spi(Tooling) public init(_ record: EncodedRecord, for engine: Engine) throws(EngineError) {
    guard record.values.count == engine.inputNames.count else {
      throw EngineError(
        .wrongCatalog,
        "the record of \(record.date) has \(record.values.count) values; the catalog '\(engine.catalogID)' has \(engine.inputNames.count) inputs"
      )
    }
    self.init(encoded: record, inputNames: engine.inputNames)
  }

  /// Every input's value on this day, defaults included, by input name (an enum member as its
  /// name).
  public func values(for engine: Engine) -> [String: Value] {
    var result: [String: Value] = [:]
    for (index, input) in engine.program.catalog.inputs.enumerated() where index < encoded.values.count {
      result[input.name] = Value(input.decode(encoded.values[index]))
    }
    return result
  }
}
