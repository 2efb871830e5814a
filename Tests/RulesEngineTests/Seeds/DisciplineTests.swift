import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// The training app's discipline badges, and what its seed asks beyond a scenario: unlocks
/// that survive a restart, progress towards the next badge. How the streak behaves is in the
/// scenarios of catalogs/tests/discipline.yaml.
@Suite("discipline streaks and badges")
struct DisciplineTests {
  let catalog: ValidatedCatalog

  init() throws {
    catalog = try Fixture.shipped("discipline")
  }

  static let trained = "planned: true, completed: true"

  private func history(_ days: [String]) throws -> History {
    try Fixture.history("days:\n" + Fixture.days(from: "2026-01-01", days), for: catalog)
  }

  @Test("the four badges and their names")
  func badges() {
    #expect(
      catalog.badges.map(\.badge.name) == ["Momentum", "First week locked in", "Two weeks of discipline", "Showing up"])
  }

  @Test("unlocked badges and the streak survive a restart (the state file)")
  func restart() throws {
    let engine = Engine(catalog)
    let days = try history(Array(repeating: Self.trained, count: 8))
    let records = try days.records.map { try DayRecord($0, for: engine) }
    let first = try engine.check(
      user: nil, start: nil, on: CalendarDay("2026-01-07"), records: records, state: nil)
    #expect(first.evaluation.badges.new == ["momentum", "first-week"])
    // Written to JSON and read back, as the next launch of the app would.
    let restored = try UserState(json: try first.state.json(), for: engine)
    let second = try engine.check(
      user: nil, start: nil, on: CalendarDay("2026-01-08"), records: records, state: restored)
    #expect(second.warnings.isEmpty)
    #expect(second.evaluation.badges.new == [])
    #expect(second.evaluation.badges.unlocked.map(\.id) == ["momentum", "first-week"])
    #expect(second.evaluation.streak("training")?.current == 8)
  }

  @Test("the last earned badge and the streak indicator")
  func display() throws {
    let result = try Fixture.evaluate(
      catalog, try history([Self.trained, Self.trained, Self.trained, Self.trained]), on: "2026-01-04")
    #expect(result.badges.unlocked.last?.id == "momentum")
    #expect(result.message?.text == "Streak: 4 days")
    #expect(
      result.badges.locked.first
        == Evaluation.LockedBadge(
          id: "first-week", current: .int(4), target: .int(7), progress: 0.571,
          display: Evaluation.BadgeDisplay(
            name: "First week locked in", description: "7-day streak", category: "streak", group: "streaks")))
  }
}
