import ArgumentParser
import Foundation

@main
struct RulesServer: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules-server",
    abstract: "Evaluate every user of a store: import day records, run the nightly batch, serve the HTTP API.",
    discussion: """
      STORE is a path or sqlite:PATH (SQLite, one file, created on first use) or \
      postgres://USER@HOST:PORT/DB (PostgreSQL, shared by every worker and server). The schema \
      is created on first use (docs/store.md).
      """,
    subcommands: [
      ImportCommand.self, BatchCommand.self, StoreEvalCommand.self, ServeCommand.self, StoreDiffCommand.self,
      EventsCommand.self, DeliverCommand.self, FutureDaysCommand.self,
      StudioCommand.self, ExperimentCommand.self, SupportCommand.self,
    ])
}
