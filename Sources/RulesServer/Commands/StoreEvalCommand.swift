import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

struct StoreEvalCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate one user of the store: the same output as `rules eval` for the same records.",
    discussion: """
      Counts the user's stored days as `rules eval` counts a history file without --state; \
      nothing is written.
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @OptionGroup var store: StoreOption
  @Option(help: "The user's id.") var user: String
  @Option(help: "The date, YYYY-MM-DD (default: today in the user's time zone).") var date: String?
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func validate() throws {
    _ = try parseDay(date, option: "--date")
    if let problem = UserID.problem(user) { throw ValidationError("--user: \(problem)") }
  }

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let opened = try await store.open()
    let asked = try parseDay(date, option: "--date")
    let check: UserCheck?
    do {
      // A read-only transaction: no lock taken.
      let read = try await opened.readUser(catalog: catalog.id, user: user, allDays: true)
      if var loaded = read, !loaded.days.isEmpty {
        // As `rules eval` without --state: every record, no saved state.
        loaded.state = nil
        loaded.stateDate = nil
        loaded.rebuild = false
        if let asked, asked > FutureDays.system.latest(for: loaded) {
          // Allowed (nothing is written), but no app may write such a day now.
          let today = FutureDays.system.today(for: loaded)
          printError(
            "warning: --date \(asked) is in the future: the user's today is \(today) (\(FutureDays.system.zoneName(loaded.zone, changes: loaded.timeZoneChanges))); nothing is written"
          )
        }
        (_, check) = try UserEvaluation.run(loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded))
      } else {
        check = nil
      }
    } catch {
      printError("error: \(error)")
      try? await opened.close()
      throw ExitCode.failure
    }
    try? await opened.close()
    guard let check else {
      printError("error: the store has no record of the user '\(user)' in the catalog '\(catalog.id)'")
      throw ExitCode.failure
    }
    for warning in check.warnings { printError("warning: \(warning)") }
    switch format {
    case .json: print(check.json)
    case .text: print(check.text)
    }
  }
}
