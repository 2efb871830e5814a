import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Reads a catalog exported by `rules export` with Foundation alone (no libyaml): the JSON
/// becomes the node tree the YAML reader would give, and from there the catalog is decoded
/// and validated exactly as a YAML catalog is, so both evaluate the same
/// (`Engine(exportedCatalog:)` starts here).
package enum ExportedCatalog {
  /// The node tree of an exported catalog, or a diagnostic saying why it is not one. Nodes
  /// carry their line and column in the JSON text, so problems are reported where they are.
  package static func document(_ data: Data, path: String) -> Document {
    guard let text = String(data: data, encoding: .utf8) else { return failure(path, "it is not UTF-8 text") }
    let root: Node
    do {
      root = try JSONNodeReader.read(text)
    } catch {
      return Document(
        source: nil, root: nil,
        diagnostics: [
          Diagnostic(
            file: path, mark: error.mark, id: .notACatalog,
            message: "\(path) cannot be loaded: it is not JSON (\(error.message))")
        ])
    }
    guard case .mapping(let fields) = root.content else { return failure(path, "it is not a JSON object") }
    func field(_ key: String) -> Node? { fields.first { $0.key.text == key }?.value }
    guard field("format")?.text == CatalogExport.format, field("format")?.tag == .str else {
      return failure(path, "it is not an exported catalog ('format' is not '\(CatalogExport.format)')")
    }
    guard let version = field("format_version"), version.tag == .int,
      version.text == String(CatalogExport.formatVersion)
    else {
      return failure(
        path,
        "its format_version is not \(CatalogExport.formatVersion); export the catalog again with this version of rules"
      )
    }
    var pairs: [Pair] = []
    for pair in fields {
      guard let key = pair.key.text, key != "format", key != "format_version", key != "locales", pair.value.tag != .null
      else { continue }
      if ["inputs", "streaks", "metrics"].contains(key), case .sequence(let entries) = pair.value.content {
        pairs.append(Pair(key: pair.key, value: named(entries, at: pair.value.mark)))
      } else {
        pairs.append(pair)
      }
    }
    return Document(source: nil, root: Node(content: .mapping(pairs), mark: root.mark, tag: .map), diagnostics: [])
  }

  /// Loads and checks the exported catalog `data` (named `path` in problems) with its
  /// languages (`locales`, each shaped as a locale file), as `rules check` checks a YAML
  /// catalog with its locale files.
  package static func validate(_ data: Data, path: String) -> CatalogValidation {
    let document = document(data, path: path)
    var languages: [String: Document] = [:]
    if document.root != nil, let text = String(data: data, encoding: .utf8),
      let full = try? JSONNodeReader.read(text), let locales = full["locales"]?.pairs
    {
      for pair in locales {
        guard let locale = pair.key.text else { continue }
        languages["\(path)#locales/\(locale)"] = Document(source: nil, root: pair.value, diagnostics: [])
      }
    }
    let found = languages.keys.sorted().map { (locale: String($0.split(separator: "/").last!), path: $0) }
    let reader: DocumentReader = { [languages] name in languages[name] ?? document }
    return CatalogValidation.load(path: path, reader: reader, locales: { _ in found })
  }

  /// A list of `{key: NAME, ...}` entries as the mapping `NAME: {...}` it was exported from.
  private static func named(_ entries: [Node], at mark: Mark) -> Node {
    var pairs: [Pair] = []
    for entry in entries {
      guard case .mapping(let fields) = entry.content, let key = fields.first(where: { $0.key.text == "key" }),
        key.value.tag == .str, let name = key.value.text
      else {
        pairs.append(Pair(key: .string("?", at: entry.mark), value: entry))
        continue
      }
      pairs.append(
        Pair(
          key: .string(name, at: key.value.mark),
          value: Node(content: .mapping(fields.filter { $0.key.text != "key" }), mark: entry.mark, tag: .map)))
    }
    return Node(content: .mapping(pairs), mark: mark, tag: .map)
  }

  private static func failure(_ path: String, _ message: String) -> Document {
    Document(source: nil, root: nil, diagnostics: [problem(path, .notACatalog, "\(path) cannot be loaded: \(message)")])
  }

  private static func problem(_ path: String, _ id: DiagnosticID, _ message: String) -> Diagnostic {
    Diagnostic(file: path, mark: .start, id: id, message: message)
  }
}
