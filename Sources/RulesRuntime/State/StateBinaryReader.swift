@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Reads what `StateBinaryWriter` wrote, refusing anything short or malformed with
/// `StateBinaryReader.Malformed` (never a trap): every count is bounded by the bytes left.
struct StateBinaryReader {
  /// Bytes that are not a well-formed binary state (the decoder says which part).
  struct Malformed: Error {}

  let bytes: [UInt8]
  var position: Int
  let end: Int

  init(_ bytes: [UInt8], from position: Int = 0, to end: Int? = nil) {
    self.bytes = bytes
    self.position = position
    self.end = end ?? bytes.count
  }

  var isAtEnd: Bool { position >= end }
  var remaining: Int { end - position }

  mutating func byte() throws(Malformed) -> UInt8 {
    guard position < end else { throw Malformed() }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func unsigned() throws(Malformed) -> UInt64 {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = try byte()
      guard shift < 64, shift < 63 || byte <= 1 else { throw Malformed() }
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return value }
      shift += 7
    }
  }

  /// A count of things each taking at least `size` bytes: never more than the bytes left.
  mutating func count(each size: Int = 1) throws(Malformed) -> Int {
    let value = try unsigned()
    guard value <= UInt64(remaining / max(1, size)) else { throw Malformed() }
    return Int(value)
  }

  /// A number that is not negative (and far from overflowing when added to).
  mutating func natural() throws(Malformed) -> Int {
    let value = try unsigned()
    guard value <= UInt64(Int.max / 4) else { throw Malformed() }
    return Int(value)
  }

  mutating func signed() throws(Malformed) -> Int {
    let raw = try unsigned()
    let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
    return Int(value)
  }

  /// A day number, within ±1,000,000 days of 1970 (arithmetic on it cannot overflow).
  mutating func day() throws(Malformed) -> Int {
    let value = try signed()
    guard (-1_000_000...1_000_000).contains(value) else { throw Malformed() }
    return value
  }

  mutating func fixed64() throws(Malformed) -> UInt64 {
    guard remaining >= 8 else { throw Malformed() }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[position + index]) << UInt64(8 * index) }
    position += 8
    return value
  }

  mutating func double() throws(Malformed) -> Double { Double(bitPattern: try fixed64()) }

  mutating func string() throws(Malformed) -> String {
    let length = try count()
    let slice = bytes[position..<(position + length)]
    position += length
    // Decoding repairs invalid UTF-8; a text that does not give its bytes back was not UTF-8.
    let text = String(decoding: slice, as: UTF8.self)
    guard text.utf8.elementsEqual(slice) else { throw Malformed() }
    return text
  }

  /// The next section's tag and a reader of its payload (this reader moves past it).
  mutating func section() throws(Malformed) -> (tag: UInt64, payload: StateBinaryReader) {
    let tag = try unsigned()
    let length = try count()
    let payload = StateBinaryReader(bytes, from: position, to: position + length)
    position += length
    return (tag, payload)
  }
}
