import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct ReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Show a history day by day, as if the app checked every day.",
    discussion: """
      Each day is a check: streaks, what unlocked that day, the milestone reached, the \
      message of the day. Counting starts at the history's first day; --from and --to choose \
      the days shown (default: the history's first and last days).
      """)

  @OptionGroup var catalog: CatalogOptions

  @Option(help: "The user's history file (YAML).")
  var history: String

  @Option(help: "The first day shown, YYYY-MM-DD.")
  var from: String?

  @Option(help: "The last day shown, YYYY-MM-DD.")
  var to: String?

  @OptionGroup var language: LocaleOption
  @OptionGroup var output: FormatOptions

  func validate() throws {
    for (name, value) in [("--from", from), ("--to", to)] {
      if let value, let problem = CalendarDay.problem(with: value) {
        throw ValidationError("\(name): \(problem)")
      }
    }
    if let from = from.flatMap({ try? CalendarDay($0) }), let to = to.flatMap({ try? CalendarDay($0) }), from > to {
      throw ValidationError("--from \(from) is after --to \(to)")
    }
  }

  func run() throws {
    let validated = try catalog.load()
    let loaded = try HistoryOptions.parse(["--history", history]).load(for: validated)
    let engine = Engine(validated)
    let last =
      to.flatMap { try? CalendarDay($0) } ?? loaded.records.last?.date
      ?? engine.today(in: loaded.zone(at: Date()) ?? .current, dayStartsAt: loaded.dayStartsAt)
    let records = try loaded.records.map { try DayRecord($0, for: engine) }
    let days = try engine.replay(
      user: loaded.user, start: loaded.start, records: records, from: from.flatMap { try? CalendarDay($0) }, to: last,
      calendar: loaded.calendar, timeZone: loaded.timeZone, timeZoneChanges: loaded.timeZoneChanges,
      pauses: loaded.pauses, freezeGrants: loaded.freezeGrants, restores: loaded.restores, repairs: loaded.repairs,
      locale: language.locale)
    switch output.format {
    case .json:
      print(JSONValue.array(days.map(\.json)).serialized())
    case .text:
      print(ReplayTable(catalog: language.localize(validated)).render(days))
    }
  }
}
