import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import YAMLReader

/// Scenario files read with libyaml and run against their catalogs.
package enum ScenarioFiles {
  /// Whether a file read as `root` is a scenario file (a `scenarios` key at its top; a
  /// catalog or module has none), so that `rules check` checks it as one.
  package static func isScenarioFile(_ root: Node?) -> Bool {
    root?["scenarios"] != nil
  }

  /// Reads, validates and runs every scenario of `paths`; a file refused for lying outside
  /// the repository gets `advice` (the command's option) in its diagnostic.
  package static func run(
    _ paths: [String], reader: DocumentReader? = nil, root: RepositoryRoot? = nil, advice: String? = nil
  ) -> ScenarioRun {
    let validation = validate(paths, reader: reader, root: root, advice: advice)
    var run = validation.run
    for (file, catalog) in validation.loaded {
      run.outcomes += ScenarioRunner.run(file, engine: Engine(catalog))
    }
    return run
  }

  /// Reads every scenario file of `paths` and validates it against its catalog without running
  /// it: what `rules check` does with a scenario file. `run.outcomes` is empty; `loaded` has
  /// the files that can be run, each with its validated catalog. The catalogs and their
  /// imports must stay in `root`, by default (reading from disk) each scenario's repository.
  package static func validate(
    _ paths: [String], reader: DocumentReader? = nil, root repository: RepositoryRoot? = nil,
    advice: String? = nil
  )
    -> (run: ScenarioRun, loaded: [(file: ScenarioFile, catalog: ValidatedCatalog)])
  {
    let fromDisk = reader == nil
    let reader = reader ?? YAMLDocuments.reader()
    var run = ScenarioRun()
    var loaded: [(ScenarioFile, ValidatedCatalog)] = []
    var catalogs: [String: CatalogValidation] = [:]
    for path in paths {
      run.files.append(path)
      let document = reader(path)
      if let source = document.source { run.sources[path] = source }
      run.problems += document.diagnostics
      guard let root = document.root else {
        if !document.diagnostics.hasErrors { run.problems += ScenarioDecoder.validateShape(nil, file: path) }
        continue
      }
      let scenarioCount = root["scenarios"]?.items?.count ?? 0
      guard let reference = ScenarioDecoder.catalogReference(in: root) else {
        run.problems += ScenarioDecoder.validateShape(root, file: path)
        run.notRun += scenarioCount
        continue
      }
      let catalogPath = FilePath.resolve(reference.path, from: path)
      let confinement = repository ?? (fromDisk ? RepositoryRoot.discover(for: path, advice: advice) : nil)
      if let confinement, !confinement.contains(catalogPath) {
        run.problems.append(
          Diagnostic(
            file: path, mark: reference.mark, id: .badScenario,
            message: "the catalog '\(reference.path)' is outside the scenario's repository "
              + "(\(confinement.path)); it is not read" + (confinement.advice.map { " (\($0))" } ?? "")))
        run.notRun += scenarioCount
        continue
      }
      let check =
        catalogs[catalogPath]
        ?? CatalogValidation.load(
          path: catalogPath, reader: reader, root: confinement, locales: fromDisk ? LocaleFiles.disk : nil)
      catalogs[catalogPath] = check
      guard let validated = check.validated else {
        run.sources.merge(check.sources) { first, _ in first }
        run.problems += check.diagnostics.filter { $0.severity == .error }
        run.problems.append(
          Diagnostic(
            file: path, mark: reference.mark, id: .badScenario,
            message: "the catalog '\(reference.path)' (\(catalogPath)) cannot be used; its errors are above"))
        run.problems += ScenarioDecoder.validateShape(root, file: path)
        run.notRun += scenarioCount
        continue
      }
      let (file, problems) = ScenarioDecoder.decode(root, file: path, catalogPath: catalogPath, catalog: validated)
      run.problems += problems
      guard let file else {
        run.notRun += scenarioCount
        continue
      }
      loaded.append((file, validated))
    }
    return (run, loaded)
  }
}
