import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// Files read with libyaml, for the engine's loader.
public enum YAMLDocuments {
  /// A `DocumentReader` that reads files from disk with `YAMLReader`.
  public static func reader(limits: ReaderLimits = .default) -> DocumentReader {
    { path in
      let source: SourceFile
      do throws(FileReadError) {
        source = try SourceFile.load(path: path, maxBytes: limits.maxFileSize)
      } catch {
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let result = YAMLReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }

  /// A `DocumentReader` over texts held in memory (tests, examples), by path.
  public static func reader(files: [String: String], limits: ReaderLimits = .default)
    -> DocumentReader
  {
    { path in
      let key = files[path] != nil ? path : FilePath.tidy(path)
      guard let text = files[key] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      let source = SourceFile(path: path, text: text)
      let result = YAMLReader(limits: limits).read(source)
      return Document(source: source, root: result.root, diagnostics: result.diagnostics)
    }
  }
}
