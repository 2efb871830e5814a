import ArgumentParser
import Foundation
import RulesKit
import RulesStore

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

  /// Runs the command; an error no command caught is printed as swift-argument-parser prints
  /// it, but a store's in PostgreSQL's own words (its message and SQLSTATE, `StoreError.text`),
  /// never PostgresNIO's "Generic description" (issue #52).
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var command = command as? AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      if let text = StoreError.postgresText(error) {
        printError("error: \(text)")
        exit(withError: ExitCode.failure)
      }
      exit(withError: error)
    }
  }
}
