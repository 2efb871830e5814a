import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Explain why a badge is or is not unlocked.",
    discussion: """
      Shows the badge's criterion with the values it saw on the date (e.g. \
      training.current >= 7: 4 >= 7 is false) and the progress towards it. With --format json: \
      the same as one object (docs/store.md, "Why not yet").
      """)

  @OptionGroup var catalog: CatalogOptions

  @Argument(help: "The badge's id.")
  var badge: String

  @OptionGroup var history: HistoryOptions
  @OptionGroup var language: LocaleOption
  @OptionGroup var output: FormatOptions

  func run() throws {
    let validated = try catalog.load()
    guard let index = validated.badges.firstIndex(where: { $0.badge.id == badge }) else {
      let ids = validated.badges.map(\.badge.id)
      printError(
        "error: the catalog '\(validated.catalog.id)' has no badge '\(badge)'"
          + Suggestion.hint(for: badge, in: ids))
      throw ExitCode.failure
    }
    let loaded = try history.load(for: validated)
    let program = Program(language.localize(validated))
    let day = history.day(for: loaded, in: validated)
    switch output.format {
    case .json:
      print(
        BadgeExplanationJSON.explain(program, badge: index, history: loaded, date: day, catalog: validated.catalog.id)
          .serialized())
    case .text: print(BadgeExplanation.explain(program, badge: index, history: loaded, date: day))
    }
  }
}
