import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

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
    if let date = try parseDay(date, option: "--date"), date > FutureDays.system.latestAnywhere {
      // An operator's choice, allowed: but no user's today is that date yet.
      printError(
        "warning: --date \(date) is in the future (\(FutureDays.system.latestAnywhere) is the latest date that is today somewhere); the states saved are dated \(date), and the next batch of an earlier date counts those users again from their days"
      )
    }
    let opened = try await store.open()
    var batch = Batch(
      store: opened, catalog: catalog, date: try parseDay(date, option: "--date"), shard: shard.flatMap(Shard.init))
    batch.chunk = chunk
    // The catalog's running experiment: its variant's users are evaluated under the variant.
    batch.experiment = try await RunningExperiment.running(in: opened, catalog: catalog.id)
    batch.pause = .milliseconds(pause)
    let bar = isatty(STDERR_FILENO) == 1 ? ProgressBar(total: (try? await batch.count()) ?? 0) : nil
    let summary: BatchSummary
    do {
      summary = try await batch.run { done in bar?.show(done) }
    } catch {
      bar?.finish()
      printError("error: \(StoreError.text(error))")
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
