import Dispatch
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// A part of a JSON Lines file, cut at a line end, read on a core of its own: the records of the
/// lines `JSONLineDecoder` reads straight, and every other line (blank, over the limit, not
/// UTF-8, or one with a problem or the user's details) for the importer to read the validating
/// way, in line order with the rest (issue 41).
struct JSONLinesChunk: Sendable {
  /// The lines in the part.
  var lineCount = 0
  /// The records read straight, with their line numbers within the part (from 1).
  var records: [ImportRecord] = []
  var recordLines: [Int] = []
  /// The other lines, with their line numbers within the part.
  var others: [Other] = []

  /// A line left to the validating reader.
  struct Other: Sendable {
    var line: Int
    var text: Text
  }

  enum Text: Sendable {
    case text(String)
    case tooLong(Int)
    case notUTF8
  }

  /// The smallest part given a core of its own.
  static let smallest = 1 << 20

  /// The parts of `bytes`, read in parallel, in file order.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, catalog: StoreCatalog) -> [JSONLinesChunk] {
    let parts = cuts(bytes, into: ProcessInfo.processInfo.activeProcessorCount * 2)
    let decoder = JSONLineDecoder(catalog: catalog)
    var chunks = [JSONLinesChunk](repeating: JSONLinesChunk(), count: parts.count)
    chunks.withUnsafeMutableBufferPointer { out in
      let shared = Shared(bytes: bytes, chunks: out)
      DispatchQueue.concurrentPerform(iterations: parts.count) { index in
        var decoder = decoder
        shared.chunks[index] = JSONLinesChunk(shared.bytes, parts[index], decoder: &decoder)
      }
    }
    return chunks
  }

  /// The file's bytes, read by every task, and where each task writes its part (each its own
  /// element): both outlive the tasks (`concurrentPerform` returns when all are done).
  private struct Shared: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let chunks: UnsafeMutableBufferPointer<JSONLinesChunk>
  }

  /// `bytes` cut into at most `count` parts of at least `smallest` bytes, each ending at a line end
  /// (the last at the end).
  static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, into count: Int) -> [Range<Int>] {
    let count = max(1, min(count, bytes.count / smallest))
    var parts: [Range<Int>] = []
    var start = 0
    for part in 1...count {
      var end = part == count ? bytes.count : max(start, bytes.count / count * part)
      while end < bytes.count, end == 0 || bytes[end - 1] != 0x0A { end += 1 }
      if end > start { parts.append(start..<end) }
      start = end
    }
    return parts
  }

  init() {}

  /// Reads the lines of `range` (each without its line end, `\n` or `\r\n`).
  init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decoder: inout JSONLineDecoder) {
    var start = range.lowerBound
    let base = bytes.baseAddress!
    while start < range.upperBound {
      lineCount += 1
      let end =
        memchr(base + start, 0x0A, range.upperBound - start).map { UnsafeRawPointer(base).distance(to: $0) }
        ?? range.upperBound
      var stop = end
      if stop > start, bytes[stop - 1] == 0x0D { stop -= 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<stop])
      if let record = decoder.record(line) {
        records.append(record)
        recordLines.append(lineCount)
      } else if stop - start > Importer.maxLine {
        others.append(Other(line: lineCount, text: .tooLong(stop - start)))
      } else if let text = String(validating: line, as: UTF8.self) {
        others.append(Other(line: lineCount, text: .text(text)))
      } else {
        others.append(Other(line: lineCount, text: .notUTF8))
      }
      start = end + 1
    }
  }
}
