import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What changed between two versions of a catalog, and what the change does to users.",
    discussion: """
      OLD and NEW are each a catalog file, a name in catalogs/, or REV:PATH read from git \
      (HEAD:catalogs/rizq.yaml). With one argument, its file as of HEAD is compared with the \
      working file (`rules diff rizq`). Reports badges, milestones, quotes, messages, streaks, \
      metrics, inputs, groups and each locale's texts added, removed, changed (with the fields) \
      or renamed, and warns when ids changed without a version bump. With --history (a history \
      file, or a folder of them), each user is evaluated as of --date under both catalogs, from \
      their first day: who holds each badge, who would, who would gain it, who holds it but \
      would not earn it under the new rule (unlocks are never taken back). Nothing is written. \
      Exits 0 when nothing changed, 1 when something did, 2 when a catalog or history cannot \
      be read, 64 on a usage error.
      """)

  @Argument(help: "The old catalog: a file, a name in catalogs/, or REV:PATH.") var old: String
  @Argument(help: "The new catalog (default: OLD's working file, OLD then read as of HEAD).") var new: String?
  @Option(help: "A history file, or a folder of history files (YAML): the users to count.") var history: String?
  @Option(help: "The date to evaluate the users as of, YYYY-MM-DD (default: today, UTC).") var date: String?
  @Option(help: "Users listed per row of the impact (default 0: counts only).") var sample = 0
  @OptionGroup var output: FormatOptions

  func validate() throws {
    if let date, let problem = CalendarDay.problem(with: date) { throw ValidationError("--date: \(problem)") }
    if sample < 0 { throw ValidationError("--sample must be 0 or more") }
    if date != nil && history == nil { throw ValidationError("--date needs --history") }
    if sample > 0 && history == nil { throw ValidationError("--sample needs --history") }
    if let history, !FileManager.default.fileExists(atPath: history) {
      throw ValidationError("--history: '\(history)' does not exist")
    }
  }

  func run() throws {
    let (oldSide, newSide) = sides()
    let oldCatalog = try load(oldSide)
    let newCatalog = try load(newSide)
    let diff = CatalogDiff(old: oldCatalog, new: newCatalog)
    var impact: DiffImpact?
    if let history {
      let day = try date.map { try CalendarDay($0) } ?? CalendarDay.today(in: TimeZone(identifier: "UTC")!)
      impact = try evaluate(history, on: day, old: oldCatalog, new: newCatalog)
    }
    let report = DiffReport(diff: diff, impact: impact, sample: sample)
    switch output.format {
    case .json: print(report.json.serialized())
    case .text: print(report.text)
    }
    if !diff.isEmpty { throw ExitCode.failure }
  }

  /// OLD and NEW as given, or OLD's file as of HEAD and its working file.
  func sides() -> (String, String) {
    guard let new else {
      let path = Self.path(old)
      return ("HEAD:" + path, path)
    }
    return (old, new)
  }

  /// A catalog name in catalogs/ as its path.
  static func path(_ text: String) -> String {
    if !FileManager.default.fileExists(atPath: text), !text.contains("/"), !text.hasSuffix(".yaml") {
      return "catalogs/\(text).yaml"
    }
    return text
  }

  /// Loads one side, or prints why it cannot and exits 2.
  func load(_ side: String) throws -> ValidatedCatalog {
    let result: CatalogValidation
    if let (revision, path) = CatalogRevision.split(side) {
      do {
        result = try CatalogRevision.validate(revision: revision, path: Self.path(path))
      } catch {
        printError("error: \(error.description)")
        throw ExitCode(2)
      }
    } else {
      result = CatalogFiles.validate(path: Self.path(side))
    }
    guard let validated = result.validated else {
      for diagnostic in result.diagnostics.sortedByPosition() {
        printError(DiagnosticRenderer.text(diagnostic, source: result.sources[diagnostic.file]))
      }
      printError("error: \(side) is not a catalog that can be used")
      throw ExitCode(2)
    }
    return validated
  }

  /// Every history of `path` (a file, or the YAML files of a folder) under both catalogs.
  func evaluate(_ path: String, on day: CalendarDay, old: ValidatedCatalog, new: ValidatedCatalog) throws
    -> DiffImpact
  {
    var isFolder: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    let files = isFolder.boolValue ? YAMLFiles.files(in: path, leavingOut: nil) : [path]
    var impact = DiffImpact(date: day, old: old, new: new)
    let oldEngine = Engine(old)
    let newEngine = Engine(new)
    for file in files {
      var evaluations: [Evaluation] = []
      var user = (file as NSString).lastPathComponent
      for (catalog, engine) in [(old, oldEngine), (new, newEngine)] {
        let loaded = HistoryFiles.load(path: file, inputs: catalog.inputs)
        guard let history = loaded.history else {
          for diagnostic in loaded.diagnostics.sortedByPosition() where diagnostic.severity == .error {
            printError(DiagnosticRenderer.text(diagnostic, source: loaded.source))
          }
          printError("error: \(file) is not a history of \(catalog.catalog.id)")
          throw ExitCode(2)
        }
        user = history.user ?? user
        do {
          evaluations.append(try DiffImpact.evaluation(of: history, by: engine, on: day))
        } catch {
          impact.fail(user: user, message: "\(error)")
        }
      }
      if evaluations.count == 2 { impact.add(user: user, old: evaluations[0], new: evaluations[1]) }
    }
    return impact
  }
}
