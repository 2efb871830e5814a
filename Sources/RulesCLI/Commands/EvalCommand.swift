import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate one user's progress as of a date.",
    discussion: """
      Streaks, metrics, milestones, badges (with progress towards the locked ones), the quote \
      and the message of the day. With --state, unlocks are read from and written to that \
      file (created if absent), so each badge unlocks once and keeps its date; without it \
      nothing is written.
      """)

  @OptionGroup var catalog: CatalogOptions
  @OptionGroup var history: HistoryOptions

  @Option(help: "A state file to continue from and update (JSON).")
  var state: String?

  @Flag(help: "Count the whole history again (with --state), keeping every unlock and its date.")
  var rebuild = false

  @OptionGroup var language: LocaleOption
  @OptionGroup var output: FormatOptions

  func validate() throws {
    if rebuild && state == nil { throw ValidationError("--rebuild needs --state") }
    if state == "" { throw ValidationError("--state: the path is empty") }
  }

  func run() throws {
    let validated = try catalog.load()
    let loaded = try history.load(for: validated)
    let engine = Engine(validated)
    let day = history.day(for: loaded, in: validated)
    let records = try loaded.records.map { try DayRecord($0, for: engine) }
    let outcome: DailyCheck
    if let state {
      do {
        outcome = try StateFile(path: state).check(
          engine, user: loaded.user, start: loaded.start, on: day, records: records, rebuild: rebuild,
          calendar: loaded.calendar, timeZone: loaded.timeZone, timeZoneChanges: loaded.timeZoneChanges,
          pauses: loaded.pauses, freezeGrants: loaded.freezeGrants, restores: loaded.restores, repairs: loaded.repairs)
      } catch {
        printError(error.description)
        throw ExitCode.failure
      }
    } else {
      outcome = try engine.check(
        user: loaded.user, start: loaded.start, on: day, records: records, state: nil,
        calendar: loaded.calendar, timeZone: loaded.timeZone, timeZoneChanges: loaded.timeZoneChanges,
        pauses: loaded.pauses, freezeGrants: loaded.freezeGrants, restores: loaded.restores, repairs: loaded.repairs)
    }
    for warning in outcome.warnings {
      // The warnings about the state file name it, as its errors do.
      let file = state.map { WarningText.isAboutState(warning) ? "\($0): " : "" } ?? ""
      printError("warning: \(file)\(WarningText.text(warning, history: loaded))")
    }
    let localized = language.localize(validated)
    let evaluation =
      language.locale.map { engine.localizer(for: $0).localize(outcome.evaluation) } ?? outcome.evaluation
    switch output.format {
    case .json: print(evaluation.json.serialized())
    case .text: print(EvaluationText(catalog: localized).render(evaluation))
    }
  }
}
