import RulesEngine
import RulesTestSupport
import Testing

@testable import RulesExperiments

/// The report against a brute-force count over generated users, an experiment whose variant
/// truly raises retention, and A/A splits that must find no difference more often than the
/// confidence level allows.
@Suite struct ReportTests {
  static let date = CalendarDay(number: 20_600)

  /// Users assigned over the 60 days before `date`; each day after assignment a user is active
  /// with `rate(arm)`; the current streak is the run of active days ending on `date`; a user
  /// holds `first-day` after any active day and `week` after a run of 7.
  static func population(
    count: Int, seed: UInt64, assignment: Assignment, rate: (Arm) -> Double
  ) -> [Participant] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { index in
      let user = "user-\(index)"
      let arm = assignment.arm(of: user)
      let assigned = CalendarDay(number: date.number - random.below(61))
      var active: Set<CalendarDay> = []
      var run = 0
      var best = 0
      for day in assigned.number...date.number {
        if random.chance(rate(arm)) {
          active.insert(CalendarDay(number: day))
          run += 1
          best = max(best, run)
        } else {
          run = 0
        }
      }
      var badges: Set<String> = []
      if !active.isEmpty { badges.insert("first-day") }
      if best >= 7 { badges.insert("week") }
      return Participant(arm: arm, assigned: assigned, activeDays: active, streaks: ["daily": run], badges: badges)
    }
  }

  @Test func figuresEqualABruteForceCount() throws {
    let assignment = Assignment(experiment: "more-freezes", share: try #require(Share(parsing: "30%")))
    let users = Self.population(count: 3_000, seed: 7, assignment: assignment) { $0 == .variant ? 0.6 : 0.45 }
    let report = ExperimentReport(
      participants: users, date: Self.date, streaks: ["daily"], badges: ["first-day", "week", "never"])
    for (arm, figures) in [(Arm.control, report.control), (.variant, report.variant)] {
      let mine = users.filter { $0.arm == arm }
      #expect(figures.users == mine.count)
      for retention in figures.retention {
        var counted = 0
        var hits = 0
        for user in mine where Self.date.number - user.assigned.number >= retention.day {
          counted += 1
          if user.activeDays.contains(CalendarDay(number: user.assigned.number + retention.day)) { hits += 1 }
        }
        #expect(retention.share.users == counted)
        #expect(retention.share.hits == hits)
      }
      var weeks: [Double] = []
      for user in mine {
        let length = Self.date.number - user.assigned.number + 1
        if length >= 7 { weeks.append(Double(user.activeDays.count) / Double(length) * 7) }
      }
      let weekly = try #require(figures.activeDaysPerWeek.interval)
      #expect(figures.activeDaysPerWeek.users == weeks.count)
      #expect(abs(weekly.estimate - weeks.reduce(0, +) / Double(weeks.count)) < 1e-9)
      let streak = try #require(figures.currentStreaks.first?.mean.interval)
      #expect(abs(streak.estimate - Double(mine.map { $0.streaks["daily"]! }.reduce(0, +)) / Double(mine.count)) < 1e-9)
      for rate in figures.badges {
        #expect(rate.share.hits == mine.filter { $0.badges.contains(rate.badge) }.count)
        #expect(rate.share.users == mine.count)
      }
    }
    // The variant is truly more active: day-7 retention's difference is above zero with 95%
    // confidence, close to the true 0.15.
    let d7 = try #require(report.difference("retention_d7")?.interval)
    #expect(d7.lower > 0)
    #expect(d7.lower < 0.15 && d7.upper > 0.15)
    // A badge nobody holds: no difference, and an interval as wide as the arms' sizes allow
    // (Newcombe's for 0/n - 0/m runs from minus the control's Wilson upper bound to the variant's).
    let never = try #require(report.difference("badge.never")?.interval)
    let controlNever = try #require(report.control.badges.last?.share.interval)
    let variantNever = try #require(report.variant.badges.last?.share.interval)
    #expect(never == Interval(estimate: 0, lower: -controlNever.upper, upper: variantNever.upper))
  }

  /// 100 A/A splits (the same behaviour in both arms, split by 100 experiment names): at 95%
  /// confidence, an interval of the difference excludes zero about 5 times in 100; more than 11
  /// has a chance under 0.5% for honest intervals.
  @Test func aaSplitsFindNoDifferenceMoreOftenThanTheConfidenceAllows() throws {
    let half = try #require(Share(parsing: "50%"))
    let base = Self.population(count: 2_000, seed: 11, assignment: Assignment(experiment: "none", share: half)) { _ in
      0.5
    }
    var found = 0
    for split in 0..<100 {
      let assignment = Assignment(experiment: "aa-\(split)", share: half)
      let users = base.enumerated().map { index, user in
        Participant(
          arm: assignment.arm(of: "user-\(index)"), assigned: user.assigned, activeDays: user.activeDays,
          streaks: user.streaks, badges: user.badges)
      }
      let report = ExperimentReport(participants: users, date: Self.date, streaks: ["daily"], badges: [])
      if let d7 = report.difference("retention_d7")?.interval, !d7.includesZero { found += 1 }
    }
    #expect(found <= 11, "\(found) of 100 A/A splits showed a difference")
  }

  @Test func usersAssignedAfterTheDateAreNotCounted() throws {
    let late = Participant(
      arm: .variant, assigned: CalendarDay(number: Self.date.number + 1), activeDays: [], streaks: [:], badges: [])
    let report = ExperimentReport(participants: [late], date: Self.date, streaks: [], badges: [])
    #expect(report.variant.users == 0)
    #expect(report.difference("retention_d1")?.interval == nil)
  }

  @Test func guardrailTripsOnEvidenceOfHarmOnly() throws {
    let assignment = Assignment(experiment: "harm", share: try #require(Share(parsing: "50%")))
    let harmful = Self.population(count: 4_000, seed: 3, assignment: assignment) { $0 == .variant ? 0.3 : 0.6 }
    let guardrail = try #require(Guardrail(metric: "retention_d7", margin: 0.02))
    #expect(
      guardrail.isTripped(
        by: ExperimentReport(participants: harmful, date: Self.date, streaks: [], badges: [])))
    let same = Self.population(count: 4_000, seed: 3, assignment: assignment) { _ in 0.5 }
    #expect(!guardrail.isTripped(by: ExperimentReport(participants: same, date: Self.date, streaks: [], badges: [])))
    let few = Array(harmful.prefix(6))
    #expect(!guardrail.isTripped(by: ExperimentReport(participants: few, date: Self.date, streaks: [], badges: [])))
  }

  @Test func guardrailsTakeKnownFiguresAndMargins() {
    #expect(Guardrail(metric: "retention_d7", margin: 0.02) != nil)
    #expect(Guardrail(metric: "retention_d8", margin: 0.02) == nil)
    #expect(Guardrail(metric: "badge.week", margin: 0.02) == nil)
    #expect(Guardrail(metric: "retention_d7", margin: -0.01) == nil)
    #expect(Guardrail(metric: "retention_d7", margin: .nan) == nil)
  }
}
