import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesStore

struct StoreDiffCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "What a candidate catalog changes, and what it would do to every user of the store.",
    discussion: """
      Compares CATALOG with --candidate as `rules diff` does (by id: added, removed, changed, \
      renamed; a warning for ids changed without a version bump), then evaluates every user \
      of the store (of a shard) as of --date under both, each from their first stored day: \
      per badge, who holds it, who would, who would gain it (with the date the new rule \
      gives), who holds it but would not earn it (they keep it); per milestone the same; per \
      streak and metric whose value changes; the message and quote of the day. Then what the \
      candidate makes of the store, as a reload reads it: stored values it cannot take as they \
      are (each read as its nearest value), inputs it leaves out, saved states it cannot read. \
      Reads the store without a lock and writes nothing. Exits 0 when the catalogs are the \
      same, 1 when they differ, 2 when one cannot be used.
      """)

  @Argument(help: "The catalog served now: a file, or a name in catalogs/.") var catalog: String
  @Option(help: "The candidate catalog file.") var candidate: String
  @OptionGroup var store: StoreOption
  @Option(help: "The date to evaluate the users as of, YYYY-MM-DD (default: today, UTC).") var date: String?
  @Option(help: "K/N: only the users whose stable hash is K modulo N.") var shard: String?
  @Option(help: "Users listed per row (default 0: counts only).") var sample = 0
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func validate() throws {
    _ = try parseDay(date, option: "--date")
    if let shard, Shard(shard) == nil { throw ValidationError("--shard: write K/N with 0 <= K < N, e.g. 0/4") }
    if sample < 0 { throw ValidationError("--sample must be 0 or more") }
  }

  func run() async throws {
    let old: StoreCatalog
    let new: StoreCatalog
    do {
      old = try StoreCatalog.load(catalog)
      new = try StoreCatalog.load(candidate)
    } catch {
      printError(error.description)
      throw ExitCode(2)
    }
    let day = try parseDay(date, option: "--date") ?? CalendarDay.today(in: TimeZone(identifier: "UTC")!)
    let part = shard.flatMap(Shard.init)
    let opened = try await store.open()
    let impact: DiffImpact
    do {
      impact = try await StoreImpact.impact(store: opened, old: old, new: new, date: day, shard: part)
    } catch {
      printError("error: \(StoreError.text(error))")
      try? await opened.close()
      throw ExitCode.failure
    }
    // What a reload would find: the candidate's reading of the store (a shard reads it whole).
    let reading: StoreReading
    do {
      reading = try await StoreImpact.reading(store: opened, old: old, new: new)
    } catch {
      printError("error: \(StoreError.text(error))")
      try? await opened.close()
      throw ExitCode.failure
    }
    try? await opened.close()
    let diff = CatalogDiff(old: old.validated, new: new.validated)
    let report = DiffReport(diff: diff, impact: impact, sample: sample)
    let notes = reading.notes(catalog: new.id)
    switch format {
    case .json:
      var json = report.json
      if case .object(var pairs) = json {
        pairs.append(
          (
            "store",
            .object([
              (
                "nearest_inputs",
                .array(
                  reading.nearest.map {
                    .object([
                      ("input", .string($0.input)), ("users", .int($0.users)), ("days", .int($0.days)),
                      ("example", .string($0.example)),
                    ])
                  })
              ),
              (
                "ignored_inputs",
                .array(
                  reading.ignored.map {
                    .object([("input", .string($0.input)), ("users", .int($0.users)), ("days", .int($0.days))])
                  })
              ),
              ("unreadable_states", reading.unreadableStates.map(JSONValue.int) ?? .null),
            ])
          ))
        json = .object(pairs)
      }
      print(json.serialized())
    case .text:
      print(report.text)
      print("")
      if notes.isEmpty {
        print("The store: the candidate reads every stored day and saved state.")
      } else {
        print("The store:")
        for line in notes { print("  \(line)") }
      }
    }
    if !diff.isEmpty { throw ExitCode.failure }
  }
}
