import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesReach
import RulesSource

struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Validate catalogs and rule modules.",
    discussion: """
      Reports every problem as path:line:column: error: message [id], with the source line \
      and a caret, then a summary line. Exits 0 when there are no errors, 1 when there are. \
      A scenario file named here (a file with a top-level `scenarios` key) is checked against \
      its catalog as `rules test` reads it, without running it.
      """)

  @Argument(
    help: """
      Catalog, rule module or scenario files, or folders of them (default: catalogs and rules; \
      a folder's tests/ folders are left out unless named).
      """)
  var paths: [String] = []

  @Option(help: "Output format: text, json or github (GitHub Actions annotations).")
  var format: DiagnosticRenderer.Format = .text

  @OptionGroup var root: RootOption

  @Option(
    help: """
      A git revision (e.g. origin/main): a catalog whose ids were removed or renamed since it \
      without a version bump is an error [version-not-bumped].
      """)
  var against: String?

  func run() throws {
    var files: [String] = []
    // The folder each file was found in (a file named alone has none): a folder holds one
    // catalog per id, as a server's catalogs folder must.
    var folderOf: [String: String] = [:]
    for path in paths.isEmpty ? ["catalogs", "rules"].filter({ FileManager.default.fileExists(atPath: $0) }) : paths {
      let found = YAMLFiles.files(in: path, leavingOut: "tests")
      if found != [path] { for file in found { folderOf[file] = path } }
      files += found
    }
    var declared: [String: [DuplicateCatalogRule.File]] = [:]
    var diagnostics: [Diagnostic] = []
    var sources: [String: SourceFile] = [:]
    var seen = Set<Diagnostic>()
    // Catalogs without a problem are decoded straight from libyaml's events; anything else
    // (a scenario file, a problem) is read into nodes, as before.
    let read = YAMLDocuments.catalogReader()
    for file in files {
      // The file is read once, then checked as what it is.
      let document = read(file)
      let reader: DocumentReader = { $0 == file ? document : read($0) }
      let repository = root.repository(of: file)
      let found: [Diagnostic]
      if ScenarioFiles.isScenarioFile(document.root) {
        let run = ScenarioFiles.validate([file], reader: reader, root: repository).run
        sources.merge(run.sources) { first, _ in first }
        found = run.problems
      } else {
        let result = CatalogFiles.validate(path: file, reader: reader, root: repository)
        sources.merge(result.sources) { first, _ in first }
        var all = result.diagnostics
        // What reach proves of a valid catalog: badges and milestones no user can reach, badges
        // every user has at once, progressive groups out of order (warnings; docs/reach.md).
        if let validated = result.validated, !result.isModule, !all.hasErrors {
          all += ReachWarnings.diagnostics(validated)
        }
        if let against, let validated = result.validated, !result.isModule {
          do {
            if let bump = try VersionBumpRule.check(validated, source: result.sources[file], against: against) {
              all.append(bump)
            }
          } catch {
            printError("error: --against \(against): \(error.description)")
            throw ExitCode(64)
          }
        }
        if let folder = folderOf[file], let validated = result.validated, !result.isModule {
          let declaring = DuplicateCatalogRule.File(
            path: file, id: validated.catalog.id, source: result.sources[file])
          all += DuplicateCatalogRule.check(declared[folder, default: []] + [declaring]).filter { $0.file == file }
          declared[folder, default: []].append(declaring)
        }
        found = all
      }
      for diagnostic in found.sortedByPosition() where seen.insert(diagnostic).inserted {
        diagnostics.append(diagnostic)
      }
    }
    switch format {
    case .text:
      let (shown, notes) = DiagnosticRenderer.limited(diagnostics)
      for diagnostic in shown {
        print(DiagnosticRenderer.text(diagnostic, source: sources[diagnostic.file]))
      }
      for note in notes { print(note) }
      print(DiagnosticRenderer.summary(files: files.count, diagnostics: diagnostics))
    case .json:
      print(DiagnosticRenderer.json(files: files.count, diagnostics: diagnostics))
    case .github:
      let (shown, notes) = DiagnosticRenderer.limited(diagnostics)
      for diagnostic in shown { print(DiagnosticRenderer.github(diagnostic)) }
      for note in notes { print(note) }
      print(DiagnosticRenderer.summary(files: files.count, diagnostics: diagnostics))
    }
    if diagnostics.hasErrors { throw ExitCode.failure }
  }
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}
