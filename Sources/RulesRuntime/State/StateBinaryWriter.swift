@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Bytes of the binary state (`UserState.binary()`): LEB128 varints, zigzag for signed
/// numbers, doubles as their 8 bit-pattern bytes (little-endian), strings as a length and
/// UTF-8, and sections framed as (tag, length, payload) so a reader can skip a tag it does
/// not know.
struct StateBinaryWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

  mutating func unsigned(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  mutating func count(_ value: Int) { unsigned(UInt64(value)) }

  mutating func signed(_ value: Int) {
    let wide = Int64(value)
    unsigned(UInt64(bitPattern: (wide << 1) ^ (wide >> 63)))
  }

  mutating func double(_ value: Double) { fixed64(value.bitPattern) }

  mutating func fixed64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
  }

  mutating func string(_ value: String) {
    let utf8 = value.utf8
    count(utf8.count)
    bytes.append(contentsOf: utf8)
  }

  /// A section: its tag, the length of what `write` writes, and that.
  mutating func section(_ tag: UInt64, _ write: (inout StateBinaryWriter) -> Void) {
    var payload = StateBinaryWriter(capacity: 64)
    write(&payload)
    unsigned(tag)
    count(payload.bytes.count)
    bytes.append(contentsOf: payload.bytes)
  }

  /// FNV-1a (32 bits) of `bytes`: the binary state's last four bytes, so a truncated or
  /// corrupted state is refused rather than read as another one.
  static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
    var hash: UInt32 = 0x811c_9dc5
    for byte in bytes {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    return hash
  }
}
