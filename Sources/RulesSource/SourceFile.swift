import Foundation

/// The text of one file, for turning positions into lines and carets.
public struct SourceFile: Sendable {
  /// The path as the user gave it (diagnostics print it as is).
  public let path: String
  /// The file's bytes, as read.
  public let bytes: [UInt8]
  /// Where each line starts, made the first time a position is looked up, so that each
  /// diagnostic's line costs the same in a large file as in a small one.
  private let index = LineIndex()

  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Bytes of a UTF-8 byte order mark at the start, which libyaml skips without counting.
  public var bomLength: Int {
    bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
  }

  /// The byte offset where each line starts (index 0 is line 1). Line breaks are the ones
  /// libyaml counts: LF, CR, CRLF, NEL (U+0085), LS (U+2028) and PS (U+2029).
  public func lineStarts() -> [Int] {
    var starts = [bomLength]
    var i = bomLength
    let count = bytes.count
    while i < count {
      let length = Self.lineBreakLength(bytes, at: i)
      if length > 0 {
        i += length
        starts.append(i)
      } else {
        i += 1
      }
    }
    return starts
  }

  /// The length in bytes of the line break at `offset`, or 0 when there is none.
  static func lineBreakLength(_ bytes: [UInt8], at offset: Int) -> Int {
    switch bytes[offset] {
    case 0x0A: return 1
    case 0x0D: return offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? 2 : 1
    case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85 ? 2 : 0
    case 0xE2:
      return offset + 2 < bytes.count && bytes[offset + 1] == 0x80
        && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9) ? 3 : 0
    default: return 0
    }
  }

  /// The byte offset of the start of `line` (1-based); nil past the end.
  public func offset(ofLine line: Int) -> Int? {
    guard line >= 1 else { return nil }
    return index.starts(of: self).withUnsafeBufferPointer { starts in
      line <= starts.count ? Int(starts[line - 1]) : nil
    }
  }

  /// The bytes of `line` (1-based) without its line break, or nil past the end.
  public func lineRange(_ line: Int) -> Range<Int>? {
    guard let start = offset(ofLine: line) else { return nil }
    // The next line's start, less the line break between them (the last line has none).
    guard let next = offset(ofLine: line + 1) else { return start..<bytes.count }
    let length = [3, 2, 1].first { next - $0 >= start && Self.lineBreakLength(bytes, at: next - $0) == $0 } ?? 0
    return start..<(next - length)
  }

  /// The text of `line` (1-based) without its line break, or nil past the end.
  public func lineText(_ line: Int) -> String? {
    guard let range = lineRange(line) else { return nil }
    return String(decoding: bytes[range], as: UTF8.self)
  }

  /// The byte offset of a mark, or nil when it lies outside the file. Marks looked up in
  /// order along a line continue from the last one, so many marks on one long line cost
  /// the line once, not once each.
  public func offset(of mark: Mark) -> Int? {
    guard let lineStart = offset(ofLine: mark.line) else { return nil }
    var (i, column) = index.resume(line: mark.line, column: mark.column) ?? (lineStart, 1)
    while column < mark.column {
      guard i < bytes.count, Self.lineBreakLength(bytes, at: i) == 0 else { return nil }
      i += Self.scalarLength(bytes[i])
      column += 1
    }
    index.remember(line: mark.line, column: column, offset: i)
    return i
  }

  /// The mark of a byte offset (clamped to the file).
  public func mark(ofOffset target: Int) -> Mark {
    var line = 1
    var column = 1
    var i = bomLength
    let end = min(target, bytes.count)
    while i < end {
      let length = Self.lineBreakLength(bytes, at: i)
      if length > 0 {
        i += length
        line += 1
        column = 1
      } else {
        i += Self.scalarLength(bytes[i])
        column += 1
      }
    }
    return Mark(line: line, column: column)
  }

  /// The number of bytes of the UTF-8 sequence that starts with `lead` (1 for a stray byte).
  static func scalarLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }
}

/// The line starts of a file (4 bytes a line), made once on first use, and the last mark
/// looked up. Shared by the copies of a `SourceFile`; safe to use from several threads.
private final class LineIndex: @unchecked Sendable {
  /// Guards `table` and `last`: the one index of a file is made and read by every thread that
  /// prints a diagnostic of it (held for the lookup, never while calling out).
  private let lock = NSLock()
  private var table: [UInt32]?
  private var last: (line: Int, column: Int, offset: Int)?

  func starts(of file: SourceFile) -> [UInt32] {
    lock.lock()
    defer { lock.unlock() }
    if let table { return table }
    var starts: [UInt32] = [UInt32(file.bomLength)]
    let bytes = file.bytes
    var i = file.bomLength
    while i < bytes.count {
      let length = SourceFile.lineBreakLength(bytes, at: i)
      if length > 0 {
        i += length
        starts.append(UInt32(truncatingIfNeeded: i))
      } else {
        i += 1
      }
    }
    table = starts
    return starts
  }

  /// Where the last lookup on `line` stopped, when it is not past `column`.
  func resume(line: Int, column: Int) -> (offset: Int, column: Int)? {
    lock.lock()
    defer { lock.unlock() }
    guard let last, last.line == line, last.column <= column else { return nil }
    return (last.offset, last.column)
  }

  func remember(line: Int, column: Int, offset: Int) {
    lock.lock()
    defer { lock.unlock() }
    last = (line, column, offset)
  }
}
