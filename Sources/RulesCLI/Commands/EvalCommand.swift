import ArgumentParser
import Foundation
import RulesEngine
import RulesKit

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

  @Option(help: "Output format: text or json.")
  var format: OutputFormat = .text

  func validate() throws {
    if rebuild && state == nil { throw ValidationError("--rebuild needs --state") }
  }

  func run() throws {
    let checked = try catalog.load()
    let loaded = try history.load(for: checked)
    let program = Program(checked)
    let day = history.day(for: loaded)
    let outcome: Session.Outcome
    if let state {
      do {
        outcome = try Session.evaluate(
          program, history: loaded, date: day, statePath: state, rebuild: rebuild)
      } catch let error as StateError {
        printError(error.description)
        throw ExitCode.failure
      }
    } else {
      outcome = Session.evaluate(program, history: loaded, date: day, saved: nil)
    }
    for warning in outcome.warnings { printError("warning: \(WarningText.text(warning, history: loaded))") }
    switch format {
    case .json: print(outcome.evaluation.json.serialized())
    case .text: print(EvaluationText(catalog: checked).render(outcome.evaluation))
    }
  }
}
