import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing

@testable import RulesReach

/// A catalog per claim: each trap of the issue, and the mechanics whose fewest days are known
/// by hand. Every witness is replayed through the engine.
@Suite("reach on planted catalogs")
struct PlantedCatalogTests {
  static let traps = """
    catalog: traps
    inputs:
      done: {type: bool}
      pushups: {type: int, min: 0, max: 100}
      read: {type: bool}
    streaks:
      run: {counts: done, max_days: 30}
      reading:
        counts: read
        freezes: {earn_every: 7}
    groups:
      - {id: ladder, progressive: true}
    badges:
      - {id: long-run, name: Long run, when: run.current >= 31}
      - {id: strong, name: Strong, when: pushups >= 101}
      - {id: eight-days, name: Eight days, when: week(done) >= 8}
      - {id: welcome, name: Welcome, when: run.current >= 0}
      - {id: two-freezes, name: Two freezes, when: reading.freezes >= 2}
      - {id: hundreds, name: Hundreds, when: "last(3, pushups) >= 300"}
      - {id: too-many, name: Too many, when: "last(3, pushups) >= 301"}
      - {id: big, name: Big, group: ladder, when: run.current >= 10}
      - {id: small, name: Small, group: ladder, when: run.current >= 2}
    """

  func item(_ report: ReachReport, _ id: String) -> ReachReport.Item {
    report.items.first { $0.id == id }!
  }

  @Test("each trap: proved unreachable with its reason, always, freezes, windows, a group out of order")
  func traps() throws {
    let catalog = try Inline.validated(Self.traps)
    let report = Reach.analyse(catalog)
    let expected: [(String, ReachReport.Status, Int?, String?)] = [
      ("long-run", .unreachable, nil, "run.current never passes 30: max_days 30"),
      ("strong", .unreachable, nil, "pushups is at most 100"),
      ("eight-days", .unreachable, nil, "a week has 7 days: week(done) is at most 7"),
      ("welcome", .always, 1, nil),
      // A freeze every 7 counted days: the second on the 14th.
      ("two-freezes", .reachable, 14, nil),
      // 3 times the max of 100 in 3 days; one more is never.
      ("hundreds", .reachable, 3, nil),
      ("too-many", .unreachable, nil, "last(3, …) sums 3 days: last(3, pushups) is at most 300"),
      ("big", .reachable, 10, nil),
      // Its criterion holds on day 2, but it waits behind big.
      ("small", .reachable, 11, nil),
    ]
    for (id, status, days, reason) in expected {
      let found = item(report, id)
      #expect(found.status == status, "\(id): \(found.status) \(found.reason ?? "")")
      #expect(found.fewestDays == days, "\(id)")
      if let reason { #expect(found.reason == reason, "\(id)") }
    }
    #expect(
      report.groupOrders.map(\.sentence) == [
        "'small' (from day 2) is reached in fewer days than 'big' (from day 10) before it in the progressive group 'ladder': it always waits behind it"
      ])
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test("rules check's warnings, by their exact text and position")
  func warnings() throws {
    let catalog = try Inline.validated(Self.traps)
    let found = ReachWarnings.diagnostics(catalog).map {
      "\($0.line):\($0.column): \($0.severity.rawValue): \($0.message) [\($0.id.rawValue)]"
    }
    #expect(
      found == [
        "14:42: warning: no user can unlock the badge 'long-run': run.current never passes 30: max_days 30 [unreachable]",
        "15:38: warning: no user can unlock the badge 'strong': pushups is at most 100 [unreachable]",
        "16:46: warning: no user can unlock the badge 'eight-days': a week has 7 days: week(done) is at most 7 [unreachable]",
        "17:40: warning: every new user unlocks the badge 'welcome' at their first check, whatever they report (or with no record at all) [always-true]",
        "20:42: warning: no user can unlock the badge 'too-many': last(3, …) sums 3 days: last(3, pushups) is at most 300 [unreachable]",
        "22:51: warning: 'small' (from day 2) is reached in fewer days than 'big' (from day 10) before it in the progressive group 'ladder': it always waits behind it [group-order]",
      ])
  }

  @Test("a milestone past max_days is unreachable at its day")
  func milestones() throws {
    let catalog = try Inline.validated(
      """
      catalog: capped
      inputs:
        done: {type: bool}
      streaks:
        run: {counts: done, max_days: 10}
      milestones:
        streak: run
        list:
          - {id: five, day: 5}
          - {id: twelve, day: 12}
      """)
    let report = Reach.analyse(catalog)
    #expect(item(report, "five").status == .reachable)
    #expect(item(report, "five").fewestDays == 5)
    #expect(item(report, "twelve").status == .unreachable)
    #expect(item(report, "twelve").reason == "run.current never passes 10: max_days 10")
    let warnings = ReachWarnings.diagnostics(catalog)
    #expect(warnings.map(\.line) == [10])
    #expect(
      warnings.first?.message == "no user can reach the milestone 'twelve': run.current never passes 10: max_days 10")
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test("Fridays and Ramadan: the start date that matters, a Ramadan of 29 days")
  func calendar() throws {
    let catalog = try Inline.validated(
      """
      catalog: calendar
      inputs:
        prayed: {type: bool}
      metrics:
        fridays: total(weekday == 5 && prayed)
        ramadan_days: "hijri.month == 9 ? last(30, hijri.month == 9 && prayed) : 0"
      badges:
        - {id: friday, name: Friday, when: weekday == 5 && prayed}
        - {id: two-fridays, name: Two Fridays, when: fridays >= 2}
        - {id: ramadan, name: Ramadan, when: hijri.month == 9 && hijri.day == hijri.month_days && ramadan_days == hijri.month_days}
        - {id: day-31, name: Never, when: hijri.day == 31}
      """)
    let report = Reach.analyse(catalog)
    #expect(item(report, "friday").fewestDays == 1)
    #expect(item(report, "two-fridays").fewestDays == 8)
    #expect(item(report, "ramadan").fewestDays == 29)
    #expect(item(report, "ramadan").status == .reachable)
    #expect(item(report, "day-31").status == .unreachable)
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test("one unlock per check: badges that hold together unlock one a day, in catalog order")
  func onePerCheck() throws {
    let catalog = try Inline.validated(
      """
      catalog: one
      unlocks: {at: check, per_check: 1}
      inputs:
        done: {type: bool}
      badges:
        - {id: a, name: A, when: done}
        - {id: b, name: B, when: done}
        - {id: c, name: C, when: "!done"}
      """)
    let report = Reach.analyse(catalog)
    // c holds on a day without `done`, when a and b do not: it can come first.
    #expect(report.items.map(\.fewestDays) == [1, 2, 1])
    #expect(report.items.allSatisfy { $0.status == .reachable })
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test("a date a time zone skipped is a history's choice: a streak that no weekday breaks")
  func skippedDates() throws {
    let catalog = try Inline.validated(
      """
      catalog: weekdays
      inputs:
        done: {type: bool}
      streaks:
        run: {counts: weekday != 3 && done}
      badges:
        - {id: week, name: Week, when: run.current >= 7}
      """)
    let report = Reach.analyse(catalog)
    // Six days in a row at most, unless a flight west across the date line skips a Wednesday.
    #expect(item(report, "week").status == .reachable)
    #expect(item(report, "week").fewestDays == 8)
    #expect(item(report, "week").witness?.yaml(catalog: catalog, reaching: "week").contains("timezone_changes") == true)
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test(
    "prerequisites: a badge waits for those it requires, unlocks with the last in the same check, never after one never"
  )
  func prerequisites() throws {
    let catalog = try Inline.validated(
      """
      catalog: chain
      inputs:
        done: {type: bool}
        count: {type: int, min: 0, max: 10}
      streaks:
        run: {counts: done}
      metrics:
        counted: total(count)
      badges:
        - {id: early, name: Early, when: run.current >= 2, requires: [hundred]}
        - {id: hundred, name: Hundred, when: counted >= 100}
        - {id: both, name: Both, requires: [early, hundred]}
        - {id: strong, name: Strong, when: count >= 11}
        - {id: after-strong, name: After strong, when: run.current >= 1, requires: [strong]}
      """)
    let report = Reach.analyse(catalog)
    // 100 at 10 a day: the 10th day; early's own criterion held on day 2, both has no `when`.
    #expect(item(report, "early").fewestDays == 10)
    #expect(item(report, "hundred").fewestDays == 10)
    #expect(item(report, "both").fewestDays == 10)
    #expect(item(report, "after-strong").status == .unreachable)
    #expect(item(report, "after-strong").reason == "it requires 'strong', which no user can unlock")
    try WitnessReplay.check(report, catalog: catalog)
  }

  @Test(
    "periodic streaks: periods met in a row in their fewest days, a goal no period can meet, pauses left to unknown"
  )
  func periodic() throws {
    let catalog = try Inline.validated(
      """
      catalog: periods
      inputs:
        done: {type: bool}
      streaks:
        weekly: {type: periodic, period: week, goal: 3, counts: done}
        monthly: {type: periodic, period: month, goal: 2, counts: done}
        fridays: {type: periodic, period: week, goal: 2, counts: "done && weekday == 5"}
      milestones:
        streak: weekly
        list:
          - {id: one-week, day: 1}
          - {id: two-weeks, day: 2}
          - {id: four-weeks, day: 4}
      badges:
        - {id: two-months, name: Two months, when: monthly.current >= 2}
        - {id: three-months, name: Three months, when: monthly.current >= 3}
        - {id: two-fridays, name: Two Fridays a week, when: fridays.current >= 1}
      """)
    let report = Reach.analyse(catalog)
    // The first week's last three days, then whole weeks, then the last week's first three.
    #expect(item(report, "one-week").fewestDays == 3)
    #expect(item(report, "two-weeks").fewestDays == 6)
    #expect(item(report, "four-weeks").fewestDays == 3 + 7 + 7 + 3)
    // A month's last two days, a February whole, a March's first two.
    #expect(item(report, "two-months").fewestDays == 4)
    #expect(item(report, "three-months").fewestDays == 2 + 28 + 2)
    #expect(item(report, "two-fridays").status == .unreachable)
    #expect(
      item(report, "two-fridays").reason
        == "fridays.current is at most 0: no week has 2 days on which its `counts` can hold (its goal)")
    for id in ["one-week", "two-weeks", "four-weeks", "two-months", "three-months"] {
      #expect(item(report, id).status == .reachable, "\(id): \(item(report, id).reason ?? "")")
    }
    try WitnessReplay.check(report, catalog: catalog)

    // Pauses cap a period's goal by the days the whole period leaves: the search, which decides
    // a date's pause on that date, cannot try them, so it proves nothing the bounds do not.
    let paused = try Inline.validated(
      """
      catalog: paused-periods
      inputs:
        done: {type: bool}
      streaks:
        weekly: {type: periodic, period: week, goal: 3, counts: done, pausable: true}
      badges:
        - {id: three-weeks, name: Three weeks, when: weekly.current >= 3}
      """)
    let pausedReport = Reach.analyse(paused)
    let threeWeeks = item(pausedReport, "three-weeks")
    #expect(threeWeeks.status == .unknown)
    #expect(
      threeWeeks.reason
        == "a history of 13 days reaches it (the witness), and none of fewer than 9 days can; whether one of 9 to 12 days does is not known; pauses, which cap a periodic streak's goal, are not searched"
    )
  }

  @Test(
    "the planned morning: a record that names the input judges the day final, one that does not leaves it in progress")
  func plannedMorning() throws {
    func catalog(_ today: String) throws -> ValidatedCatalog {
      try Inline.validated(
        """
        catalog: planned
        inputs:
          completed: {type: bool}
          planned: {type: bool}
        streaks:
          training: {counts: completed, today: \(today)}
        badges:
          - {id: fell, name: Fell, when: "training.best >= 2 && training.current == 0"}
          - {id: kept, name: Kept, when: "planned && !completed && training.current >= 2"}
        """)
    }
    // Two days done, then a record that says `completed: false`: final at once, broken at its check.
    let reported = try catalog("{final_once_reported: [completed]}")
    let report = Reach.analyse(reported)
    #expect(item(report, "fell").fewestDays == 3)
    #expect(item(report, "fell").status == .reachable)
    let text = item(report, "fell").witness!.yaml(catalog: reported, reaching: "badge fell")
    #expect(text.contains("completed: false"), "\(text)")
    // The morning's plan, `completed` not named: judged in progress, the streak stands as the
    // day before.
    #expect(item(report, "kept").fewestDays == 3)
    let morning = item(report, "kept").witness!.yaml(catalog: reported, reaching: "badge kept")
    #expect(morning.contains("- {date: 2026-01-07, planned: true}"), "\(morning)")
    try WitnessReplay.check(report, catalog: reported)
    // In progress whatever the record says: broken only once the day is over.
    let inProgress = try catalog("in-progress")
    let later = Reach.analyse(inProgress)
    #expect(item(later, "fell").fewestDays == 4)
    try WitnessReplay.check(later, catalog: inProgress)
  }
}
