import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run the catalogs' scenario tests.",
    discussion: """
      A scenario file names a catalog and holds scenarios: a history and what the app's daily \
      checks must show on given dates (streaks, metrics, badges, milestones, quote, message). \
      Each scenario is replayed day by day like `rules replay`. A failed expectation is \
      reported at its line in the scenario file with what was expected and what was found. \
      The last line is `N passed, M failed`; the exit code is 1 when anything failed or a \
      scenario file has errors.
      """)

  @Argument(help: "Scenario files, or folders of them (default: catalogs/tests).")
  var paths: [String] = []

  @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
  var format: DiagnosticRenderer.Format = .text

  @Flag(name: .shortAndLong, help: "List every scenario with its result.")
  var verbose = false

  @OptionGroup var root: RootOption

  func run() throws {
    let roots = paths.isEmpty ? ["catalogs/tests"] : paths
    var files: [String] = []
    for root in roots where !paths.isEmpty || FileManager.default.fileExists(atPath: root) {
      files += YAMLFiles.files(in: root)
    }
    let result = ScenarioFiles.run(files, root: root.explicit, advice: RootOption.advice)
    let diagnostics = result.problems.sortedByPosition() + result.failures
    let summary = "\(result.passed) passed, \(result.failed) failed"
    switch format {
    case .text:
      if verbose {
        for outcome in result.outcomes {
          print("\(outcome.passed ? "pass" : "FAIL")  \(outcome.origin): \(outcome.name)")
        }
      }
      let (shown, notes) = DiagnosticRenderer.limited(diagnostics)
      for diagnostic in shown {
        print(DiagnosticRenderer.text(diagnostic, source: result.sources[diagnostic.file]))
      }
      for note in notes { print(note) }
      print(summary)
    case .json:
      print(
        JSONValue.object([
          ("passed", .int(result.passed)),
          ("failed", .int(result.failed)),
          (
            "scenarios",
            .array(
              result.outcomes.map {
                .object([
                  ("file", .string($0.origin.file)),
                  ("line", .int($0.origin.mark.line)),
                  ("name", .string($0.name)),
                  ("passed", .bool($0.passed)),
                ])
              })
          ),
          ("diagnostics", .array(diagnostics.map(DiagnosticRenderer.json))),
        ]).serialized())
    case .github:
      for diagnostic in diagnostics { print(DiagnosticRenderer.github(diagnostic)) }
      print(summary)
    }
    if files.isEmpty {
      printError("no scenario files found in \(roots.joined(separator: ", "))")
      throw ExitCode.failure
    }
    if result.failed > 0 || diagnostics.hasErrors { throw ExitCode.failure }
  }
}
