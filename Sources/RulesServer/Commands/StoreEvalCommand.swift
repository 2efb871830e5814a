import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

struct StoreEvalCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Show one user's progress as the store keeps it; --fresh counts their days from scratch.",
    discussion: """
      By default, the user's saved state and unlocks carried to the date, as GET .../progress \
      answers. With --fresh, every stored day counted without the saved state, as `rules eval` \
      counts a history file without --state (the same output). Nothing is written.
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @OptionGroup var store: StoreOption
  @Option(help: "The user's id.") var user: String
  @Option(help: "The date, YYYY-MM-DD (default: today in the user's time zone).") var date: String?
  @Flag(help: "Count every stored day from scratch, without the saved state (as `rules eval` counts a history).")
  var fresh = false
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func validate() throws {
    _ = try parseDay(date, option: "--date")
    if let problem = UserID.problem(user) { throw ValidationError("--user: \(problem)") }
  }

  func run() async throws {
    let served = try loadCatalog(catalog)
    let opened = try await store.open()
    // The user's arm of the catalog's running experiment, as the server evaluates them.
    let running = (try? await RunningExperiment.running(in: opened, catalog: served.id)) ?? nil
    let armed = ArmedCatalog(control: served, experiment: running, user: user)
    let catalog = armed.catalog
    let asked = try parseDay(date, option: "--date")
    let check: UserCheck?
    do {
      check = try await (fresh ? freshCheck(opened, catalog, asked) : storedCheck(opened, catalog, asked))
    } catch {
      printError("error: \(StoreError.text(error))")
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
    case .json: print(armed.json(check))
    case .text: print(check.text)
    }
  }

  /// The user as GET .../progress answers: the saved state and unlocks carried to the date, read
  /// without a lock (nil: no state and no day stored).
  func storedCheck(_ opened: any StoreBackend, _ catalog: StoreCatalog, _ asked: CalendarDay?) async throws
    -> UserCheck?
  {
    try await opened.evaluateReading(catalog: catalog.id, user: user) { loaded in
      guard let loaded, loaded.state != nil || !loaded.days.isEmpty else { return nil }
      let check = try UserEvaluation.read(
        loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded, in: catalog))
      // Here, not before: a first reading without every day is read again (NeedsAllDays).
      warnIfFuture(asked, loaded, catalog)
      return check
    }
  }

  /// As `rules eval` without --state: every stored day, no saved state (nil: no day stored).
  func freshCheck(_ opened: any StoreBackend, _ catalog: StoreCatalog, _ asked: CalendarDay?) async throws
    -> UserCheck?
  {
    // A read-only transaction: no lock taken.
    guard var loaded = try await opened.readUser(catalog: catalog.id, user: user, allDays: true),
      !loaded.days.isEmpty
    else { return nil }
    loaded.state = nil
    loaded.stateDate = nil
    loaded.rebuild = false
    warnIfFuture(asked, loaded, catalog)
    return try UserEvaluation.read(loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded, in: catalog))
  }

  /// A date after the user's today and the slack is allowed (nothing is written), but no app may
  /// write such a day now.
  func warnIfFuture(_ asked: CalendarDay?, _ loaded: LoadedUser, _ catalog: StoreCatalog) {
    guard let asked, asked > FutureDays.system.latest(for: loaded, in: catalog) else { return }
    let today = FutureDays.system.today(for: loaded, in: catalog)
    printError(
      "warning: --date \(asked) is in the future: the user's today is \(today) (\(FutureDays.system.zoneName(loaded.zone, changes: loaded.timeZoneChanges))); nothing is written"
    )
  }
}
