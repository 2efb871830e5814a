import ArgumentParser
import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit

struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List what a catalog holds: milestones, badges, quotes and messages.")

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case milestones, badges, quotes, messages
  }

  @OptionGroup var catalog: CatalogOptions

  @Option(help: "Only this kind of entry: milestones, badges, quotes or messages.")
  var kind: Kind?

  @Option(help: "Only entries with this tag.")
  var tag: String?

  @OptionGroup var language: LocaleOption
  @OptionGroup var output: FormatOptions

  func run() throws {
    let validated = try catalog.load()
    let listing = CatalogListing(catalog: language.localize(validated).catalog, tag: tag)
    let kinds = kind.map { [$0] } ?? Kind.allCases
    switch output.format {
    case .json:
      print(JSONValue.object(kinds.map { ($0.rawValue, .array(listing.entries($0.rawValue))) }).serialized())
    case .text:
      print(listing.text(kinds.map(\.rawValue)))
    }
  }
}
