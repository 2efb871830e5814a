import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import YAMLReader

/// Files for the reading benchmarks, held in memory so that only the work is measured.
package enum BenchFiles {
  /// The repository (the main package), found from this file's place.
  package static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The shipped catalogs' names: every `catalogs/NAME.yaml` (the folder is the one list).
  package static let shippedNames: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("catalogs").path)) ?? [])
    .filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()

  /// Limits that let the 20 MB file through (the default refuses files over 16 MB).
  package static let limits = ReaderLimits(maxFileSize: 64 * 1024 * 1024)

  /// The generated catalog with `badges` badges.
  package static func generated(badges: Int = 50_000) -> SourceFile {
    SourceFile(path: "generated.yaml", text: CatalogGenerator.yaml(badges: badges))
  }

  /// The repository's files at `paths`, by those paths.
  package static func files(_ paths: [String]) -> [String: SourceFile] {
    var files: [String: SourceFile] = [:]
    for path in paths {
      guard let data = try? Data(contentsOf: repository.appendingPathComponent(path)) else { continue }
      files[path] = SourceFile(path: path, bytes: Array(data))
    }
    return files
  }

  /// A shipped catalog and the modules it imports, by the paths the loader asks for.
  package static func shipped(_ name: String) -> [String: SourceFile] {
    var files: [String: SourceFile] = [:]
    var pending = ["catalogs/\(name).yaml"]
    while let path = pending.popLast() {
      let url = repository.appendingPathComponent(path)
      guard files[path] == nil, let data = try? Data(contentsOf: url) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      files[path] = SourceFile(path: path, bytes: Array(data))
      for line in text.split(separator: "\n") where line.hasPrefix("imports:") {
        let list = line.dropFirst("imports:".count).trimmingCharacters(in: .whitespaces)
          .trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        for item in list.split(separator: ",") {
          let relative = item.trimmingCharacters(in: .whitespaces)
          pending.append(FilePath.resolve(relative, from: path))
        }
      }
    }
    return files
  }

  /// A document reader over files already in memory: reading the YAML is measured, the disk
  /// is not. It reads as `rules check` does (`YAMLDocuments.catalogReader`: the fast path
  /// from libyaml's events), or with `tree`, on the reference path (located nodes, then
  /// `RuleFileDecoder`).
  package static func reader(_ files: [String: SourceFile], tree: Bool = false) -> DocumentReader {
    { path in
      guard let source = files[path] ?? files[FilePath.tidy(path)] else {
        let error = FileReadError(path: path, reason: .notFound)
        return Document(source: nil, root: nil, diagnostics: [error.diagnostic])
      }
      return tree
        ? YAMLDocuments.document(source, limits: limits) : YAMLDocuments.catalogDocument(source, limits: limits)
    }
  }

  /// Bytes to a checked, ready-to-evaluate catalog (the program compiled too); with `tree`,
  /// read on the reference path.
  package static func load(_ path: String, files: [String: SourceFile], tree: Bool = false) -> Program {
    let check = CatalogFiles.validate(path: path, reader: reader(files, tree: tree))
    guard let checked = check.validated else {
      fatalError("\(path) does not check: \(check.diagnostics.prefix(5))")
    }
    return Program(checked)
  }

  /// A shipped catalog, checked.
  package static func shippedCatalog(_ name: String) -> ValidatedCatalog {
    load("catalogs/\(name).yaml", files: shipped(name)).catalog
  }
}
