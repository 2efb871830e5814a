import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Issue 37, the seeds' fourth pass: RIZQ's First Step counts today's duas, ties in
/// `badges.next` follow the catalog's order where it says so, and ImanPath shows nothing
/// before the commitment. (What authors read: RulesKitTests' ExplanationTests and the CLI's
/// DiffCommandTests; the scenarios in catalogs/tests/ hold the same.)
@Suite("seeds, fourth pass")
struct SeedsFourthPassTests {
  static func day(_ text: String) -> CalendarDay { try! CalendarDay(text) }

  static func rizqRecords(_ engine: Engine, _ days: [(String, [String: DayRecord.Value])]) throws -> [DayRecord] {
    try days.map { try DayRecord(date: day($0.0), values: $0.1, for: engine) }
  }

  /// RIZQ's checkAchievements, for First Step (totalDuas, value 1):
  /// `let totalCompleted = state.todayActivity?.duasCompleted.count ?? 0`
  /// `isEarned = totalCompleted >= achievement.requirement.value`
  @Test("RIZQ: a user back with no dua today but a 9-day streak gets Week Warrior, not First Step")
  func firstStepCountsToday() throws {
    let engine = Engine(try Fixture.shipped("rizq"))
    var days: [(String, [String: DayRecord.Value])] = [
      ("2026-11-01", ["habits_total": 3, "habits_completed": 1, "duas_completed": 4])
    ]
    for offset in 2...9 { days.append(("2026-11-0\(offset)", ["habits_total": 3, "habits_completed": 1])) }
    let records = try Self.rizqRecords(engine, days)
    let check = try engine.check(user: "u", start: nil, on: Self.day("2026-11-09"), records: records, state: nil)
    #expect(check.evaluation.streak("streak")?.current == 9)
    #expect(check.evaluation.badges.new == ["week-warrior"])
    let firstStep = try #require(check.evaluation.badges.locked.first { $0.id == "first-step" })
    #expect(!firstStep.waiting)
    #expect(firstStep.current == .int(0) && firstStep.target == .int(1))
    // The next day with a dua earns it, at that check.
    let next = try engine.check(
      user: "u", start: nil, on: Self.day("2026-11-10"),
      records: try Self.rizqRecords(
        engine, [("2026-11-10", ["habits_total": 3, "habits_completed": 1, "duas_completed": 1])]),
      state: check.state)
    #expect(next.evaluation.badges.new == ["first-step"])
  }

  static let tied = """
    catalog: tied
    inputs:
      a: {type: int, min: 0, max: 100}
      b: {type: int, min: 0, max: 100}
    metrics:
      total_a: total(a)
      total_b: total(b)
    badges:
      - {id: first, name: First, when: total_a >= 7}
      - {id: second, name: Second, when: total_b >= 7}
      - {id: far, name: Far, when: total_a >= 30}
    """

  static func next(_ yaml: String) throws -> String? {
    let engine = Engine(try Fixture.catalog(yaml))
    let record = try DayRecord(date: day("2026-01-01"), values: ["a": 2, "b": 5], for: engine)
    let check = try engine.check(user: nil, start: nil, on: day("2026-01-01"), records: [record], state: nil)
    return check.evaluation.badges.next?.id
  }

  /// RIZQ's nextUnlockableAchievement:
  /// `.filter { !$0.isUnlocked }.sorted { $0.requirement.value < $1.requirement.value }.first`
  /// (a stable sort: among equal requirements the defaults' order).
  @Test("next_badge ties: progress (the default) or catalog-order, as RIZQ's stable sort")
  func ties() throws {
    // First 2/7, Second 5/7: by default the more advanced.
    #expect(try Self.next(Self.tied) == "second")
    #expect(try Self.next(Self.tied + "\nnext_badge: {ties: progress}") == "second")
    #expect(try Self.next(Self.tied + "\nnext_badge: {ties: catalog-order}") == "first")
    // The export keeps the choice, and an exported catalog reads it back.
    let checked = try Fixture.catalog(Self.tied + "\nnext_badge: {ties: catalog-order}")
    let json = CatalogExport.json(checked).serialized()
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((object["next_badge"] as? [String: String]) == ["ties": "catalog-order"])
    #expect(!CatalogExport.json(try Fixture.catalog(Self.tied)).serialized().contains("next_badge"))
    let exported = try Engine(exportedCatalog: Data(json.utf8))
    let record = try DayRecord(date: Self.day("2026-01-01"), values: ["a": 2, "b": 5], for: exported)
    let check = try exported.check(user: nil, start: nil, on: Self.day("2026-01-01"), records: [record], state: nil)
    #expect(check.evaluation.badges.next?.id == "first")
  }

  @Test("a tie keyword the format does not have is an error naming the two")
  func badTies() throws {
    let validation = try Fixture.validate(Self.tied + "\nnext_badge: {ties: fastest}")
    #expect(validation.validated == nil)
    let messages = validation.diagnostics.map(\.message)
    #expect(messages.contains { $0.contains("'fastest'") && $0.contains("catalog-order") }, "\(messages)")
  }

  @Test("RIZQ: Week Warrior comes before Perfect Week (both 7), whatever their progress")
  func rizqTies() throws {
    let engine = Engine(try Fixture.shipped("rizq"))
    let records = try Self.rizqRecords(
      engine,
      [
        ("2026-12-01", ["habits_total": 3, "habits_completed": 1, "duas_completed": 75]),
        ("2026-12-02", ["habits_total": 3, "habits_completed": 1, "duas_completed": 1]),
        ("2026-12-03", ["habits_total": 3, "habits_completed": 0, "duas_completed": 1]),
        ("2026-12-04", ["habits_total": 3, "habits_completed": 1, "duas_completed": 1]),
        ("2026-12-05", ["habits_total": 3, "habits_completed": 1, "duas_completed": 1]),
      ])
    var state: UserState?
    var evaluation: Evaluation?
    for date in ["2026-12-01", "2026-12-02", "2026-12-05"] {
      let check = try engine.check(user: "u", start: nil, on: Self.day(date), records: records, state: state)
      state = check.state
      evaluation = check.evaluation
    }
    let last = try #require(evaluation)
    #expect(last.badges.unlocked.map(\.id) == ["first-step", "level-5"])
    let progress = Dictionary(uniqueKeysWithValues: last.badges.locked.map { ($0.id, $0.progress) })
    #expect(progress["week-warrior"] == 0.286 && progress["perfect-week"] == 0.714)
    #expect(last.badges.next?.id == "week-warrior")
  }

  /// ImanPath's seed: "Future Milestones (Locked) ... **Requires `streakStartDate != nil`** (no
  /// commitment = no locks)"; "No commitment signed | No milestone indicators anywhere".
  @Test("ImanPath before the commitment: no next milestone, and a relapse then starts nothing")
  func imanPathBeforeCommitment() throws {
    let engine = Engine(try Fixture.shipped("imanpath"))
    let start = Self.day("2026-01-10")
    // Five days before the commitment, nothing logged: no lock, no wrong date.
    let early = try engine.check(user: nil, start: start, on: Self.day("2026-01-05"), records: [], state: nil)
    #expect(early.evaluation.milestones.next == nil)
    #expect(early.evaluation.milestones.reached.isEmpty)
    #expect(early.evaluation.streak("streak")?.current == 0 && early.evaluation.streak("streak")?.start == nil)

    let relapse = try DayRecord(date: Self.day("2026-01-05"), values: ["relapse": true], for: engine)
    for date in ["2026-01-05", "2026-01-08"] {
      let check = try engine.check(user: nil, start: start, on: Self.day(date), records: [relapse], state: nil)
      let streak = try #require(check.evaluation.streak("streak"))
      #expect(streak.current == 0 && streak.best == 0 && streak.start == nil, "\(date)")
      #expect(check.evaluation.milestones.next == nil && check.evaluation.milestones.reached.isEmpty, "\(date)")
    }
    // From the commitment on, Day 0 is the start, not the relapse before it.
    let committed = try engine.check(
      user: nil, start: start, on: Self.day("2026-01-13"), records: [relapse], state: nil)
    #expect(committed.evaluation.streak("streak")?.current == 3)
    #expect(committed.evaluation.streak("streak")?.start == start)
    #expect(committed.evaluation.milestones.reached == ["tawbah", "tajdeed"])
    #expect(committed.evaluation.milestones.next?.id == "sabr")
    #expect(committed.evaluation.milestones.next?.date == Self.day("2026-01-17"))
  }

  /// The texts authors read say what SalahStreak's catalog does: the Ramadan count is this
  /// Ramadan's (all of it in Shawwal, from the last 60 days), the Dhu al-Hijjah count a sliding
  /// window of ten days, not "this year".
  @Test("SalahStreak's calendar metrics: docs/catalog-format.md and the Arabic descriptions say what the catalog does")
  func calendarTexts() throws {
    let checked = try Fixture.shipped("salahstreak")
    func text(_ path: String) throws -> String {
      String(decoding: try Data(contentsOf: Fixture.repository.appendingPathComponent(path)), as: UTF8.self)
    }
    let docs = try text("docs/catalog-format.md")
    for name in ["ramadan_perfect_days", "dhul_hijjah_perfect_days"] {
      let metric = try #require(checked.catalog.metrics.first { $0.name == name })
      let value = metric.expression.text
      #expect(
        docs.contains("  \(name): \(value)\n") || docs.contains("  \(name): \"\(value)\"\n"),
        "docs/catalog-format.md shows \(name) as the catalog writes it: \(value)")
    }
    #expect(!docs.contains("last(30, hijri.month == 9"))
    let arabic = try text("catalogs/locales/ar/salahstreak.yaml")
    let ramadan = try #require(arabic.range(of: "ramadan_perfect_days:"))
    let dhulHijjah = try #require(arabic.range(of: "dhul_hijjah_perfect_days:"))
    let ramadanText = arabic[ramadan.upperBound..<dhulHijjah.lowerBound]
    // The 60 days of Ramadan and Shawwal, no longer the 30 of the old window.
    #expect(ramadanText.contains("الستون") && !ramadanText.contains("الثلاثون"))
    #expect(ramadanText.contains("شوال"))
    let dhulHijjahText = arabic[dhulHijjah.upperBound...].prefix(400)
    #expect(!dhulHijjahText.contains("هذا العام"))
    let english = try #require(checked.catalog.metrics.first { $0.name == "dhul_hijjah_perfect_days" }?.description)
    #expect(!english.contains("this year") && english.contains("last ten days"))
  }

  /// Issue 34: "Any user may PUT `duas_completed: 9223372036854775807` and top every
  /// leaderboard: give the shipped catalogs' count inputs the maxima their apps allow".
  @Test("the shipped catalogs' counts have a max: a record past it is refused")
  func countMaxima() throws {
    let maxima = [
      ("rizq", ["duas_completed", "habits_completed", "habits_total"], 1000),
      ("onward", ["journal_entries", "sos_sessions", "self_care_activities", "hopeful_entries"], 100),
    ]
    for (name, inputs, max) in maxima {
      let engine = Engine(try Fixture.shipped(name))
      for input in inputs {
        #expect(throws: Never.self) {
          try DayRecord(date: Self.day("2026-01-01"), values: [input: .int(max)], for: engine)
        }
        #expect(throws: EngineError.self, "\(name).\(input)") {
          try DayRecord(date: Self.day("2026-01-01"), values: [input: .int(Int.max)], for: engine)
        }
        #expect(throws: EngineError.self, "\(name).\(input)") {
          try DayRecord(date: Self.day("2026-01-01"), values: [input: .int(max + 1)], for: engine)
        }
      }
    }
    // Every shipped catalog checks without a warning, the new one included.
    for name in ["rizq", "onward", "salahstreak", "imanpath", "discipline"] {
      #expect(Fixture.validateShipped(name).diagnostics.isEmpty, "\(name)")
    }
  }

  /// A rebuild keeps every unlock of the saved state: its evaluation counts their XP too, as the
  /// next check's does (RIZQ's First Step, kept on a day without a dua, was left out of xp, and
  /// the server's leaderboard stored the smaller value).
  @Test("a rebuild's evaluation counts the XP of the unlocks it keeps, as a plain check does")
  func rebuildKeepsXP() throws {
    let engine = Engine(try Fixture.shipped("rizq"))
    let records = try Self.rizqRecords(
      engine,
      [
        ("2026-03-01", ["habits_total": 3, "habits_completed": 1, "duas_completed": 1]),
        ("2026-03-02", ["habits_total": 3, "habits_completed": 1]),
      ])
    let first = try engine.check(
      user: "u", start: nil, on: Self.day("2026-03-01"), records: Array(records.prefix(1)), state: nil)
    #expect(first.evaluation.badges.new == ["first-step"])
    let plain = try engine.check(
      user: "u", start: nil, on: Self.day("2026-03-02"), records: [records[1]], state: first.state)
    let rebuilt = try engine.check(
      user: "u", start: nil, on: Self.day("2026-03-02"), records: records, state: first.state, rebuild: true)
    // 1 dua (10 XP) and First Step's 50.
    #expect(plain.evaluation.metric("xp") == .int(60))
    #expect(rebuilt.evaluation.metric("xp") == .int(60))
    #expect(rebuilt.evaluation.badges.unlocked.map(\.id) == ["first-step"])
    let again = try engine.check(user: "u", start: nil, on: Self.day("2026-03-02"), records: [], state: rebuilt.state)
    #expect(again.evaluation.metric("xp") == rebuilt.evaluation.metric("xp"))
  }
}
