@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Reads a stored record (the compact JSON the store writes: `{"name":value,...}`, no spaces,
/// no escapes) straight into the engine's encoded form, without a JSON tree, a dictionary or
/// the checks of `DayRecord(date:values:for:)` in their slow form: a batch reads millions.
///
/// It takes only what it can read with certainty the way the validating path would: a record with
/// anything else (an input the catalog no longer has, a value of another kind, an enum value
/// not in the list, a value out of min/max, a key twice, an escape, a space) gives nil, and the
/// caller reads it the validating way, which reports the problem with its usual message.
struct StoredRecordDecoder: Sendable {
  let inputs: [Input]
  /// The inputs' names as UTF-8.
  let names: [[UInt8]]
  /// Each input's default, encoded (a record starts from them).
  let defaults: [Int]
  /// The values of each enum input as UTF-8 (nil for other kinds).
  let members: [[[UInt8]]?]

  init(inputs: [Input]) {
    self.inputs = inputs
    names = inputs.map { Array($0.name.utf8) }
    defaults = inputs.map { $0.encode($0.defaultValue) }
    members = inputs.map { input in
      if case .enumeration(let values) = input.kind { return values.map { Array($0.utf8) } }
      return nil
    }
  }

  /// The record of `date` encoded, or nil when it must be read the validating way.
  func decode(_ record: String, date: CalendarDay) -> EncodedRecord? {
    var record = record
    let values = record.withUTF8 { bytes in decode(bytes) }
    return values.map { EncodedRecord(date: date, values: $0) }
  }

  /// The values of a record's bytes, or nil.
  func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
    var named: [Int]?
    return decode(bytes, named: &named)
  }

  /// The values of a record's bytes, or nil; `named`, when not nil, gets the inputs the record
  /// names with a value (positions, ascending).
  func decode(_ bytes: UnsafeBufferPointer<UInt8>, named: inout [Int]?) -> [Int]? {
    let quote: UInt8 = 0x22
    var values = defaults
    var seen = [Bool](repeating: false, count: inputs.count)
    var index = 0
    let end = bytes.count
    guard end >= 2, bytes[0] == 0x7B else { return nil }  // {
    index = 1
    if bytes[index] == 0x7D { return index + 1 == end ? values : nil }  // {}
    defer { named?.sort() }
    while true {
      // "key":
      guard index < end, bytes[index] == quote else { return nil }
      let keyStart = index + 1
      var keyEnd = keyStart
      while keyEnd < end, bytes[keyEnd] != quote {
        if bytes[keyEnd] == 0x5C { return nil }  // an escape
        keyEnd += 1
      }
      guard keyEnd + 1 < end, bytes[keyEnd + 1] == 0x3A else { return nil }  // :
      guard let slot = position(of: UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd])), !seen[slot] else {
        return nil
      }
      seen[slot] = true
      index = keyEnd + 2
      // The value, up to the next , or }.
      let valueStart = index
      if index < end, bytes[index] == quote {
        index += 1
        while index < end, bytes[index] != quote {
          if bytes[index] == 0x5C { return nil }
          index += 1
        }
        guard index < end else { return nil }
        index += 1
      } else {
        while index < end, bytes[index] != 0x2C, bytes[index] != 0x7D { index += 1 }
      }
      guard index < end else { return nil }
      let value = UnsafeBufferPointer(rebasing: bytes[valueStart..<index])
      if !(value.count == 4 && value[0] == 0x6E) {  // null: the default
        guard let encoded = encode(value, for: slot) else { return nil }
        values[slot] = encoded
        named?.append(slot)
      }
      if bytes[index] == 0x7D { return index + 1 == end ? values : nil }
      guard bytes[index] == 0x2C else { return nil }
      index += 1
    }
  }

  /// The input whose name is `key`.
  func position(of key: UnsafeBufferPointer<UInt8>) -> Int? {
    for (slot, name) in names.enumerated() where name.count == key.count {
      if name.withUnsafeBufferPointer({ $0.elementsEqual(key) }) { return slot }
    }
    return nil
  }

  /// A value's text encoded for input `slot`, or nil when the validating way must judge it.
  func encode(_ text: UnsafeBufferPointer<UInt8>, for slot: Int) -> Int? {
    let input = inputs[slot]
    switch input.kind {
    case .bool:
      if text.elementsEqual("true".utf8) { return 1 }
      if text.elementsEqual("false".utf8) { return 0 }
      return nil
    case .enumeration:
      guard text.count >= 2, text[0] == 0x22 else { return nil }
      let inner = UnsafeBufferPointer(rebasing: text[1..<text.count - 1])
      return members[slot]!.firstIndex { $0.withUnsafeBufferPointer { $0.elementsEqual(inner) } }
    case .int:
      guard let number = Self.integer(text), inRange(Double(number), input) else { return nil }
      return number
    case .number:
      let number: Double
      if let int = Self.integer(text) {
        number = Double(int)
      } else {
        guard
          text.allSatisfy({
            ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D || $0 == 0x65 || $0 == 0x45 || $0 == 0x2B
          }),
          let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite
        else { return nil }
        number = double
      }
      guard inRange(number, input) else { return nil }
      return Int(bitPattern: UInt(number.bitPattern))
    }
  }

  func inRange(_ number: Double, _ input: Input) -> Bool {
    if let min = input.min, number < min { return false }
    if let max = input.max, number > max { return false }
    return true
  }

  /// An integer written as JSON writes one (an optional minus, digits, no leading zero), or
  /// nil (also on overflow).
  static func integer(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    var negative = false
    if index < text.count, text[index] == 0x2D {
      negative = true
      index += 1
    }
    guard index < text.count, text.count - index <= 18 else { return nil }
    if text[index] == 0x30, text.count - index > 1 { return nil }
    var value = 0
    while index < text.count {
      let byte = text[index]
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      value = value * 10 + Int(byte - 0x30)
      index += 1
    }
    return negative ? -value : value
  }
}
