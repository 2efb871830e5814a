/// FNV-1a, 64 bits: the one stable hash of the project, the same on every machine, run and
/// store (Swift's `Hasher` is seeded per process). What it hashes: a record's encoded values
/// (`EncodedRecord.digest`), a catalog's inputs (the stored records' fingerprint), a user id
/// (the shard of `--shard K/N`), a generated day's source (its fingerprint).
package struct FNV1a: Sendable {
  /// The hash of what was combined so far.
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  /// One byte more.
  package mutating func combine(_ byte: UInt8) {
    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
  }

  /// Bytes more, in order.
  package mutating func combine(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { combine(byte) }
  }

  /// The eight bytes of `word`, least significant first.
  package mutating func combine(littleEndian word: UInt64) {
    var bits = word
    for _ in 0..<8 {
      combine(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
  }

  /// The hash of `bytes`.
  package static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = FNV1a()
    hash.combine(bytes)
    return hash.value
  }
}
