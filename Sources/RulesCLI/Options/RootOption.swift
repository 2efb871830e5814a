import ArgumentParser
import Foundation
import RulesSource

/// `--root`: the folder a catalog's imports (and a scenario's catalog) must stay in.
struct RootOption: ParsableArguments {
  @Option(
    help: """
      The folder imports must stay in (default: the catalog's repository, the nearest folder \
      above it holding catalogs/ or rules/).
      """)
  var root: String?

  func validate() throws {
    guard let root else { return }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue
    else { throw ValidationError("--root: '\(root)' is not a folder") }
  }

  /// The folder given, if any.
  var explicit: RepositoryRoot? { root.map { RepositoryRoot(folder: $0) } }

  /// The folder given, or the repository of `file`.
  func repository(of file: String) -> RepositoryRoot {
    explicit ?? RepositoryRoot.discover(for: file)
  }
}
