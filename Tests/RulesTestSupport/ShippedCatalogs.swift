import Foundation

/// The catalogs the repository ships, the one list the tests use: every `catalogs/NAME.yaml`,
/// by name, sorted (`discipline`, `imanpath`, `onward`, `rizq`, `salahstreak`). The folder is
/// the truth: a catalog added there is tested everywhere this list is, and CompiledCatalogs'
/// days are held to it (CompiledDayTests).
public enum ShippedCatalogs {
  /// The repository's `catalogs` folder, found from this file's place.
  public static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("catalogs")

  /// The shipped catalogs' names, sorted.
  public static let names: [String] = {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let names = files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.sorted()
    precondition(!names.isEmpty, "no catalog in \(folder.path)")
    return names
  }()
}
