import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One day's record: a value for every input of the catalog (defaults filled in), encoded
/// for the evaluator: bools as 0 or 1, ints as themselves, enum values by position, numbers
/// by their bit pattern.
@_spi(Tooling) public struct EncodedRecord: Sendable, Equatable {
  /// The day the record is for.
  @_spi(Tooling) public var date: CalendarDay
  /// One encoded value per input of the catalog, in catalog order.
  @_spi(Tooling) public var values: [Int]
  /// The line of the record in the history file (0 when it was not read from a file).
  package var line: Int
  /// The inputs its source named with a value (a history file's day, a `DayRecord`'s values, a
  /// PUT's body, an import line; `null` names none), as positions in ascending order; nil when
  /// it is not known (a record kept before this was, or by a reader of a catalog that does not
  /// ask): every input then counts as named. Only a streak's `today: {final_once_reported:
  /// [...]}` reads it, on the evaluated day.
  package var reported: [Int]?

  /// A record of encoded values.
  @_spi(Tooling) public init(date: CalendarDay, values: [Int], line: Int = 0) {
    self.date = date
    self.values = values
    self.line = line
  }

  /// A record of encoded values whose source named the inputs at `reported`.
  package init(date: CalendarDay, values: [Int], reported: [Int]?, line: Int = 0) {
    self.date = date
    self.values = values
    self.line = line
    self.reported = reported
  }

  /// Whether the record names every input at `positions` (a record whose named inputs are not
  /// known names them all).
  package func names(_ positions: [Int]) -> Bool {
    guard let reported else { return true }
    return positions.allSatisfy { reported.contains($0) }
  }

  /// A digest of the values, to notice a record that changed after it was counted.
  package var digest: String {
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  /// FNV-1a over the values' bytes (`digest` writes it as 16 lowercase hex digits).
  var hash: UInt64 {
    var hash = FNV1a()
    for value in values { hash.combine(littleEndian: UInt64(bitPattern: Int64(value))) }
    return hash.value
  }
}

extension Input {
  /// A value encoded the way `EncodedRecord` stores it.
  @_spi(Tooling) public func encode(_ value: Value) -> Int {
    switch value {
    case .bool(let flag): flag ? 1 : 0
    case .int(let number): number
    case .number(let number): Int(bitPattern: UInt(number.bitPattern))
    case .member(let index, _): index
    case .string: 0
    }
  }

  /// The value a `EncodedRecord` stores for this input.
  @_spi(Tooling) public func decode(_ raw: Int) -> Value {
    switch kind {
    case .bool: .bool(raw != 0)
    case .int: .int(raw)
    case .number: .number(Double(bitPattern: UInt64(UInt(bitPattern: raw))))
    case .enumeration(let values): .member(raw, EnumType(name: name, values: values))
    }
  }
}
