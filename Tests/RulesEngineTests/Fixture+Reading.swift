import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// Reading catalogs and histories on the engine alone, with the reader (`YAMLDocumentReader`)
/// for their YAML: texts held in memory by path, or the shipped catalogs' files.
extension Fixture {
  /// A `DocumentReader` over `files`, by path; a path not among them is not found.
  static func reader(_ files: [String: String]) -> DocumentReader {
    { path in
      let key = files[path] != nil ? path : FilePath.tidy(path)
      guard let text = files[key] else {
        return Document(source: nil, root: nil, diagnostics: [FileReadError(path: path, reason: .notFound).diagnostic])
      }
      return document(SourceFile(path: path, text: text))
    }
  }

  /// A `DocumentReader` over the files on disk.
  static let diskReader: DocumentReader = { path in
    do throws(FileReadError) {
      return document(try SourceFile.load(path: path, maxBytes: ReaderLimits.default.maxFileSize))
    } catch {
      return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
    }
  }

  /// `source` read into located nodes.
  static func document(_ source: SourceFile) -> Document {
    let result = YAMLDocumentReader().read(source)
    return Document(source: source, root: result.root, diagnostics: result.diagnostics)
  }

  /// The locale files among `paths`, `locales/LOCALE/FILE` next to the catalog's `FILE`,
  /// sorted by locale.
  static func locales(among paths: some Sequence<String>) -> LocaleFinder {
    let all = Array(paths)
    return { catalogPath in
      let folder = (catalogPath as NSString).deletingLastPathComponent
      let prefix = (folder.isEmpty ? "" : folder + "/") + "locales/"
      let suffix = "/" + (catalogPath as NSString).lastPathComponent
      return all.compactMap { path -> (locale: String, path: String)? in
        guard path.hasPrefix(prefix), path.hasSuffix(suffix) else { return nil }
        let locale = path.dropFirst(prefix.count).dropLast(suffix.count)
        return locale.isEmpty || locale.contains("/") ? nil : (String(locale), path)
      }.sorted { $0.locale < $1.locale }
    }
  }

  /// The shipped catalog `catalogs/NAME.yaml` checked from its files, with its locale files
  /// `catalogs/locales/LOCALE/NAME.yaml`.
  static func validateShipped(_ name: String) -> CatalogValidation {
    let folder = repository.appendingPathComponent("catalogs").path
    let locales = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/locales")) ?? []
    return CatalogValidation.load(
      path: "\(folder)/\(name).yaml", reader: diskReader,
      locales: Self.locales(
        among: locales.map { "\(folder)/locales/\($0)/\(name).yaml" }.filter {
          FileManager.default.fileExists(atPath: $0)
        }))
  }

  /// A history held in memory read against `catalog`'s inputs (nil when any error), with
  /// every problem.
  static func readHistory(_ yaml: String, for catalog: ValidatedCatalog) -> (History?, [Diagnostic]) {
    let source = SourceFile(path: "history.yaml", text: yaml)
    let result = YAMLDocumentReader().read(source)
    guard result.root != nil || !result.diagnostics.hasErrors else { return (nil, result.diagnostics) }
    let (history, problems) = HistoryDecoder.decode(result.root, file: source.path, inputs: catalog.inputs)
    let diagnostics = result.diagnostics + problems
    return (diagnostics.hasErrors ? nil : history, diagnostics)
  }
}
