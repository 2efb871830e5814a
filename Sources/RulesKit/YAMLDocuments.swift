import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// Files read with libyaml, for the engine's loader.
@_spi(Tooling) public enum YAMLDocuments {
  /// A `DocumentReader` that reads files from disk with `YAMLDocumentReader`.
  @_spi(Tooling) public static func reader(limits: ReaderLimits = .default) -> DocumentReader {
    { path in
      let source: SourceFile
      do throws(FileReadError) {
        source = try SourceFile.load(path: path, maxBytes: limits.maxFileSize)
      } catch {
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let result = YAMLDocumentReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }

  /// A `DocumentReader` for catalogs and rule modules: it decodes a file straight from
  /// libyaml's events (`EventCatalogDecoder`) and reads it into nodes only when that fast
  /// path gives up (any problem at all, or a file that is not a catalog or module), so its
  /// documents give the same catalogs and the same diagnostics as `reader(limits:)`'s.
  @_spi(Tooling) public static func catalogReader(limits: ReaderLimits = .default) -> DocumentReader {
    { path in
      let source: SourceFile
      do throws(FileReadError) {
        source = try SourceFile.load(path: path, maxBytes: limits.maxFileSize)
      } catch {
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      return catalogDocument(source, limits: limits)
    }
  }

  /// A `catalogReader` over texts held in memory (tests, examples), by path.
  @_spi(Tooling) public static func catalogReader(files: [String: String], limits: ReaderLimits = .default)
    -> DocumentReader
  {
    { path in
      let key = files[path] != nil ? path : FilePath.tidy(path)
      guard let text = files[key] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      return catalogDocument(SourceFile(path: path, text: text), limits: limits)
    }
  }

  /// `source` as a catalog reader's document: decoded on the fast path when it can be, else
  /// read into nodes by `YAMLDocumentReader` (the reference path, which reports every problem).
  @_spi(Tooling) public static func catalogDocument(_ source: SourceFile, limits: ReaderLimits = .default) -> Document {
    if let file = fastDecode(source, limits: limits) {
      return Document(source: source, ruleFile: file)
    }
    return document(source, limits: limits)
  }

  /// `source` decoded on the fast path (`EventCatalogDecoder` over libyaml's events), or nil
  /// when the reference path must read it.
  static func fastDecode(_ source: SourceFile, limits: ReaderLimits) -> RuleFile? {
    guard let events = YAMLEventStream(source, limits: limits) else { return nil }
    return EventCatalogDecoder.decode(events, file: source.path, maxDepth: limits.maxDepth)
  }

  /// `source` read into nodes by `YAMLDocumentReader`.
  @_spi(Tooling) public static func document(_ source: SourceFile, limits: ReaderLimits = .default) -> Document {
    let result = YAMLDocumentReader(limits: limits).read(source)
    return Document(source: source, root: result.root, diagnostics: result.diagnostics)
  }

  /// A `DocumentReader` over texts held in memory (tests, examples), by path.
  @_spi(Tooling) public static func reader(files: [String: String], limits: ReaderLimits = .default)
    -> DocumentReader
  {
    { path in
      let key = files[path] != nil ? path : FilePath.tidy(path)
      guard let text = files[key] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let source = SourceFile(path: path, text: text)
      let result = YAMLDocumentReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }
}
