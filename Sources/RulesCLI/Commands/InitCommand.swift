import ArgumentParser
import Foundation
import RulesEngine
import RulesKit

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

  func run() throws {
    let catalog = "\(folder)/\(name).yaml"
    let scenarios = "\(folder)/tests/\(name).yaml"
    let manager = FileManager.default
    for path in [catalog, scenarios] where manager.fileExists(atPath: path) {
      printError("error: \(path) already exists; rules init never overwrites a file")
      throw ExitCode.failure
    }
    do {
      try manager.createDirectory(atPath: "\(folder)/tests", withIntermediateDirectories: true)
      // `withoutOverwriting`: a file that appeared meanwhile is still not replaced.
      try Data(StarterCatalog.catalog(name).utf8).write(to: URL(fileURLWithPath: catalog), options: .withoutOverwriting)
      try Data(StarterCatalog.scenarios(name).utf8).write(
        to: URL(fileURLWithPath: scenarios), options: .withoutOverwriting)
      // The schemas the files' first lines name, for editors, unless they are there already.
      for (path, schema) in [
        ("\(folder)/catalog.schema.json", JSONSchema.catalog()),
        ("\(folder)/tests/scenario.schema.json", JSONSchema.scenario()),
      ] where !manager.fileExists(atPath: path) {
        try Data((schema.serialized() + "\n").utf8).write(to: URL(fileURLWithPath: path))
      }
    } catch {
      printError("error: cannot write the new catalog: \(error.localizedDescription)")
      throw ExitCode.failure
    }
    print("Wrote \(catalog) and \(scenarios).")
    print("Next: edit them, then run `rules check` and `rules test`.")
  }
}
