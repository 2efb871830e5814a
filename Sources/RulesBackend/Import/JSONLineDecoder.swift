import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Reads an import line straight into the record the store writes (the user, the date, the
/// record's compact JSON and its encoded form), without a JSON tree, a dictionary of fields or a
/// checked record on the way, as `StoredRecordDecoder` reads stored days: an import reads
/// millions of lines (issue 41).
///
/// It takes only a line it reads with certainty the way the validating path does (`Importer`'s
/// JSON tree and `RecordSchema.record`): one JSON object of ASCII text holding `user`, `date`
/// and inputs of the catalog, each once; strings without escapes; values of their inputs' kinds
/// within their bounds (`StoredRecordDecoder.encode`), numbers as JSON writes them; a user id
/// and a date the store takes. Anything else (a problem, the user's details such as `start`, an
/// escape, a value the validating path would convert) gives nil, and the line is read the
/// validating way, which reports its problems with their usual messages. Whether the record's
/// date is too late or its (user, date) was read already is the importer's to judge, as for
/// every line.
struct JSONLineDecoder: Sendable {
  let decoder: StoredRecordDecoder
  let encoding: RecordEncoding
  /// Each input's `"name":` as the record's JSON writes it.
  let keys: [[UInt8]]
  /// The JSON string of each member of each enum input (nil for other kinds).
  let members: [[[UInt8]]?]
  /// The inputs named as a user's details are (`start`, `timezone`...): a line names the detail.
  let details: [Bool]

  /// Per line: each input's encoded value (the default where none is given) and whether the
  /// line names it (0: no, 1: null, 2: a value).
  private var values: [Int]
  private var named: [UInt8]
  /// The record's JSON being written.
  private var text: [UInt8] = []
  /// The user of the line before, to make one `String` for a run of a user's lines.
  private var lastUser: String = ""

  init(catalog: StoreCatalog) {
    decoder = catalog.decoder
    encoding = catalog.encoding
    keys = catalog.schema.inputs.map { Array(JSONValue.string($0.name).serialized(indent: nil).utf8) + [0x3A] }
    members = catalog.schema.inputs.map { input in
      guard case .enumeration(let names) = input.kind else { return nil }
      return names.map { Array(JSONValue.string($0).serialized(indent: nil).utf8) }
    }
    details = catalog.schema.inputs.map {
      ["start", "timezone", "timezone_changes", "calendar", "day_starts_at", "pauses"].contains($0.name)
    }
    values = decoder.defaults
    named = Array(repeating: 0, count: decoder.defaults.count)
    text.reserveCapacity(256)
  }

  private static let quote: UInt8 = 0x22

  /// The record of one line (its bytes without the line end), or nil: read it the validating way.
  mutating func record(_ line: UnsafeBufferPointer<UInt8>) -> ImportRecord? {
    let end = line.count
    guard end <= Importer.maxLine else { return nil }
    for byte in line where byte >= 0x80 { return nil }
    var index = 0
    func skipSpace() {
      while index < end, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
    }
    /// A string without escapes or control characters whose opening quote is at `index`:
    /// its bytes between the quotes (`index` ends past the closing one), or nil.
    func plainString() -> Range<Int>? {
      guard index < end, line[index] == Self.quote else { return nil }
      let start = index + 1
      var stop = start
      while stop < end, line[stop] != Self.quote {
        if line[stop] == 0x5C || line[stop] < 0x20 { return nil }
        stop += 1
      }
      guard stop < end else { return nil }
      index = stop + 1
      return start..<stop
    }
    skipSpace()
    guard index < end, line[index] == 0x7B else { return nil }  // {
    index += 1
    for slot in values.indices {
      values[slot] = decoder.defaults[slot]
      named[slot] = 0
    }
    var user: Range<Int>?
    var date: Range<Int>?
    while true {
      skipSpace()
      guard let key = plainString() else { return nil }
      skipSpace()
      guard index < end, line[index] == 0x3A else { return nil }  // :
      index += 1
      skipSpace()
      let name = UnsafeBufferPointer(rebasing: line[key])
      if name.count == 4, name.elementsEqual("user".utf8) {
        guard user == nil, let value = plainString() else { return nil }
        user = value
      } else if name.count == 4, name.elementsEqual("date".utf8) {
        guard date == nil, let value = plainString() else { return nil }
        date = value
      } else {
        guard let slot = decoder.position(of: name), !details[slot], named[slot] == 0, index < end else { return nil }
        let start = index
        if line[index] == Self.quote {
          guard plainString() != nil else { return nil }
        } else {
          while index < end, line[index] != 0x2C, line[index] != 0x7D, line[index] != 0x20, line[index] != 0x09 {
            index += 1
          }
        }
        let value = UnsafeBufferPointer(rebasing: line[start..<index])
        if value.elementsEqual("null".utf8) {
          named[slot] = 1
        } else {
          if case .number = decoder.inputs[slot].kind, !Self.isNumber(value) { return nil }
          guard let encoded = decoder.encode(value, for: slot) else { return nil }
          values[slot] = encoded
          named[slot] = 2
        }
      }
      skipSpace()
      guard index < end else { return nil }
      if line[index] == 0x2C {  // ,
        index += 1
        continue
      }
      guard line[index] == 0x7D else { return nil }  // }
      index += 1
      break
    }
    skipSpace()
    guard index == end, let user, let date, (1...UserID.maxBytes).contains(user.count),
      !line[user].contains(0x7F), date.count == 10,
      let day = CalendarDay.parsed(String(decoding: UnsafeBufferPointer(rebasing: line[date]), as: UTF8.self))
    else { return nil }
    let userBytes = UnsafeBufferPointer(rebasing: line[user])
    let same =
      lastUser.utf8.count == userBytes.count
      && lastUser.withUTF8 { memcmp($0.baseAddress!, userBytes.baseAddress!, userBytes.count) == 0 }
    if !same { lastUser = String(decoding: userBytes, as: UTF8.self) }
    let record = recordText()
    let reported = encoding.tracksReported ? named.indices.filter { named[$0] == 2 } : nil
    return ImportRecord(
      user: lastUser, date: day, record: record, encoded: encoding.encode(values, reported: reported))
  }

  /// The record's compact JSON as `RecordSchema.record` writes it: the inputs given, in the
  /// catalog's order.
  private mutating func recordText() -> String {
    text.removeAll(keepingCapacity: true)
    text.append(0x7B)
    for slot in values.indices where named[slot] == 2 {
      if text.count > 1 { text.append(0x2C) }
      text += keys[slot]
      let value = values[slot]
      switch decoder.inputs[slot].kind {
      case .bool: text += (value == 1 ? "true" : "false").utf8
      case .int: text += String(value).utf8
      case .enumeration: text += members[slot]![value]
      case .number:
        text += JSONValue.number(Double(bitPattern: UInt64(UInt(bitPattern: value)))).serialized(indent: nil).utf8
      }
    }
    text.append(0x7D)
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether `text` is a number as JSON writes one (`JSONLexer.number`'s grammar): an optional
  /// minus, digits without a leading zero, an optional fraction and exponent.
  static func isNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let end = text.count
    func digits() -> Bool {
      let start = index
      while index < end, text[index] >= 0x30, text[index] <= 0x39 { index += 1 }
      return index > start
    }
    if index < end, text[index] == 0x2D { index += 1 }
    if index + 1 < end, text[index] == 0x30, text[index + 1] >= 0x30, text[index + 1] <= 0x39 { return false }
    guard digits() else { return false }
    if index < end, text[index] == 0x2E {
      index += 1
      guard digits() else { return false }
    }
    if index < end, text[index] == 0x65 || text[index] == 0x45 {
      index += 1
      if index < end, text[index] == 0x2B || text[index] == 0x2D { index += 1 }
      guard digits() else { return false }
    }
    return index == end
  }
}
