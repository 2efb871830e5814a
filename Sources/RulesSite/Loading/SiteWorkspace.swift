import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

/// The catalogs and histories a site shows, read from disk as `rules check` and `rules eval`
/// read them: every catalog of the folder (a broken one with its diagnostics), and each
/// history under the catalog its `catalog:` line names, else under every catalog that reads it.
package struct SiteWorkspace: Sendable {
  /// A catalog that `rules check` accepts.
  package struct Valid: Sendable {
    package var path: String
    package var validated: ValidatedCatalog
    package var id: String { validated.catalog.id }
  }

  /// A catalog that fails `rules check`: its problems and the text of the files they are in.
  package struct Broken: Sendable {
    package var path: String
    /// The file's name without `.yaml` (its id is not known).
    package var name: String
    package var diagnostics: [Diagnostic]
    package var sources: [String: SourceFile]
  }

  /// A history read for one catalog.
  package struct UserHistory: Sendable {
    package var path: String
    /// The file's name without `.yaml`: the page's name.
    package var name: String
    package var history: History
    /// The user's id, else the file's name.
    package var user: String { history.user ?? name }
  }

  /// A history no catalog could read, with the first problem of each catalog's reading.
  package struct Unread: Sendable {
    package var path: String
    package var problems: [String]
  }

  package var input: SiteInput
  package var valid: [Valid] = []
  package var broken: [Broken] = []
  /// The histories of each catalog, by catalog id, in file order.
  package var histories: [String: [UserHistory]] = [:]
  package var unread: [Unread] = []

  /// Reads the catalogs and the histories of `input`.
  package static func load(_ input: SiteInput) -> SiteWorkspace {
    var workspace = SiteWorkspace(input: input)
    for file in YAMLFiles.files(in: input.catalogs, leavingOut: "tests") {
      let result = CatalogFiles.validate(path: file, root: RepositoryRoot.discover(for: file))
      if result.isModule { continue }
      if let validated = result.validated, !workspace.valid.contains(where: { $0.id == validated.catalog.id }) {
        workspace.valid.append(Valid(path: file, validated: validated))
      } else {
        var diagnostics = result.diagnostics.sortedByPosition()
        if result.validated != nil {
          diagnostics = [
            Diagnostic(
              file: file, mark: .start, id: .fileUnreadable,
              message: "another file of the folder declares the catalog '\(result.validated!.catalog.id)'")
          ]
        } else if diagnostics.isEmpty {
          diagnostics = [
            Diagnostic(file: file, mark: .start, id: .fileUnreadable, message: "the catalog cannot be used")
          ]
        }
        workspace.broken.append(
          Broken(path: file, name: Self.stem(file), diagnostics: diagnostics, sources: result.sources))
      }
    }
    if let history = input.history {
      for file in YAMLFiles.files(in: history) { workspace.read(history: file) }
    }
    return workspace
  }

  /// Reads one history for the catalog its `catalog:` line names, else for every catalog.
  mutating func read(history file: String) {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      unread.append(Unread(path: file, problems: ["cannot read the file"]))
      return
    }
    let (named, body) = Self.catalogLine(text)
    var problems: [String] = []
    var found = false
    for catalog in valid where named == nil || named == catalog.id {
      let loaded = HistoryFiles.load(text: body, path: file, inputs: catalog.validated.inputs)
      if let history = loaded.history {
        histories[catalog.id, default: []].append(UserHistory(path: file, name: Self.stem(file), history: history))
        found = true
      } else if let first = loaded.diagnostics.sortedByPosition().first(where: { $0.severity == .error }) {
        problems.append("\(catalog.id): \(first.file):\(first.line):\(first.column): \(first.message)")
      }
    }
    if !found {
      if let named, !valid.contains(where: { $0.id == named }) {
        problems.append("its catalog '\(named)' is not among the catalogs read")
      }
      unread.append(Unread(path: file, problems: problems))
    }
  }

  /// The catalog a history's top-level `catalog: ID` line names, and the text with that line
  /// blanked (the engine's history has no such key; the lines keep their numbers).
  static func catalogLine(_ text: String) -> (String?, String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices where lines[index].hasPrefix("catalog:") {
      var value = lines[index].dropFirst("catalog:".count).trimmingCharacters(in: .whitespaces)
      if let hash = value.range(of: " #") { value = String(value[..<hash.lowerBound]) }
      value = value.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
      lines[index] = ""
      return (value.isEmpty ? nil : value, lines.joined(separator: "\n"))
    }
    return (nil, text)
  }

  /// A file's name without its folder and `.yaml`/`.yml`.
  static func stem(_ path: String) -> String {
    let name = (path as NSString).lastPathComponent
    for suffix in [".yaml", ".yml"] where name.hasSuffix(suffix) { return String(name.dropLast(suffix.count)) }
    return name
  }

  /// The catalog with the id `id`.
  package func catalog(_ id: String) -> Valid? { valid.first { $0.id == id } }
}
