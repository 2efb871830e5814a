internal import CYaml
import RulesSource

/// Reads YAML with libyaml's event API into located nodes.
///
/// Types follow the YAML 1.2 core schema. Besides libyaml's own syntax errors, the reader
/// rejects what a configuration file should never hold: more than one document, tags outside
/// the core schema, duplicate keys, aliases without an anchor or inside their own anchor,
/// alias expansion beyond `limits.maxAliasedNodes`, nesting beyond `limits.maxDepth`, files
/// larger than `limits.maxFileSize`, and text that is not UTF-8. Syntax and limit errors stop
/// the reading (the root is nil); a duplicate key is reported and the first value is kept.
public struct YAMLDocumentReader: Sendable {
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
    if let problem = EncodingValidation.problem(in: source.bytes) {
      let diagnostic = Diagnostic(
        file: source.path, mark: .start, id: .yamlEncoding, message: problem)
      return ReadResult(root: nil, diagnostics: [diagnostic])
    }
    var builder = TreeBuilder(source: source, limits: limits)
    builder.run()
    return ReadResult(root: builder.failed ? nil : builder.root, diagnostics: builder.diagnostics)
  }
}
