import Foundation

/// The YAML files a command works on, for `rules check` (catalogs and modules) and `rules test`
/// (scenario files).
package enum YAMLFiles {
  /// The YAML files `path` names: the file itself, or a folder's `.yaml` and `.yml` files
  /// (recursively, sorted), leaving out those under a folder named `leavingOut` (`rules check`
  /// leaves scenario files under `tests/` to `rules test`). Files under a `locales/` folder
  /// are translations, read with their catalog, and are left out too, and so is what is hidden
  /// (a name starting with `.`: `.build/`, `.git/`, an editor's swap files).
  package static func files(in path: String, leavingOut folder: String? = nil) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
    else { return [path] }
    // A folder that is a symbolic link (a catalogs folder switched by one rename) is read
    // through it; the files keep the path as given.
    let enumerator = FileManager.default.enumerator(
      atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    var found: [String] = []
    while let relative = enumerator?.nextObject() as? String {
      if relative.split(separator: "/").last?.hasPrefix(".") == true {
        enumerator?.skipDescendants()
        continue
      }
      guard relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") else { continue }
      let folders = relative.split(separator: "/").dropLast()
      if let folder, folders.contains(Substring(folder)) { continue }
      if folders.contains("locales") { continue }
      found.append(path.hasSuffix("/") ? path + relative : path + "/" + relative)
    }
    return found.sorted()
  }
}
