/// Paths as people read them: `catalogs/../rules/x.yaml` is `rules/x.yaml`, and a path
/// written in a file (an import, a scenario's catalog) is relative to that file's folder.
public enum FilePath {
  /// `a/./b/../c` as `a/c`; a relative path stays relative, `..` that cannot go up stays.
  public static func tidy(_ path: String) -> String {
    var parts: [String] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != "..", !last.isEmpty {
        parts.removeLast()
      } else {
        parts.append(String(part))
      }
    }
    let joined = parts.joined(separator: "/")
    return joined.isEmpty ? "." : joined
  }

  /// `path` as written in `file`: absolute as it is, else relative to the file's folder.
  public static func resolve(_ path: String, from file: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let slash = file.lastIndex(of: "/") else { return tidy(path) }
    return tidy(String(file[...slash]) + path)
  }
}
