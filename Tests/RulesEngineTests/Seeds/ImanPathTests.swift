import RulesEngine
import Testing

/// ImanPath's milestone system, as its seed document states it.
@Suite("ImanPath milestones")
struct ImanPathTests {
  let catalog: CheckedCatalog

  init() throws {
    catalog = try Fixture.shipped("imanpath")
  }

  private func evaluate(_ history: String, on date: String) throws -> Evaluation {
    Fixture.evaluate(catalog, try Fixture.history(history, for: catalog), on: date)
  }

  @Test("the thirteen milestones, their names and meanings")
  func catalogue() {
    let milestones = catalog.catalog.milestones?.milestones ?? []
    #expect(milestones.map(\.day) == [1, 3, 7, 14, 30, 50, 60, 75, 90, 120, 150, 270, 365])
    #expect(
      milestones.map(\.id) == [
        "tawbah", "tajdeed", "sabr", "istiqamah", "mujahadah", "thiqah", "taqwa", "tawakkul", "ihsan", "quwwah",
        "shukr", "noor", "falah",
      ])
    #expect(milestones[8].display["name"] == "Ihsan")
    #expect(milestones[8].display["title"] == "Three Months")
    #expect(milestones[8].display["meaning"] == "Excellence")
    #expect(milestones[7].display["meaning"] == "Reliance on Allah")
    #expect(milestones.filter { $0.tags.contains("major") }.map(\.day) == [7, 30, 60, 90])
    #expect(milestones.filter { $0.tags.contains("commitment") }.map(\.day) == [30, 60, 90])
  }

  @Test(
    "Day 0 semantics: days elapsed since the start, no +1",
    arguments: [
      ("2026-01-01", 0, nil as String?, "tawbah" as String?, 1),
      ("2026-01-02", 1, "tawbah", "tajdeed", 2),
      ("2026-01-04", 3, "tajdeed", "sabr", 4),
      ("2026-01-05", 4, nil, "sabr", 3),
      ("2026-01-08", 7, "sabr", "istiqamah", 7),
      ("2027-01-01", 365, "falah", nil, 0),
    ])
  func dayZero(date: String, streak: Int, today: String?, next: String?, daysUntil: Int) throws {
    let result = try evaluate("start: 2026-01-01\ndays:\n  - {date: 2026-01-01}\n", on: date)
    #expect(result.streak("streak")?.current == streak)
    #expect(result.milestones.today == today)
    #expect(result.milestones.next?.id == next)
    if next != nil { #expect(result.milestones.next?.daysUntil == daysUntil) }
  }

  @Test("no commitment signed: no milestone indicators anywhere")
  func noCommitment() throws {
    let result = try evaluate("days:\n  - {date: 2026-01-01}\n  - {date: 2026-01-09}\n", on: "2026-01-09")
    #expect(result.streak("streak")?.current == 0)
    #expect(result.milestones.reached == [])
    #expect(result.milestones.today == nil)
    #expect(result.milestones.next == nil)
  }

  @Test("a relapse mid-streak resets the streak and the milestones recalculate")
  func relapse() throws {
    let history = "start: 2026-01-01\ndays:\n  - {date: 2026-01-20, relapse: true}\n"
    let before = try evaluate(history, on: "2026-01-19")
    #expect(before.milestones.reached == ["tawbah", "tajdeed", "sabr", "istiqamah"])
    let relapseDay = try evaluate(history, on: "2026-01-20")
    #expect(relapseDay.streak("streak")?.current == 0)
    #expect(relapseDay.milestones.reached == [])
    #expect(relapseDay.milestones.next?.id == "tawbah")
    let after = try evaluate(history, on: "2026-01-23")
    #expect(after.streak("streak")?.current == 3)
    #expect(after.milestones.today == "tajdeed")
    // The best run is the 18 days shown on the 19th: the relapse day itself is Day 0 of the new run.
    #expect(after.streak("streak")?.best == 18)
  }

  @Test("a day without a check-in still shows its milestone")
  func noCheckIn() throws {
    let result = try evaluate("start: 2026-03-01\ndays:\n  - {date: 2026-03-02}\n", on: "2026-03-31")
    #expect(result.streak("streak")?.current == 30)
    #expect(result.milestones.today == "mujahadah")
    #expect(result.milestones.reached == ["tawbah", "tajdeed", "sabr", "istiqamah", "mujahadah"])
  }
}
