@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// What every fuzz target asserts about what the engine reports. A broken invariant stops the
/// process with a message (libFuzzer then saves the input as a crash).
package enum Invariant {
  /// Stops the fuzzer with `message`; libFuzzer reports it as a deadly signal and keeps the input.
  package static func fail(_ message: String) -> Never {
    fatalError("invariant broken: \(message)")
  }

  /// Every diagnostic is located inside the file it names: line and column at least 1, and the
  /// mark at a character of that line or just after its last one (see `Places`). A diagnostic
  /// for a file that was never read (an import not found) must point at 1:1.
  package static func located(_ diagnostics: [Diagnostic], in sources: [String: SourceFile]) {
    var places: [String: Places] = [:]
    for diagnostic in diagnostics {
      if diagnostic.message.isEmpty { fail("a diagnostic without a message: \(diagnostic)") }
      guard diagnostic.line >= 1, diagnostic.column >= 1 else {
        fail("a diagnostic before the start of its file: \(diagnostic)")
      }
      guard let source = sources[diagnostic.file] else {
        if diagnostic.mark != .start { fail("a diagnostic inside a file that was not read: \(diagnostic)") }
        continue
      }
      var file = places[diagnostic.file] ?? Places(source)
      guard file.contains(diagnostic.mark) else {
        fail("a diagnostic outside its file (\(file.lineCount) lines): \(diagnostic)")
      }
      places[diagnostic.file] = file
    }
  }

  /// A node tree read from `source`: every node and key is located inside the file, and the
  /// collections nest no deeper than the reader's limit.
  package static func located(_ root: Node, in source: SourceFile, maxDepth: Int) {
    var places = Places(source)
    var visited = 0
    func visit(_ node: Node, depth: Int) {
      visited += 1
      // Aliases share their anchor's nodes; the reader's alias budget bounds the walk.
      if visited > 1_000_000 { fail("more than a million nodes in a tree read from \(source.bytes.count) bytes") }
      guard places.contains(node.mark) else {
        fail("a node at \(node.mark.line):\(node.mark.column), outside the file (\(places.lineCount) lines)")
      }
      switch node.content {
      case .scalar: break
      case .sequence(let items):
        if depth > maxDepth { fail("collections nest \(depth) deep, past the limit of \(maxDepth)") }
        for item in items { visit(item, depth: depth + 1) }
      case .mapping(let pairs):
        if depth > maxDepth { fail("collections nest \(depth) deep, past the limit of \(maxDepth)") }
        for pair in pairs {
          visit(pair.key, depth: depth + 1)
          visit(pair.value, depth: depth + 1)
        }
      }
    }
    visit(root, depth: 1)
  }

  /// A result without a root and without an error is only possible for a file with no document.
  package static func explained(_ result: ReadResult) {
    if result.root == nil && result.diagnostics.hasErrors == false {
      // No document: only comments, blank space, directives or an empty stream.
      return
    }
    if result.root != nil,
      let fatal = result.diagnostics.first(where: { $0.severity == .error && $0.id != .yamlDuplicateKey })
    {
      fail("a tree was returned although reading failed: \(fatal)")
    }
  }
}

/// Files read from memory, bytes as given (no repair of bad UTF-8 on the way in).
package enum MemoryFiles {
  package static func reader(_ files: [String: [UInt8]], limits: ReaderLimits = .default) -> DocumentReader {
    { path in
      guard let bytes = files[path] ?? files[FilePath.tidy(path)] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let source = SourceFile(path: path, bytes: bytes)
      let result = YAMLDocumentReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }
}

/// The places of a file a mark may name: a character, or just after the last one of a line
/// (the end of the file included). libyaml ends a file that does not end with a line break as
/// if it did, so the end of such a file is also at column 1 of the line after the last (`[` has
/// 1 line; its error is at 2:1): the "line <= number of lines + 1".
struct Places {
  let bytes: [UInt8]
  let lineStarts: [Int]
  /// The characters of each line measured so far (a UTF-8 sequence, or a stray byte, is one,
  /// as SourceFile counts them).
  private var widths: [Int: Int] = [:]

  init(_ source: SourceFile) {
    bytes = source.bytes
    lineStarts = source.lineStarts()
  }

  var lineCount: Int { lineStarts.count }

  mutating func contains(_ mark: Mark) -> Bool {
    guard mark.line >= 1, mark.column >= 1 else { return false }
    if mark.line == lineStarts.count + 1 {
      return mark.column == 1 && lineStarts.last != bytes.count
    }
    guard mark.line <= lineStarts.count else { return false }
    return mark.column <= width(ofLine: mark.line) + 1
  }

  private mutating func width(ofLine line: Int) -> Int {
    if let width = widths[line] { return width }
    var offset = lineStarts[line - 1]
    var width = 0
    while offset < bytes.count && !isBreak(at: offset) {
      offset += Self.length(of: bytes[offset])
      width += 1
    }
    widths[line] = width
    return width
  }

  /// The line breaks libyaml counts: LF, CR, NEL (C2 85), LS and PS (E2 80 A8, E2 80 A9).
  private func isBreak(at offset: Int) -> Bool {
    switch bytes[offset] {
    case 0x0A, 0x0D: return true
    case 0xC2: return offset + 1 < bytes.count && bytes[offset + 1] == 0x85
    case 0xE2:
      return offset + 2 < bytes.count && bytes[offset + 1] == 0x80 && (bytes[offset + 2] & 0xFE) == 0xA8
    default: return false
    }
  }

  private static func length(of lead: UInt8) -> Int {
    switch lead {
    case 0xF0...0xF7: 4
    case 0xE0...0xEF: 3
    case 0xC0...0xDF: 2
    default: 1
    }
  }
}
