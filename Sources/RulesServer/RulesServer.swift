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
      ImportCommand.self, BatchCommand.self, EvalCommand.self, ServeCommand.self, DiffCommand.self,
      EventsCommand.self, DeliverCommand.self,
    ])
}

/// Writes to standard error.
func printError(_ text: String) {
  FileHandle.standardError.write(Data((text + "\n").utf8))
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
