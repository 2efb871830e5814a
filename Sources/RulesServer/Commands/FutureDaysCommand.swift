import ArgumentParser
import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesKit
import RulesStore

struct FutureDaysCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "future-days",
    abstract: "List the users of a catalog holding days after their today (written before such days were refused).",
    discussion: """
      A day is in the future when it is after the user's today (the date in their time zone \
      now, UTC without one) and one day of slack: the days PUT .../days/{date} refuses now with \
      400 future-date. Each line names the user, their today, how many such days they hold and \
      the latest; --format json prints [{"user": ..., "today": ..., "days": N, "latest": ...}]. \
      Nothing is changed: such days are counted by no evaluation before their date, and a state \
      saved after the user's today is replaced by the next batch or PUT (docs/store.md).
      """)

  @Argument(help: "The catalog: a file, or a name in catalogs/.") var catalog: String
  @OptionGroup var store: StoreOption
  @Option(help: "Output format: text or json.") var format: OutputFormat = .text

  func run() async throws {
    let catalog = try loadCatalog(catalog)
    let opened = try await store.open()
    let users: [FutureDaysUser]
    do {
      users = try await FutureDays.system.users(in: opened, catalog: catalog)
    } catch {
      printError("error: \(StoreError.text(error))")
      try? await opened.close()
      throw ExitCode.failure
    }
    try? await opened.close()
    switch format {
    case .json:
      print(
        JSONValue.array(
          users.map {
            .object([
              ("user", .string($0.user)), ("today", .string($0.today.description)), ("days", .int($0.days)),
              ("latest", .string($0.latest.description)),
            ])
          }
        ).serialized(indent: nil))
    case .text:
      for user in users {
        print("\(user.user): \(user.days) day(s) after today (\(user.today)), the latest \(user.latest)")
      }
      print("\(users.count) user(s) of \(catalog.id) with days in the future")
    }
  }
}
