import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesLanguage
import RulesReach

struct ReachCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reach",
    abstract: "Say who can reach each badge and milestone, and how soon.",
    discussion: """
      For every badge and milestone: reachable (with the fewest days of a history that reaches \
      it on its last date, from a new user, over every start date, input value and time zone), \
      always (every new user has it at the first check), unreachable (proved, with the reason) \
      or unknown (with the reason). --witness DIR writes a history file for each item found, \
      which `rules replay` replays to it. See docs/reach.md.
      """)

  @Argument(help: "The catalogs: files, or names in catalogs/ (e.g. rizq).")
  var catalogs: [String]

  @OptionGroup var root: RootOption

  @Option(help: "Write each item's witness history to this folder (CATALOG/badge-ID.yaml, CATALOG/milestone-ID.yaml).")
  var witness: String?

  @Option(help: "The most days a history searched may have (at least 400 by default: a year and a Hijri year).")
  var horizon: Int = 400

  @OptionGroup var output: FormatOptions

  func validate() throws {
    guard (1...3660).contains(horizon) else {
      throw ValidationError("--horizon must be 1 to 3660 days; found \(horizon)")
    }
  }

  func run() throws {
    var reports: [JSONValue] = []
    var texts: [String] = []
    for name in catalogs {
      var options = try CatalogOptions.parse([name])
      options.root = root
      let validated = try options.load()
      let report = Reach.analyse(validated, limits: Reach.Limits(horizon: horizon))
      var files: [String: String] = [:]
      if let witness {
        let folder = (witness as NSString).appendingPathComponent(validated.catalog.id)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for item in report.items {
          guard let history = item.witness, item.status == .reachable || item.status == .always else { continue }
          let path = (folder as NSString).appendingPathComponent("\(item.fileName).yaml")
          let text = history.yaml(catalog: validated, reaching: "the \(item.kind.rawValue) '\(item.id)'")
          do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
          } catch {
            printError("error: \(path): \(error.localizedDescription)")
            throw ExitCode.failure
          }
          files[item.key] = path
        }
      }
      reports.append(report.json(witnesses: files))
      texts.append(report.text)
    }
    switch output.format {
    case .json: print(JSONValue.array(reports).serialized())
    case .text: print(texts.joined(separator: "\n\n"))
    }
  }
}
