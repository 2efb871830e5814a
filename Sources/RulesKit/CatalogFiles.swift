import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// Loading catalogs from files: read with libyaml, imports merged, checked.
public enum CatalogFiles {
  /// Loads and checks the catalog or module at `path` (YAML, read with libyaml). Read from
  /// disk (no `reader`), its imports must stay in `root`, by default the catalog's
  /// repository; with a `reader`, only in `root` when one is given.
  public static func check(path: String, reader: DocumentReader? = nil, root: RepositoryRoot? = nil)
    -> CatalogCheck
  {
    let confinement = root ?? (reader == nil ? RepositoryRoot.discover(for: path) : nil)
    return CatalogCheck.load(path: path, reader: reader ?? YAMLDocuments.reader(), root: confinement)
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
