import Foundation

/// A user's history: the days the app recorded, and the journey's start.
public struct History: Sendable {
  public var user: String?
  /// The journey's start (a commitment, the last contact...): Day 0 of elapsed streaks.
  public var start: CalendarDay?
  /// The zone that decides "today" when no date is given.
  public var timeZone: TimeZone?
  /// The records, in date order, one per date.
  public var records: [EncodedRecord]
  public var file: String

  public init(
    user: String? = nil, start: CalendarDay? = nil, timeZone: TimeZone? = nil,
    records: [EncodedRecord] = [], file: String = "history"
  ) {
    self.user = user
    self.start = start
    self.timeZone = timeZone
    self.records = records
    self.file = file
  }

  /// The record of `day`, if there is one (records are sorted, so this is a binary search).
  public func record(on day: CalendarDay) -> EncodedRecord? {
    var low = 0
    var high = records.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let found = records[middle].date
      if found == day { return records[middle] }
      if found < day { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}

/// One day's record: a value for every input of the catalog (defaults filled in), encoded
/// for the evaluator: bools as 0 or 1, ints as themselves, enum values by position, numbers
/// by their bit pattern.
public struct EncodedRecord: Sendable, Equatable {
  public var date: CalendarDay
  public var values: [Int]
  /// The line of the record in the history file (0 when it was not read from a file).
  public var line: Int

  public init(date: CalendarDay, values: [Int], line: Int = 0) {
    self.date = date
    self.values = values
    self.line = line
  }

  /// A digest of the values, to notice a record that changed after it was counted.
  public var digest: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for value in values {
      var bits = UInt64(bitPattern: Int64(value))
      for _ in 0..<8 {
        hash ^= bits & 0xFF
        hash = hash &* 0x100_0000_01b3
        bits >>= 8
      }
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}

extension Input {
  /// A value encoded the way `EncodedRecord` stores it.
  public func encode(_ value: Value) -> Int {
    switch value {
    case .bool(let flag): flag ? 1 : 0
    case .int(let number): number
    case .number(let number): Int(bitPattern: UInt(number.bitPattern))
    case .member(let index, _): index
    case .string: 0
    }
  }

  /// The value a `EncodedRecord` stores for this input.
  public func decode(_ raw: Int) -> Value {
    switch kind {
    case .bool: .bool(raw != 0)
    case .int: .int(raw)
    case .number: .number(Double(bitPattern: UInt64(UInt(bitPattern: raw))))
    case .enumeration(let values): .member(raw, EnumType(name: name, values: values))
    }
  }
}
