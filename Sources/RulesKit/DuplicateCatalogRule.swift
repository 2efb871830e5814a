import RulesSource

extension DiagnosticID {
  /// Two catalog files of one folder that declare the same catalog id.
  package static let duplicateCatalog: DiagnosticID = "duplicate-catalog"
}

/// One catalog per id in a folder: `rules check` of a folder, and `rules-server serve` (at start
/// and at a reload) of its catalogs' folder, refuse two files that declare the same id (a
/// `discipline.bak.yaml` beside `discipline.yaml`), which would otherwise leave it to the order
/// of the files which one is served.
package enum DuplicateCatalogRule {
  package static let summary =
    "Two files of one folder declare the same catalog id (a server serves one catalog per id); reported at the later file's `catalog:`."

  /// A catalog file: its path, the id it declares, and its text (for the place of `catalog:`).
  package struct File {
    package var path: String
    package var id: String
    package var source: SourceFile?

    package init(path: String, id: String, source: SourceFile?) {
      self.path = path
      self.id = id
      self.source = source
    }
  }

  /// An error at each file (in the order given) whose id a file before it declares.
  package static func check(_ files: [File]) -> [Diagnostic] {
    var first: [String: String] = [:]
    var found: [Diagnostic] = []
    for file in files {
      guard let earlier = first[file.id] else {
        first[file.id] = file.path
        continue
      }
      found.append(
        Diagnostic(
          file: file.path, mark: idMark(file.source), id: .duplicateCatalog,
          message:
            "the catalog '\(file.id)' is declared twice in the folder, by \(earlier) and by \(file.path); a folder serves one catalog per id: move or rename one of them"
        ))
    }
    return found
  }

  /// Where the id is written after a top-level `catalog:` (else the file's start).
  static func idMark(_ source: SourceFile?) -> Mark {
    guard let source else { return .start }
    var line = 1
    while let text = source.lineText(line) {
      if text.hasPrefix("catalog:") {
        let value = text.dropFirst("catalog:".count).prefix { $0 == " " || $0 == "\t" }
        return Mark(line: line, column: "catalog:".count + value.count + 1)
      }
      line += 1
    }
    return .start
  }
}
