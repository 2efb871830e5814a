import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSite

struct SiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "site",
    abstract: "Write the studio's pages as a static site: catalogs, users' journeys, a change's impact.",
    discussion: """
      index.html links every page: a page per catalog (milestones, badges, quotes, messages; \
      English and Arabic), a page per history under each catalog that reads it (or the one its \
      `catalog:` line names): its calendar, streak runs, unlocks, a step per day and why each \
      locked badge is not unlocked yet; with --against, the impact page of each catalog changed \
      since that git revision, over the histories. A catalog that fails `rules check` gets a \
      page of its problems, and the command exits 1 after writing every other page. The pages \
      fetch nothing (no network); docs/site.md lists their data-* attributes.
      """)

  @Option(help: "The catalogs: a folder (its tests/ folders left out) or one file.")
  var catalogs = "catalogs"

  @Option(help: "A history file, or a folder of history files (YAML).")
  var history: String?

  @Option(
    help: "The date the user pages open at (default: each history's last day) and the others use (default: today, UTC)."
  )
  var date: String?

  @Option(help: "A git revision: adds the impact page of each catalog changed since it.")
  var against: String?

  @Option(help: "The folder to write the site into (created if absent).")
  var out: String

  func validate() throws {
    if let date, let problem = CalendarDay.problem(with: date) { throw ValidationError("--date: \(problem)") }
    if !FileManager.default.fileExists(atPath: catalogs) {
      throw ValidationError("--catalogs: '\(catalogs)' does not exist")
    }
    if let history, !FileManager.default.fileExists(atPath: history) {
      throw ValidationError("--history: '\(history)' does not exist")
    }
    if out.isEmpty { throw ValidationError("--out: the path is empty") }
  }

  func run() throws {
    let input = SiteInput(
      catalogs: catalogs, history: history, date: try date.map { try CalendarDay($0) }, against: against)
    let site = Site.load(input)
    let written: [String]
    do {
      written = try site.write(to: out)
    } catch {
      printError("error: cannot write the site into \(out): \(error.localizedDescription)")
      throw ExitCode(2)
    }
    for note in site.notes { printError("warning: \(note)") }
    for unread in site.workspace.unread {
      printError("warning: \(unread.path) is a history of no catalog here")
    }
    for broken in site.workspace.broken {
      printError(
        "error: \(broken.path) fails rules check (\(broken.diagnostics.errorCount) errors): see \(out)/\(SiteRoute.diagnostics(name: broken.name).path)"
      )
    }
    print("wrote \(written.count) pages into \(out) (open \(out)/index.html)")
    if site.failed { throw ExitCode.failure }
  }
}
