import RulesEngine
import RulesSource
import YAMLReader

/// What every fuzz target asserts about what the engine reports. A broken invariant stops the
/// process with a message (libFuzzer then saves the input as a crash).
public enum Invariant {
  /// Stops the fuzzer with `message`; libFuzzer reports it as a deadly signal and keeps the input.
  public static func fail(_ message: String) -> Never {
    fatalError("invariant broken: \(message)")
  }

  /// Every diagnostic is located inside the file it names: line and column at least 1, and the
  /// mark at a character of that line or just after its last one (the end of the file included).
  /// A diagnostic for a file that was never read (an import not found) must point at 1:1.
  public static func located(_ diagnostics: [Diagnostic], in sources: [String: SourceFile]) {
    var lineCounts: [String: Int] = [:]
    for diagnostic in diagnostics {
      if diagnostic.message.isEmpty { fail("a diagnostic without a message: \(diagnostic)") }
      guard diagnostic.line >= 1, diagnostic.column >= 1 else {
        fail("a diagnostic before the start of its file: \(diagnostic)")
      }
      guard let source = sources[diagnostic.file] else {
        if diagnostic.mark != .start { fail("a diagnostic inside a file that was not read: \(diagnostic)") }
        continue
      }
      let lines = lineCounts[diagnostic.file] ?? source.lineStarts().count
      lineCounts[diagnostic.file] = lines
      guard diagnostic.line <= lines + 1 else {
        fail("a diagnostic past the last line (\(lines)) of its file: \(diagnostic)")
      }
      guard inside(diagnostic.mark, source, lines: lines) else {
        fail("a diagnostic past the end of its line: \(diagnostic)")
      }
    }
  }

  /// Whether `mark` is at a character of `source` or just after the last one of its line.
  /// libyaml ends a file that does not end with a line break as if it did, so the end of such
  /// a file is also at column 1 of the line after the last (`[` has 1 line, its error is at 2:1).
  static func inside(_ mark: Mark, _ source: SourceFile, lines: Int) -> Bool {
    if source.offset(of: mark) != nil { return true }
    return mark.line == lines + 1 && mark.column == 1 && source.lineStarts().last != source.bytes.count
  }

  /// A node tree read from `source`: every node and key is located inside the file, and the
  /// collections nest no deeper than the reader's limit.
  public static func located(_ root: Node, in source: SourceFile, maxDepth: Int) {
    var visited = 0
    let lines = source.lineStarts().count
    func visit(_ node: Node, depth: Int) {
      visited += 1
      // Aliases share their anchor's nodes; the reader's alias budget bounds the walk.
      if visited > 1_000_000 { fail("more than a million nodes in a tree read from \(source.bytes.count) bytes") }
      guard inside(node.mark, source, lines: lines) else {
        fail("a node at \(node.mark.line):\(node.mark.column), outside the file")
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
  public static func explained(_ result: ReadResult) {
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
public enum MemoryFiles {
  public static func reader(_ files: [String: [UInt8]], limits: ReaderLimits = .default) -> DocumentReader {
    { path in
      guard let bytes = files[path] ?? files[FilePath.tidy(path)] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let source = SourceFile(path: path, bytes: bytes)
      let result = YAMLReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }
}
