import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

/// `rules-server support freezes|restore`: support's tools on a user's streaks, as the admin
/// routes `POST .../freezes` and `POST .../streaks/{name}/restore` give them (docs/store.md,
/// Support). A running server answers with them at once: the user's revision moves.
struct SupportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "support",
    abstract: "Give a user's streak freezes, or restore the days it broke on (docs/store.md, Support).",
    subcommands: [Freezes.self, Restore.self])

  /// `work`, a refusal printed with its exit status: 64 for an unknown user or streak or a
  /// future date, 65 for what the streak cannot take (nothing to restore, an elapsed streak).
  static func refusing<R>(_ work: () async throws -> R) async throws -> R {
    do {
      return try await work()
    } catch let refusal as SupportRefusal {
      printError("error: \(refusal.message)")
      throw ExitCode(refusal.kind == .refused ? 65 : 64)
    }
  }

  static func print(_ change: SupportChange, catalog: String, user: String, format: OutputFormat, text: String) {
    switch format {
    case .json: Swift.print(HTTPAPI.supportAnswer(catalog: catalog, user: user, change.support))
    case .text: Swift.print(text)
    }
  }

  struct Freezes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Give USER --count freezes of --streak from their today.",
      discussion: """
        The freezes are there at the start of the user's today, may take the streak past the \
        catalog's max_freezes, and are recorded with --reason and told as a freeze.granted \
        event. Exit 64 for an unknown user or streak, 65 for an elapsed streak.
        """)

    @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
    @Argument(help: "The user's id.") var user: String
    @Option(help: "The streak's name (a consecutive streak of the catalog).") var streak: String
    @Option(help: "How many freezes, 1 to \(FreezeGrant.maxCount).") var count: Int
    @Option(help: "Why (recorded, and told by the event).") var reason: String
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
      guard (1...FreezeGrant.maxCount).contains(count) else {
        throw ValidationError("--count must be from 1 to \(FreezeGrant.maxCount); found \(count)")
      }
      _ = try SupportCommand.check(reason: reason)
      if let problem = UserID.problem(user) { throw ValidationError("USER: \(problem)") }
    }

    func run() async throws {
      let loaded = try loadCatalog(catalog)
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let (streak, count, reason, user) = (streak, count, try SupportCommand.check(reason: reason), user)
      let armed = try await SupportCommand.armed(loaded, user: user, store: opened)
      let change = try await SupportCommand.refusing {
        try await StreakSupport.grant(
          streak: streak, count: count, reason: reason, user: user,
          catalog: armed, store: opened)
      }
      let grant = change.support.grants.last!.grant
      SupportCommand.print(
        change, catalog: loaded.id, user: user, format: format,
        text: "granted \(count) \(count == 1 ? "freeze" : "freezes") of '\(streak)' to \(user) from \(grant.date)")
    }
  }

  struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make the days --streak broke on, through --through, count as covered for USER.",
      discussion: """
        The restore covers the days from the day after the streak last counted, on or before \
        --through, to --through: the streak does not break on them and uses no freeze. \
        Recorded with --reason and told as a streak.restored event; the user is counted \
        again at their next evaluation. Exit 64 for an unknown user or streak or a date after \
        the user's today, 65 when there is nothing to restore.
        """)

    @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
    @Argument(help: "The user's id.") var user: String
    @Option(help: "The streak's name (a consecutive streak of the catalog).") var streak: String
    @Option(help: "The last day to cover, YYYY-MM-DD (not after the user's today).") var through: String
    @Option(help: "Why (recorded, and told by the event).") var reason: String
    @OptionGroup var store: StoreOption
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func validate() throws {
      _ = try parseDay(through, option: "--through")
      _ = try SupportCommand.check(reason: reason)
      if let problem = UserID.problem(user) { throw ValidationError("USER: \(problem)") }
    }

    func run() async throws {
      let loaded = try loadCatalog(catalog)
      let day = try parseDay(through, option: "--through")!
      let opened = try await store.open()
      defer { Task { try? await opened.close() } }
      let (streak, reason, user) = (streak, try SupportCommand.check(reason: reason), user)
      let armed = try await SupportCommand.armed(loaded, user: user, store: opened)
      let change = try await SupportCommand.refusing {
        try await StreakSupport.restore(
          streak: streak, through: day, reason: reason, user: user,
          catalog: armed, store: opened)
      }
      let restore = change.support.restores.last!.restore
      SupportCommand.print(
        change, catalog: loaded.id, user: user, format: format,
        text: "restored '\(streak)' of \(user): \(restore.from) to \(restore.through) count as covered")
    }
  }

  /// The catalog `user` is counted under: the variant's while the store runs an experiment of
  /// the catalog and the user is in its variant, else `catalog`.
  static func armed(_ catalog: StoreCatalog, user: String, store: any StoreBackend) async throws -> StoreCatalog {
    let experiment = try await RunningExperiment.running(in: store, catalog: catalog.id)
    return ArmedCatalog(control: catalog, experiment: experiment, user: user).catalog
  }

  /// The reason as kept (`StreakSupport.reason`); a `ValidationError` for one it refuses.
  static func check(reason: String) throws -> String {
    guard let kept = StreakSupport.reason(reason) else {
      throw ValidationError("--reason must say why, in 1 to \(StreakSupport.maxReason) characters")
    }
    return kept
  }
}
