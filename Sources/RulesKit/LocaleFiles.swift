import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Where a catalog's locale files are: `locales/LOCALE/FILE` next to the catalog's `FILE`
/// (`catalogs/locales/ar/rizq.yaml` for `catalogs/rizq.yaml`).
@_spi(Tooling) public enum LocaleFiles {
  /// The path of the `locale` file of the catalog at `catalogPath`.
  package static func path(of locale: String, for catalogPath: String) -> String {
    let url = URL(fileURLWithPath: catalogPath)
    let folder = (catalogPath as NSString).deletingLastPathComponent
    let relative = "locales/\(locale)/\(url.lastPathComponent)"
    return folder.isEmpty ? relative : "\(folder)/\(relative)"
  }

  /// The locale files on disk, sorted by locale.
  @_spi(Tooling) public static let disk: LocaleFinder = { catalogPath in
    let folder = (catalogPath as NSString).deletingLastPathComponent
    let locales = (folder.isEmpty ? "" : folder + "/") + "locales"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: locales) else { return [] }
    return names.sorted().compactMap { name in
      let path = path(of: name, for: catalogPath)
      return FileManager.default.fileExists(atPath: path) ? (name, path) : nil
    }
  }

  /// The locale files among `paths` (texts held in memory), sorted by locale.
  package static func among(_ paths: some Sequence<String>) -> LocaleFinder {
    let all = Array(paths)
    return { catalogPath in
      let folder = (catalogPath as NSString).deletingLastPathComponent
      let prefix = (folder.isEmpty ? "" : folder + "/") + "locales/"
      let name = URL(fileURLWithPath: catalogPath).lastPathComponent
      return all.compactMap { path -> (locale: String, path: String)? in
        guard path.hasPrefix(prefix), path.hasSuffix("/" + name) else { return nil }
        let locale = path.dropFirst(prefix.count).dropLast(name.count + 1)
        return locale.isEmpty || locale.contains("/") ? nil : (String(locale), path)
      }.sorted { $0.locale < $1.locale }
    }
  }
}
