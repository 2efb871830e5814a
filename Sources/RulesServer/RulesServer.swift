import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
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

struct StoreOption: ParsableArguments {
  @Option(help: "The store: PATH, sqlite:PATH or postgres://USER@HOST:PORT/DB.")
  var store: String

  func open() async throws -> any ProgressStore {
    do {
      return try await StoreAddress.open(store)
    } catch {
      printError("error: \(error)")
      throw ExitCode.failure
    }
  }
}

/// Loads a catalog or prints its errors and exits 1.
func loadCatalog(_ name: String) throws -> StoreCatalog {
  do {
    return try StoreCatalog.load(name)
  } catch {
    printError(error.description)
    throw ExitCode.failure
  }
}

func parseDay(_ text: String?, option: String) throws -> CalendarDay? {
  guard let text else { return nil }
  if let problem = CalendarDay.problem(with: text) { throw ValidationError("\(option): \(problem)") }
  return CalendarDay.parsed(text)
}

struct ImportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Load day records into the store (JSON Lines, CSV with a header row, history YAML).",
    discussion: """
      FILE.jsonl: one record a line, {"user": "alice", "date": "2026-01-01", "planned": true, ...}; \
      a line may also carry the user's "start", "timezone", "timezone_changes" ([{"at": ..., \
      "timezone": ...}], as a history file gives them) and "calendar". FILE.csv: a header row \
      user,date,INPUT... (optional start, timezone, timezone_changes (a JSON list) and calendar \
      columns); an empty cell is a missing value. FILE.yaml: a history file as `rules eval` reads \
      it (its `user:` names the user; its zone, changes and calendar are the user's). A record for \
      a (user, date) that is stored already is replaced. Any bad line is reported as \
      FILE:LINE: error: ... and nothing is imported (one transaction).
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @Argument(help: "The files to import.") var files: [String]
  @OptionGroup var store: StoreOption
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let clock = ContinuousClock()
    let began = clock.now
    var importer = Importer.withHistories(catalog: catalog)
    for file in files { importer.read(file: file) }
    if !importer.errors.isEmpty {
      for error in importer.errors { printError(error) }
      let total = importer.errors.count + importer.moreErrors
      if importer.moreErrors > 0 { printError("error: ... and \(importer.moreErrors) more problem(s) not shown") }
      printError("error: \(total) problem(s); nothing was imported")
      throw ExitCode.failure
    }
    let opened = try await store.open()
    let summary: ImportSummary
    do {
      summary = try await opened.importRecords(catalog: catalog.id, users: importer.users, records: importer.records)
    } catch {
      printError("error: \(error); nothing was imported")
      try? await opened.close()
      throw ExitCode.failure
    }
    try? await opened.close()
    let seconds = (clock.now - began).seconds
    switch format {
    case .json:
      print(
        JSONValue.object([
          ("catalog", .string(catalog.id)), ("records", .int(summary.records)), ("users", .int(summary.users)),
          ("changed", .int(summary.changed)), ("seconds", .number((seconds * 1000).rounded() / 1000)),
        ]).serialized(indent: nil))
    case .text:
      print(
        "imported \(summary.records) records of \(summary.users) users into \(opened.description) (\(summary.changed) new or changed) in \(String(format: "%.2f", seconds)) s"
      )
    }
  }
}

extension Duration {
  var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

struct BatchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Evaluate every user of a catalog as of a date, continuing from each user's saved state.",
    discussion: """
      Saves each user's state and new unlocks (one transaction per chunk of users). Run twice \
      for one date, it unlocks nothing new; killed at any moment, a rerun completes the work. \
      --shard K/N takes the users whose stable hash (FNV-1a of the id) is K modulo N, so N \
      workers share one PostgreSQL store.
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @OptionGroup var store: StoreOption
  @Option(help: "The date, YYYY-MM-DD (default: today in each user's time zone).") var date: String?
  @Option(help: "K/N: only the users whose stable hash is K modulo N.") var shard: String?
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text
  @Option(help: "Users per chunk (one read and one write transaction each).") var chunk = 1_000
  @Option(help: "Milliseconds to wait after each chunk is saved, leaving the store to a running server (default 0).")
  var pause = 0

  func validate() throws {
    _ = try parseDay(date, option: "--date")
    if let shard, Shard(shard) == nil { throw ValidationError("--shard: write K/N with 0 <= K < N, e.g. 0/4") }
    if chunk < 1 { throw ValidationError("--chunk must be at least 1") }
    if pause < 0 { throw ValidationError("--pause must be 0 or more milliseconds") }
  }

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let opened = try await store.open()
    var batch = Batch(
      store: opened, catalog: catalog, date: try parseDay(date, option: "--date"), shard: shard.flatMap(Shard.init))
    batch.chunk = chunk
    batch.pause = .milliseconds(pause)
    let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(total: (try? await batch.count()) ?? 0) : nil
    let summary: BatchSummary
    do {
      summary = try await batch.run { done in bar?.show(done) }
    } catch {
      bar?.finish()
      printError("error: \(error)")
      try? await opened.close()
      throw ExitCode.failure
    }
    bar?.finish()
    try? await opened.close()
    switch format {
    case .json: print(summary.json)
    case .text: print(summary.text)
    }
    if !summary.failed.isEmpty { throw ExitCode.failure }
  }
}

/// A progress bar on standard error (a terminal only).
final class ProgressBar: Sendable {
  let total: Int
  init(total: Int) { self.total = total }

  func show(_ done: Int) {
    let width = 30
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
    FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) users".utf8))
  }

  func finish() { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
}

struct EvalCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate one user of the store: the same output as `rules eval` for the same records.",
    discussion: """
      Counts the user's stored days as `rules eval` counts a history file without --state; \
      nothing is written.
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @OptionGroup var store: StoreOption
  @Option(help: "The user's id.") var user: String
  @Option(help: "The date, YYYY-MM-DD (default: today in the user's time zone).") var date: String?
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func validate() throws {
    _ = try parseDay(date, option: "--date")
    if let problem = UserID.problem(user) { throw ValidationError("--user: \(problem)") }
  }

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let opened = try await store.open()
    let asked = try parseDay(date, option: "--date")
    let check: UserCheck?
    do {
      // A read-only transaction: no lock taken.
      let read = try await opened.readUser(catalog: catalog.id, user: user, allDays: true)
      if var loaded = read, !loaded.days.isEmpty {
        // As `rules eval` without --state: every record, no saved state.
        loaded.state = nil
        loaded.stateDate = nil
        loaded.rebuild = false
        (_, check) = try UserEvaluation.run(loaded, catalog: catalog, on: UserEvaluation.day(asked, for: loaded))
      } else {
        check = nil
      }
    } catch {
      printError("error: \(error)")
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
    case .json: print(check.json)
    case .text: print(check.text)
    }
  }
}
