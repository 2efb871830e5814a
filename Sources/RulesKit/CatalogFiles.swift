import Foundation
import RulesEngine
import RulesSource
import YAMLReader

/// A catalog (or rule module) file loaded and checked.
public struct CatalogCheck: Sendable {
  /// The catalog ready to evaluate, when nothing was an error.
  public var checked: CheckedCatalog?
  /// The text of every file involved, for printing source lines.
  public var sources: [String: SourceFile]
  public var diagnostics: [Diagnostic]
  /// Whether the file is a rule module rather than a catalog.
  public var isModule: Bool
}

/// Loading catalogs from files: read with libyaml, imports merged, checked.
public enum CatalogFiles {
  /// Loads and checks the catalog or module at `path`.
  public static func check(path: String, reader: DocumentReader? = nil) -> CatalogCheck {
    let loaded = CatalogLoader.load(path: path, reader: reader ?? YAMLDocuments.reader())
    var diagnostics = loaded.diagnostics
    var checked: CheckedCatalog?
    if let catalog = loaded.catalog {
      let (result, problems) = CatalogChecker.check(
        catalog, sources: loaded.sources, isModule: loaded.module != nil)
      diagnostics += problems
      checked = loaded.module == nil && !diagnostics.hasErrors ? result : nil
    }
    return CatalogCheck(
      checked: checked, sources: loaded.sources, diagnostics: unique(diagnostics),
      isModule: loaded.module != nil)
  }

  /// The same diagnostic reported twice (a module imported by two files) is shown once.
  static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    var seen = Set<Diagnostic>()
    return diagnostics.filter { seen.insert($0).inserted }
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
