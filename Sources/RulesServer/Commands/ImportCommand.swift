import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

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
      FILE:LINE: error: ... and nothing is imported (one transaction). A record dated after the \
      import's date is such a line: the date is --date D, or without it today in UTC and one day \
      of slack (the latest date that is today somewhere on Earth).
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @Argument(help: "The files to import.") var files: [String]
  @OptionGroup var store: StoreOption
  @Option(
    help: "The import's date, YYYY-MM-DD: records after it are refused (default: today in UTC and one day of slack)."
  )
  var date: String?
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func validate() throws {
    _ = try parseDay(date, option: "--date")
  }

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let clock = ContinuousClock()
    let began = clock.now
    var importer = Importer.withHistories(catalog: catalog)
    importer.date = try parseDay(date, option: "--date").map(ImportDate.given) ?? ImportDate.today()
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
      printError("error: \(StoreError.text(error)); nothing was imported")
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
