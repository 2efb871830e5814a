import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Start a new catalog and its scenario file.",
    discussion: """
      Writes catalogs/NAME.yaml (one input, streak, milestone, badge, quote and message, \
      commented) and catalogs/tests/NAME.yaml (scenarios that test it). Both pass \
      `rules check` and `rules test` as written, and the JSON Schemas their first lines name \
      for editors when they are missing. Existing files are never overwritten.
      """)

  @Argument(help: "The catalog's id: lowercase letters, digits and -, e.g. my-app.")
  var name: String

  @Option(help: "The folder for the catalog (the scenarios go in its tests/ folder).")
  var folder = "catalogs"

  func validate() throws {
    guard Names.isID(name) else {
      throw ValidationError("'\(name)' is not a catalog id: use lowercase letters, digits and -, e.g. my-app")
    }
  }

  /// Whether `path` is itself a symbolic link (not followed).
  static func isLink(_ path: String) -> Bool {
    (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSymbolicLink
  }

  /// Why a write failed, in words: the system's reason when there is one.
  static func reason(_ error: Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    // Foundation's words for a path below a file ("The file name is invalid", "error 512")
    // say nothing useful; the message names the path.
    let code = (error as NSError).code
    if code == NSFileWriteInvalidFileNameError || code == NSFileWriteUnknownError {
      return "a part of the path is not a folder, or cannot be written"
    }
    return error.localizedDescription
  }

  func run() throws {
    let catalog = "\(folder)/\(name).yaml"
    let scenarios = "\(folder)/tests/\(name).yaml"
    let manager = FileManager.default
    let schemas = [
      ("\(folder)/catalog.schema.json", JSONSchema.catalog()),
      ("\(folder)/tests/scenario.schema.json", JSONSchema.scenario()),
    ]
    // Nothing is written through a symbolic link (a link could point outside the repository),
    // and a link, even a dangling one, counts as a file that exists.
    for path in [folder, "\(folder)/tests", catalog, scenarios] + schemas.map(\.0) where Self.isLink(path) {
      printError("error: \(path) is a symbolic link; rules init does not write through links")
      throw ExitCode.failure
    }
    for path in [catalog, scenarios] where manager.fileExists(atPath: path) {
      printError("error: \(path) already exists; rules init never overwrites a file")
      throw ExitCode.failure
    }
    var current = "\(folder)/tests"
    do {
      try manager.createDirectory(atPath: current, withIntermediateDirectories: true)
      // `withoutOverwriting`: a file that appeared meanwhile is still not replaced.
      current = catalog
      try Data(StarterCatalog.catalog(name).utf8).write(to: URL(fileURLWithPath: catalog), options: .withoutOverwriting)
      current = scenarios
      try Data(StarterCatalog.scenarios(name).utf8).write(
        to: URL(fileURLWithPath: scenarios), options: .withoutOverwriting)
      // The schemas the files' first lines name, for editors, unless they are there already.
      for (path, schema) in schemas where !manager.fileExists(atPath: path) {
        current = path
        try Data((schema.serialized() + "\n").utf8).write(to: URL(fileURLWithPath: path))
      }
    } catch {
      printError("error: cannot write \(current): \(Self.reason(error))")
      throw ExitCode.failure
    }
    print("Wrote \(catalog) and \(scenarios).")
    print("Next: edit them, then run `rules check` and `rules test`.")
  }
}
