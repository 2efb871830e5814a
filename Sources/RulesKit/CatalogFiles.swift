import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// Loading catalogs from files: read with libyaml, imports merged, checked.
public enum CatalogFiles {
  /// Loads and checks the catalog or module at `path` (YAML, read with libyaml).
  public static func validate(path: String, reader: DocumentReader? = nil) -> CatalogValidation {
    CatalogValidation.load(path: path, reader: reader ?? YAMLDocuments.reader())
  }

  /// A `DocumentReader` for catalogs exported as JSON files.
  public static let exportedReader: DocumentReader = { path in
    do {
      return ExportedCatalog.document(try Data(contentsOf: URL(fileURLWithPath: path)), path: path)
    } catch {
      return Document(
        source: nil, root: nil,
        diagnostics: [
          Diagnostic(
            file: path, mark: .start, id: .fileUnreadable,
            message: "cannot read the file: \(error.localizedDescription)")
        ])
    }
  }

  /// Loads and checks the exported catalog (JSON) at `path`.
  public static func validateExported(path: String) -> CatalogValidation {
    CatalogValidation.load(path: path, reader: exportedReader)
  }

  /// The YAML files a path names: the file itself, or a folder's `.yaml`/`.yml` files
  /// (recursively, sorted), leaving out scenario files under `tests/` folders.
  public static func files(in path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return [path] }
    let enumerator = FileManager.default.enumerator(atPath: path)
    var found: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
      if relative.split(separator: "/").dropLast().contains("tests") { continue }
      found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
    }
    return found.sorted()
  }
}
