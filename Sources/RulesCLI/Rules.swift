import ArgumentParser
import Foundation

@main
struct Rules: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "A rules engine for habit apps: streaks, milestones, badges, quotes and messages.",
    discussion: """
      Each app's reward scheme is one YAML catalog (catalogs/NAME.yaml). `rules check` \
      validates catalogs; `rules eval` computes one user's progress from a history file.
      """,
    version: "0.1.0",
    subcommands: [
      CheckCommand.self, EvalCommand.self, ReplayCommand.self, ExplainCommand.self,
      ListCommand.self, TestCommand.self, SchemaCommand.self, InitCommand.self, ExportCommand.self, DiffCommand.self,
      SiteCommand.self, ReachCommand.self,
    ]
  )
}
