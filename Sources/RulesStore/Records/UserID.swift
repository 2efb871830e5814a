@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// User ids: not empty, at most 256 bytes of UTF-8, no control characters (C0, DEL, C1) and no
/// bidirectional overrides or isolates (U+202A-U+202E, U+2066-U+2069: they reorder the text
/// shown after them, in the console and in logs). Two ids are the same
/// user when their bytes are the same, as both databases compare them: `café` with a precomposed
/// `é` and with a combining accent are two users (Swift's `==` and `Hashable` on strings would
/// take them for one, so the store keys users by `Key`).
package enum UserID {
  package static let maxBytes = 256

  /// A user id as a set member or dictionary key: equal and hashed by its UTF-8 bytes.
  package struct Key: Hashable, Sendable, CustomStringConvertible {
    package let id: String

    package init(_ id: String) { self.id = id }

    // The bytes compared and hashed at once (a native string's UTF-8 is contiguous): byte by
    // byte, the keys were a tenth of an import's time (issue 41).
    package static func == (a: Key, b: Key) -> Bool {
      let (x, y) = (a.id.utf8, b.id.utf8)
      guard x.count == y.count else { return false }
      return x.withContiguousStorageIfAvailable { x in
        y.withContiguousStorageIfAvailable { y in x.elementsEqual(y) }
      }.flatMap { $0 } ?? x.elementsEqual(y)
    }

    package func hash(into hasher: inout Hasher) {
      if id.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
        Array(id.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
      }
    }

    package var description: String { id }
  }

  /// Why `id` cannot be a user id, or nil.
  package static func problem(_ id: String) -> String? {
    if id.isEmpty { return "the user id is empty" }
    if id.utf8.count > maxBytes { return "the user id is \(id.utf8.count) bytes long; at most \(maxBytes) are allowed" }
    if let found = id.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
      return "the user id contains a control character (\(Self.codePoint(found)))"
    }
    if let found = id.unicodeScalars.first(where: {
      (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }) {
      return
        "the user id contains a bidirectional override or isolate (\(Self.codePoint(found))), which would reorder the text shown after it"
    }
    return nil
  }

  /// `U+0085`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// The stable hash of a shard (`K/N`): FNV-1a (64 bits) over the id's UTF-8 bytes. The same on
  /// every machine and every run, whatever the store.
  package static func hash(_ id: String) -> UInt64 { FNV1a.hash(id.utf8) }
}
