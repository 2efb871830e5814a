import Foundation
import RulesEngine
import Testing

/// The training app's discipline streak and badges, as its seed (an issue) states them.
@Suite("discipline streaks and badges")
struct DisciplineTests {
  let catalog: CheckedCatalog

  init() throws {
    catalog = try Fixture.shipped("discipline")
  }

  static let trained = "planned: true, completed: true"
  static let rest = "planned: false"
  static let missed = "planned: true, completed: false"

  private func history(_ days: [String]) throws -> History {
    try Fixture.history("days:\n" + Fixture.days(from: "2026-01-01", days), for: catalog)
  }

  @Test("a logged completed training day extends the streak")
  func completedDay() throws {
    let result = Fixture.evaluate(catalog, try history([Self.trained, Self.trained]), on: "2026-01-02")
    #expect(result.streak("training")?.current == 2)
  }

  @Test("a logged missed planned day resets the streak at once")
  func missedDay() throws {
    let result = Fixture.evaluate(catalog, try history([Self.trained, Self.trained, Self.missed]), on: "2026-01-03")
    #expect(result.streak("training")?.current == 0)
    #expect(result.streak("training")?.best == 2)
  }

  @Test("check-ins on unplanned rest days do not break the streak")
  func restDays() throws {
    let days = [Self.trained, Self.rest, Self.trained, Self.rest, Self.rest, Self.trained]
    let result = Fixture.evaluate(catalog, try history(days), on: "2026-01-06")
    #expect(result.streak("training")?.current == 3)
    #expect(result.metric("checkins") == .int(6))
  }

  @Test("the four badges unlock at 3, 7 and 14 days and 30 check-ins, each once")
  func badges() throws {
    let days = Array(repeating: Self.trained, count: 14) + [Self.missed] + Array(repeating: Self.rest, count: 15)
    let result = Fixture.evaluate(catalog, try history(days), on: "2026-01-30")
    #expect(
      result.unlocked.map { "\($0.id) \($0.date)" } == [
        "momentum 2026-01-03", "first-week 2026-01-07", "two-weeks 2026-01-14", "showing-up 2026-01-30",
      ])
    #expect(
      catalog.badges.map(\.badge.name) == ["Momentum", "First week locked in", "Two weeks of discipline", "Showing up"])
  }

  @Test("unlocked badges and the streak survive a restart (the state file)")
  func restart() throws {
    let program = Program(catalog)
    let days = try history(Array(repeating: Self.trained, count: 8))
    let first = Session.evaluate(program, history: days, date: CalendarDay("2026-01-07")!, saved: nil)
    #expect(first.evaluation.new == ["momentum", "first-week"])
    // Written to JSON and read back, as the next launch of the app would.
    let data = Data(try #require(first.state).json(for: catalog).serialized().utf8)
    let (restored, warnings) = try SavedState.decode(data, path: "state.json", for: catalog, user: nil)
    #expect(warnings.isEmpty)
    let second = Session.evaluate(program, history: days, date: CalendarDay("2026-01-08")!, saved: restored)
    #expect(second.evaluation.new == [])
    #expect(second.evaluation.unlocked.map(\.id) == ["momentum", "first-week"])
    #expect(second.evaluation.streak("training")?.current == 8)
  }

  @Test("the last earned badge and the streak indicator")
  func display() throws {
    let result = Fixture.evaluate(
      catalog, try history([Self.trained, Self.trained, Self.trained, Self.trained]), on: "2026-01-04")
    #expect(result.unlocked.last?.id == "momentum")
    #expect(result.message?.text == "Streak: 4 days")
    #expect(
      result.locked.first
        == Evaluation.LockedBadge(id: "first-week", current: .int(4), target: .int(7), progress: 0.571))
  }
}
