import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// A catalog as it was in a git revision (`REV:PATH`): the catalog, its rule modules and its
/// locale files read with `git show`, never from the working tree.
package enum CatalogRevision {
  /// Why a revision's catalog cannot be read.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// `REV:PATH` split, when `text` has that shape and is not a file of the working tree.
  package static func split(_ text: String) -> (revision: String, path: String)? {
    guard !FileManager.default.fileExists(atPath: text), let colon = text.firstIndex(of: ":") else { return nil }
    let revision = String(text[..<colon])
    let path = String(text[text.index(after: colon)...])
    guard !revision.isEmpty, !path.isEmpty else { return nil }
    return (revision, path)
  }

  /// Validates the catalog at `path` (relative to the current folder) as of `revision` of the
  /// catalog's own git repository: the one holding its folder, which need not be the current
  /// folder's (`rules site --catalogs DIR --against REV` of another repository's catalogs).
  package static func validate(revision: String, path: String) throws(Failure) -> CatalogValidation {
    let current = FileManager.default.currentDirectoryPath
    let absolute = FilePath.tidy(path.hasPrefix("/") ? path : current + "/" + path)
    let folder = (absolute as NSString).deletingLastPathComponent
    let top = try git(["rev-parse", "--show-toplevel"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
    let realTop = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
    let realFile =
      URL(fileURLWithPath: absolute).deletingLastPathComponent().resolvingSymlinksInPath().path + "/"
      + URL(fileURLWithPath: absolute).lastPathComponent
    guard realFile.hasPrefix(realTop + "/") else {
      throw Failure(description: "\(path) is not inside the git repository at \(top)")
    }
    let relative = String(realFile.dropFirst(realTop.count + 1))
    // The catalog's repository: the folder holding its catalogs/ folder (or its own folder).
    var repository = (relative as NSString).deletingLastPathComponent
    if (repository as NSString).lastPathComponent == "catalogs" {
      repository = (repository as NSString).deletingLastPathComponent
    }
    let prefix = repository.isEmpty ? "" : repository + "/"
    let listed = try git(["ls-tree", "-r", "--name-only", "--full-tree", revision], in: folder)
      .split(separator: "\n").map(String.init)
    guard listed.contains(relative) else {
      throw Failure(description: "\(revision):\(path): the revision has no such file")
    }
    var files: [String: String] = [:]
    for file in listed
    where file == relative
      || ((file.hasPrefix(prefix + "catalogs/") || file.hasPrefix(prefix + "rules/"))
        && (file.hasSuffix(".yaml") || file.hasSuffix(".yml")) && !file.contains("/tests/"))
    {
      files[realTop + "/" + file] = try git(["show", "\(revision):\(file)"], in: folder)
    }
    let catalogPath = realTop + "/" + relative
    return CatalogFiles.validate(
      path: catalogPath, reader: YAMLDocuments.catalogReader(files: files), locales: LocaleFiles.among(files.keys))
  }

  /// The output of `git ARGUMENTS`, or its error.
  static func git(_ arguments: [String], in folder: String) throws(Failure) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot run git: \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let reason = message.split(separator: "\n").first.map(String.init) ?? "exit \(process.terminationStatus)"
      throw Failure(description: "git \(arguments.joined(separator: " ")): \(reason)")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
