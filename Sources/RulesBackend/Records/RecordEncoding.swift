import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesLanguage
import RulesStore

/// A stored day's record in the engine's encoded form (`days.encoded`), beside its JSON text,
/// so an evaluation reads it without reading JSON: a fingerprint of the catalog's inputs (8
/// bytes), then one zigzag varint per input, in catalog order (`EncodedRecord.values`). A
/// record encoded for other inputs (a catalog that changed an input, a member, a bound) does
/// not match the fingerprint and is read from its JSON, the validating way.
///
/// For a catalog whose streaks read which inputs a record names (`today: {final_once_reported:
/// [...]}`, `tracksReported`), the values are followed by those inputs as a bitmap (input i is
/// bit i % 8 of byte i / 8), and the fingerprint says so: a record encoded without it does not
/// match, and is read from its JSON, which names the inputs given.
struct RecordEncoding: Sendable {
  let inputs: [Input]
  /// FNV-1a (64 bits) of every input's name, kind, members and bounds (and of the bitmap's
  /// presence, for a catalog that tracks the inputs named).
  let fingerprint: UInt64
  /// Whether records carry the inputs they name.
  let tracksReported: Bool

  init(inputs: [Input], tracksReported: Bool = false) {
    self.inputs = inputs
    self.tracksReported = tracksReported
    var hash = FNV1a()
    func mix(_ text: String) {
      hash.combine(text.utf8)
      hash.combine(0)
    }
    for input in inputs {
      mix(input.name)
      switch input.kind {
      case .bool: mix("bool")
      case .int: mix("int")
      case .number: mix("number")
      case .enumeration(let members):
        mix("enum")
        members.forEach(mix)
      }
      mix(input.min.map { "\($0.bitPattern)" } ?? "-")
      mix(input.max.map { "\($0.bitPattern)" } ?? "-")
    }
    if tracksReported { mix("reported") }
    fingerprint = hash.value
  }

  /// The first 8 bytes of every record encoded for these inputs.
  var prefix: Data {
    Data(stride(from: 0, to: 64, by: 8).map { UInt8(truncatingIfNeeded: fingerprint >> UInt64($0)) })
  }

  /// The record's bytes; `reported`: the inputs it names (nil: all), kept when the catalog
  /// tracks them.
  func encode(_ values: [Int], reported: [Int]? = nil) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(8 + values.count * 2)
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: fingerprint >> UInt64(shift)))
    }
    for value in values {
      let wide = Int64(value)
      var zigzag = UInt64(bitPattern: (wide << 1) ^ (wide >> 63))
      while zigzag >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
        zigzag >>= 7
      }
      bytes.append(UInt8(zigzag))
    }
    if tracksReported {
      var bitmap = [UInt8](repeating: 0, count: (values.count + 7) / 8)
      for position in reported ?? Array(values.indices) where position < values.count {
        bitmap[position / 8] |= 1 << UInt8(position % 8)
      }
      bytes += bitmap
    }
    return Data(bytes)
  }

  /// The values, or nil when the bytes were encoded for other inputs or are malformed (a
  /// value a validated record could not hold included).
  func decode(_ data: Data) -> [Int]? {
    decodeRecord(data)?.values
  }

  /// The values and the inputs named (nil unless the catalog tracks them), or nil as `decode`.
  func decodeRecord(_ data: Data) -> (values: [Int], reported: [Int]?)? {
    data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (values: [Int], reported: [Int]?)? in
      guard raw.count >= 8 else { return nil }
      var stored: UInt64 = 0
      for index in 0..<8 { stored |= UInt64(raw[index]) << UInt64(8 * index) }
      guard stored == fingerprint else { return nil }
      var position = 8
      var values: [Int] = []
      values.reserveCapacity(inputs.count)
      for input in inputs {
        var zigzag: UInt64 = 0
        var shift: UInt64 = 0
        while true {
          guard position < raw.count, shift < 64 else { return nil }
          let byte = raw[position]
          position += 1
          zigzag |= UInt64(byte & 0x7F) << shift
          if byte < 0x80 { break }
          shift += 7
        }
        let value = Int(Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
        switch input.kind {
        case .bool: guard value == 0 || value == 1 else { return nil }
        case .int: break
        case .number:
          guard Double(bitPattern: UInt64(UInt(bitPattern: value))).isFinite else { return nil }
        case .enumeration(let members): guard members.indices.contains(value) else { return nil }
        }
        values.append(value)
      }
      guard tracksReported else { return position == raw.count ? (values, nil) : nil }
      let size = (inputs.count + 7) / 8
      guard raw.count - position == size else { return nil }
      var named: [Int] = []
      for index in inputs.indices where raw[position + index / 8] & (1 << UInt8(index % 8)) != 0 {
        named.append(index)
      }
      return (values, named)
    }
  }
}
