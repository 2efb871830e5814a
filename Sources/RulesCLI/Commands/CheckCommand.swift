import ArgumentParser
import Foundation
import RulesEngine
import RulesKit
import RulesSource

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate catalogs and rule modules.",
    discussion: """
      Reports every problem as path:line:column: error: message [id], with the source line \
      and a caret, then a summary line. Exits 0 when there are no errors, 1 when there are.
      """)

  @Argument(
    help: "Catalog or rule module files, or folders of them (default: catalogs and rules).")
  var paths: [String] = []

  @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
  var format: DiagnosticRenderer.Format = .text

  func run() throws {
    var files: [String] = []
    if paths.isEmpty {
      for folder in ["catalogs", "rules"] where FileManager.default.fileExists(atPath: folder) {
        files += CatalogFiles.files(in: folder)
      }
    } else {
      for path in paths { files += CatalogFiles.files(in: path) }
    }
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceFile] = [:]
    var seen = Set<Diagnostic>()
    for file in files {
      let result = CatalogFiles.check(path: file)
      sources.merge(result.sources) { first, _ in first }
      for diagnostic in result.diagnostics.sortedByPosition() where seen.insert(diagnostic).inserted {
        diagnostics.append(diagnostic)
      }
    }
    switch format {
    case .text:
      for diagnostic in diagnostics {
        print(DiagnosticRenderer.text(diagnostic, source: sources[diagnostic.file]))
      }
      print(DiagnosticRenderer.summary(files: files.count, diagnostics: diagnostics))
    case .json:
      print(DiagnosticRenderer.json(files: files.count, diagnostics: diagnostics))
    case .github:
      for diagnostic in diagnostics { print(DiagnosticRenderer.github(diagnostic)) }
      print(DiagnosticRenderer.summary(files: files.count, diagnostics: diagnostics))
    }
    if diagnostics.hasErrors { throw ExitCode.failure }
  }
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}
