import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The folder a catalog's files must stay in: its repository, the nearest folder above the
/// catalog that holds `catalogs/` or `rules/` (or the catalog's own folder when none does;
/// for a scenario file in a `tests` folder, the folder above),
/// or a folder named with `--root`. Imports and a scenario's catalog outside it are refused
/// before they are read, so that a catalog cannot make `rules` read (and echo) other files.
@_spi(Tooling) public struct RepositoryRoot: Sendable, Equatable, ImportBoundary {
  /// The folder's real path (links resolved), without a trailing slash (except `/`).
  @_spi(Tooling) public let path: String
  /// What a refusal adds (a command's `--root names another folder`); nil: nothing.
  @_spi(Tooling) public var advice: String?

  @_spi(Tooling) public init(folder: String, advice: String? = nil) {
    path = Self.realPath(folder)
    self.advice = advice
  }

  /// The repository of the file at `file`: the nearest folder from the file's own up that
  /// holds a `catalogs` or `rules` folder, else the file's folder (the folder above for a
  /// file in a `tests` folder).
  @_spi(Tooling) public static func discover(for file: String, advice: String? = nil) -> RepositoryRoot {
    let start = URL(fileURLWithPath: realPath(file)).deletingLastPathComponent().path
    var folder = start
    while true {
      for marker in ["catalogs", "rules"] {
        var isDirectory: ObjCBool = false
        let candidate = folder == "/" ? "/" + marker : folder + "/" + marker
        if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
          isDirectory.boolValue
        {
          return RepositoryRoot(folder: folder, advice: advice)
        }
      }
      let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
      if parent == folder || folder == "/" { break }
      folder = parent
    }
    // No repository: the file's folder, or for a scenario in a `tests` folder, the folder
    // above (where its catalog is).
    let url = URL(fileURLWithPath: start)
    return RepositoryRoot(
      folder: url.lastPathComponent == "tests" ? url.deletingLastPathComponent().path : start, advice: advice)
  }

  /// Whether `file` (links resolved) lies inside the folder.
  @_spi(Tooling) public func contains(_ file: String) -> Bool {
    let real = Self.realPath(file)
    if path == "/" { return true }
    return real == path || real.hasPrefix(path + "/")
  }

  /// The absolute path with every link resolved; for a path that does not exist, its
  /// nearest existing folder resolved and the rest appended as written (tidied).
  @_spi(Tooling) public static func realPath(_ path: String) -> String {
    let absolute =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let tidy = FilePath.tidy(absolute)
    if let resolved = resolve(tidy) { return resolved }
    // Resolve the longest existing prefix, then add the rest.
    var parts = tidy.split(separator: "/").map(String.init)
    var rest: [String] = []
    while !parts.isEmpty {
      rest.insert(parts.removeLast(), at: 0)
      if let resolved = resolve("/" + parts.joined(separator: "/")) {
        return FilePath.tidy((resolved == "/" ? "" : resolved) + "/" + rest.joined(separator: "/"))
      }
    }
    return tidy
  }

  private static func resolve(_ path: String) -> String? {
    guard let pointer = realpath(path, nil) else { return nil }
    defer { free(pointer) }
    return String(cString: pointer)
  }
}
