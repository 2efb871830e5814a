import ArgumentParser
import Foundation
@_spi(Tooling) import RulesKit

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

  /// What a refusal of a file outside the folder adds: this option (the engine and the
  /// tooling name no flag).
  static let advice = "--root names another folder"

  /// The folder given, if any.
  var explicit: RepositoryRoot? { root.map { RepositoryRoot(folder: $0, advice: Self.advice) } }

  /// The folder given, or the repository of `file`.
  func repository(of file: String) -> RepositoryRoot {
    explicit ?? RepositoryRoot.discover(for: file, advice: Self.advice)
  }
}
