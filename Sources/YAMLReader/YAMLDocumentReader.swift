internal import CYaml
import RulesSource

/// What reading one file gave: its root node (nil when the file holds no document or could
/// not be read) and every problem found on the way.
public struct ReadResult: Sendable {
  public var root: Node?
  public var diagnostics: [Diagnostic]

  public init(root: Node?, diagnostics: [Diagnostic]) {
    self.root = root
    self.diagnostics = diagnostics
  }
}

/// Reads YAML with libyaml's event API into located nodes.
///
/// Types follow the YAML 1.2 core schema. Besides libyaml's own syntax errors, the reader
/// rejects what a configuration file should never hold: more than one document, tags outside
/// the core schema, duplicate keys, aliases without an anchor or inside their own anchor,
/// alias expansion beyond `limits.maxAliasedNodes`, nesting beyond `limits.maxDepth`, files
/// larger than `limits.maxFileSize`, and text that is not UTF-8. Syntax and limit errors stop
/// the reading (the root is nil); a duplicate key is reported and the first value is kept.
public struct YAMLReader: Sendable {
  public var limits: ReaderLimits

  public init(limits: ReaderLimits = .default) {
    self.limits = limits
  }

  /// Loads and reads the file at `path`.
  public func read(path: String) -> ReadResult {
    do {
      return read(try SourceFile.load(path: path, maxBytes: limits.maxFileSize))
    } catch {
      return ReadResult(root: nil, diagnostics: [error.diagnostic])
    }
  }

  /// Reads the text of `source`.
  public func read(_ source: SourceFile) -> ReadResult {
    if source.bytes.count > limits.maxFileSize {
      let error = FileReadError(
        path: source.path,
        reason: .tooLarge(size: source.bytes.count, limit: limits.maxFileSize))
      return ReadResult(root: nil, diagnostics: [error.diagnostic])
    }
    if let problem = EncodingCheck.problem(in: source.bytes) {
      let diagnostic = Diagnostic(
        file: source.path, mark: .start, id: .yamlEncoding, message: problem)
      return ReadResult(root: nil, diagnostics: [diagnostic])
    }
    var builder = TreeBuilder(source: source, limits: limits)
    builder.run()
    return ReadResult(root: builder.failed ? nil : builder.root, diagnostics: builder.diagnostics)
  }
}

/// The first bytes tell a UTF-16 or UTF-32 file, which libyaml would otherwise decode.
/// Invalid UTF-8 further in is caught by libyaml's reader and reported with its place.
enum EncodingCheck {
  static func problem(in bytes: [UInt8]) -> String? {
    let prefix = Array(bytes.prefix(4))
    if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00]) {
      return "the file is UTF-32 text (it starts with a UTF-32 byte order mark); save it as UTF-8"
    }
    if prefix.starts(with: [0xFE, 0xFF]) || prefix.starts(with: [0xFF, 0xFE]) {
      return "the file is UTF-16 text (it starts with a UTF-16 byte order mark); save it as UTF-8"
    }
    if prefix.count >= 2 && (prefix[0] == 0 || prefix[1] == 0) {
      return "the file looks like UTF-16 or UTF-32 text (it has NUL bytes); save it as UTF-8"
    }
    return nil
  }
}
