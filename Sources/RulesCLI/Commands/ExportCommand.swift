import ArgumentParser
import Foundation
import RulesEngine

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write a catalog as JSON for apps, with imports merged and defaults filled.",
    discussion: """
      The JSON has a stable layout with a format version (docs/export.md): the catalog \
      format's keys, every default written out, `inputs`, `streaks` and `metrics` as lists \
      in order. The engine loads it with Foundation alone (ExportedCatalog), where libyaml \
      is not available, and evaluates it exactly as the YAML.
      """)

  @OptionGroup var catalog: CatalogOptions

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case json
  }

  @Option(help: "Output format (json).")
  var format: Format = .json

  @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
  var output: String?

  func run() throws {
    let checked = try catalog.load()
    let text = CatalogExport.json(checked).serialized() + "\n"
    guard let output else {
      print(text, terminator: "")
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      printError("error: cannot write \(output): \(error.localizedDescription)")
      throw ExitCode.failure
    }
  }
}
