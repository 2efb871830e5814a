import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

@testable import RulesReach

/// The five shipped catalogs: every badge and milestone is reachable, in the days the seeds
/// give them, and every witness replays to its item.
@Suite("reach on the shipped catalogs")
struct ShippedCatalogTests {
  static func load(_ name: String) throws -> ValidatedCatalog {
    let path = ShippedCatalogs.folder.appendingPathComponent("\(name).yaml").path
    guard let validated = CatalogFiles.validate(path: path).validated else {
      throw InlineError(text: "\(name) does not load")
    }
    return validated
  }

  @Test("every item is reachable and its witness replays to it on its last date", arguments: ShippedCatalogs.names)
  func shipped(_ name: String) throws {
    let catalog = try Self.load(name)
    let report = Reach.analyse(catalog)
    for item in report.items {
      #expect(item.status == .reachable, "\(name) \(item.key): \(item.status) \(item.reason ?? "")")
    }
    try WitnessReplay.check(report, catalog: catalog)
    #expect(report.groupOrders.isEmpty)
    #expect(ReachWarnings.diagnostics(catalog).isEmpty)
  }

  @Test("the days the seeds' schemes give")
  func days() throws {
    let expected: [String: [String: Int]] = [
      "discipline": ["momentum": 3, "first-week": 7, "two-weeks": 14, "showing-up": 30],
      // Day 0 is the commitment: Day 7 is the 8th date.
      "imanpath": ["tawbah": 2, "sabr": 8, "falah": 366],
      "onward": [
        "no-contact-365": 366, "journal-100": 4, "consistency-75": 5, "consistency-90": 20, "self-care-90": 3,
        "whole-year": 366,
      ],
      // One achievement a check: Rising Star waits a day behind First Step.
      "rizq": ["first-step": 1, "level-5": 2, "week-warrior": 7, "month-master": 30, "perfect-week": 7],
      // Four Fridays span 22 days; a Ramadan of 29 days; the first ten of Dhu al-Hijjah.
      "salahstreak": [
        "jumuah": 1, "jumuah-4": 22, "ramadan-complete": 29, "dhul-hijjah-ten": 10, "prayers-1000": 200,
        "streak-100": 100,
      ],
    ]
    for (name, days) in expected {
      let report = Reach.analyse(try Self.load(name))
      for (id, fewest) in days {
        #expect(report.items.first { $0.id == id }?.fewestDays == fewest, "\(name) \(id)")
      }
    }
  }
}
