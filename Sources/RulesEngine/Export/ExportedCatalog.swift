import Foundation
import RulesSource

/// Loads a catalog exported by `rules export` with Foundation alone (no libyaml): the JSON
/// becomes the node tree the YAML reader would give, and from there the catalog is decoded
/// and checked exactly as a YAML catalog is, so both evaluate the same.
public enum ExportedCatalog {
  /// A `DocumentReader` for exported JSON files.
  public static let reader: DocumentReader = { path in
    do {
      return document(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    } catch {
      return Document(
        source: nil, root: nil,
        diagnostics: [problem(path, .fileUnreadable, "cannot read the file: \(error.localizedDescription)")])
    }
  }

  /// Loads and checks the exported catalog at `path`.
  public static func load(path: String) -> CatalogCheck {
    CatalogCheck.load(path: path, reader: reader)
  }

  /// The node tree of an exported catalog, or a diagnostic saying why it is not one.
  public static func document(_ data: Data, path: String) -> Document {
    let tree: JSONTree
    do {
      tree = try JSONDecoder().decode(JSONTree.self, from: data)
    } catch {
      return failure(path, "it is not JSON (\(describe(error)))")
    }
    guard case .object(var fields) = tree else { return failure(path, "it is not a JSON object") }
    guard case .string(CatalogExport.format)? = fields["format"] else {
      return failure(path, "it is not an exported catalog ('format' is not '\(CatalogExport.format)')")
    }
    guard case .int(let version)? = fields["format_version"], version == CatalogExport.formatVersion else {
      return failure(
        path,
        "its format_version is not \(CatalogExport.formatVersion); export the catalog again with this version of rules"
      )
    }
    fields["format"] = nil
    fields["format_version"] = nil
    var pairs: [Pair] = []
    for key in keyOrder(fields.keys) {
      let value = fields[key]!
      if case .null = value { continue }
      if ["inputs", "streaks", "metrics"].contains(key), case .array(let entries) = value {
        pairs.append(Pair(key: .string(key), value: named(entries)))
      } else {
        pairs.append(Pair(key: .string(key), value: node(value)))
      }
    }
    return Document(source: nil, root: Node(content: .mapping(pairs), mark: .start, tag: .map), diagnostics: [])
  }

  /// A list of `{key: NAME, ...}` entries as the mapping `NAME: {...}` it was exported from.
  private static func named(_ entries: [JSONTree]) -> Node {
    var pairs: [Pair] = []
    for entry in entries {
      guard case .object(var fields) = entry, case .string(let key)? = fields["key"] else {
        pairs.append(Pair(key: .string("?"), value: node(entry)))
        continue
      }
      fields["key"] = nil
      pairs.append(Pair(key: .string(key), value: node(.object(fields))))
    }
    return Node(content: .mapping(pairs), mark: .start, tag: .map)
  }

  private static func node(_ tree: JSONTree) -> Node {
    switch tree {
    case .null: Node(content: .scalar("null"), mark: .start, tag: .null)
    case .bool(let value): Node(content: .scalar(value ? "true" : "false"), mark: .start, tag: .bool)
    case .int(let value): Node(content: .scalar(String(value)), mark: .start, tag: .int)
    case .number(let value): Node(content: .scalar("\(value)"), mark: .start, tag: .float)
    case .string(let value): .string(value)
    case .array(let items): Node(content: .sequence(items.map(node)), mark: .start, tag: .seq)
    case .object(let fields):
      Node(
        content: .mapping(keyOrder(fields.keys).map { Pair(key: .string($0), value: node(fields[$0]!)) }),
        mark: .start, tag: .map)
    }
  }

  /// JSON readers do not keep key order; `id` first reads best in messages, then by name.
  private static func keyOrder(_ keys: Dictionary<String, JSONTree>.Keys) -> [String] {
    keys.sorted { ($0 == "id" ? 0 : 1, $0) < ($1 == "id" ? 0 : 1, $1) }
  }

  private static func failure(_ path: String, _ message: String) -> Document {
    Document(source: nil, root: nil, diagnostics: [problem(path, .notACatalog, "\(path) cannot be loaded: \(message)")])
  }

  private static func problem(_ path: String, _ id: DiagnosticID, _ message: String) -> Diagnostic {
    Diagnostic(file: path, mark: .start, id: id, message: message)
  }

  private static func describe(_ error: Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
    }
    return "\(error)"
  }
}

/// A JSON value as Foundation's decoder reads it: booleans are told from numbers, and whole
/// numbers from fractions.
enum JSONTree: Decodable {
  case null
  case bool(Bool)
  case int(Int)
  case number(Double)
  case string(String)
  case array([JSONTree])
  case object([String: JSONTree])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONTree].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONTree].self))
    }
  }
}
