import ArgumentParser
import Foundation
import RulesBackend
import RulesKit
import RulesStore

struct EventsCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "events",
    abstract: "Print the store's events after an id, one JSON object a line (JSON Lines).",
    discussion: """
      Each line is an event as GET /v1/events answers it: {"id": 17, "catalog": "rizq", \
      "catalog_version": 1, "user": "fatima", "date": "2026-05-07", "kind": "badge.unlocked", \
      "subject": "week-warrior", "data": {}}. Ids increase; pass the last id printed as --after \
      to go on. With --follow, waits for new events and prints them as they are appended (stop \
      it with Ctrl-C).
      """)

  @OptionGroup var store: StoreOption
  @Option(help: "Print the events after this id (default 0: from the first).") var after: Int64 = 0
  @Option(help: "Only this catalog's events.") var catalog: String?
  @Option(help: "Only this user's events.") var user: String?
  @Option(help: "Only events of this kind (\(EventDerivation.kinds.joined(separator: ", "))).") var kind: String?
  @Option(help: "At most this many events (default: all; with --follow, per read).") var limit: Int?
  @Flag(help: "Keep waiting for new events.") var follow = false
  @Option(help: "With --follow, milliseconds between reads when there is nothing new (default 500).")
  var interval = 500

  func validate() throws {
    if after < 0 { throw ValidationError("--after must be an event id, 0 or more") }
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    if let kind, !EventDerivation.kinds.contains(kind) {
      throw ValidationError("--kind must be one of \(EventDerivation.kinds.joined(separator: ", ")); found '\(kind)'")
    }
    if let user, let problem = UserID.problem(user) { throw ValidationError("--user: \(problem)") }
    if interval < 1 { throw ValidationError("--interval must be at least 1 millisecond") }
  }

  func run() async throws {
    let opened = try await store.open()
    var query = EventQuery(after: after, limit: 1_000, catalog: catalog, user: user, kind: kind)
    var left = follow ? Int.max : (limit ?? Int.max)
    do {
      while true {
        query.limit = min(1_000, follow ? (limit ?? 1_000) : left)
        let events = try await opened.events(query)
        if !events.isEmpty {
          var text = ""
          for event in events { text += event.json + "\n" }
          FileHandle.standardOutput.write(Data(text.utf8))
          query.after = events.last!.id
          left -= events.count
        }
        if !follow {
          if events.count < query.limit || left <= 0 { break }
          continue
        }
        if events.isEmpty { try await Task.sleep(for: .milliseconds(interval)) }
      }
    } catch {
      printError("error: \(StoreError.text(error))")
      try? await opened.close()
      throw ExitCode.failure
    }
    try? await opened.close()
  }
}
