import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

/// Support's tools (issue 39, item 5) through the Swift API: granted freezes, restored days,
/// the days a restore covers, and every bad grant or restore refused with its reason.
@Suite("support")
struct SupportTests {
  static let catalog = """
    catalog: demo
    inputs: {done: {type: bool}, slipped: {type: bool}}
    streaks:
      daily: {counts: done, freezes: {earn_every: 7, max: 1}}
      plain: {counts: done}
      clean: {type: elapsed, resets: slipped}
    """

  static func records(_ dates: [String], _ engine: Engine) throws -> [DayRecord] {
    try dates.map { try DayRecord(date: Fixture.day($0), values: ["done": .bool(true)], for: engine) }
  }

  static func streak(_ evaluation: Evaluation, _ name: String) -> (current: Int, freezes: Int) {
    let streak = evaluation.streaks.first { $0.name == name }!
    return (streak.current, streak.freezes)
  }

  @Test("granted freezes are there from their day, past the cap, and cover missed days")
  func grants() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    // Done 05-01 to 05-03, missed 05-04 and 05-05, done 05-06.
    let records = try Self.records(["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-06"], engine)
    let grants = [FreezeGrant(streak: "daily", count: 3, date: Fixture.day("2026-05-03"), reason: "crash")]
    let days = try engine.replay(
      user: nil, start: nil, records: records, from: nil, to: Fixture.day("2026-05-06"), freezeGrants: grants)
    #expect(days.map { Self.streak($0, "daily").current } == [1, 2, 3, 3, 3, 4])
    #expect(days.map { Self.streak($0, "daily").freezes } == [0, 0, 3, 3, 2, 1])
    // The streak without a grant breaks.
    #expect(days.map { Self.streak($0, "plain").current } == [1, 2, 3, 3, 0, 1])
    // One check of the last day, from nothing: the same.
    let check = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-05-06"), records: records, state: nil, freezeGrants: grants)
    #expect(Self.streak(check.evaluation, "daily") == (4, 1))
    // Without the grant, the same days break it.
    let without = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-05-06"), records: records, state: nil)
    #expect(Self.streak(without.evaluation, "daily") == (1, 0))
  }

  @Test("a restore covers the days after the streak last counted, and gives back a freeze it used")
  func restores() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let dates = (1...7).map { "2026-08-0\($0)" } + ["2026-08-09", "2026-08-12"]
    let records = try Self.records(dates, engine)
    // A freeze was earned by 08-07 and used on 08-08; 08-10 broke the streak.
    let broken = try engine.check(user: nil, start: nil, on: Fixture.day("2026-08-12"), records: records, state: nil)
    #expect(Self.streak(broken.evaluation, "daily") == (1, 0))
    let restore = try engine.restore(
      "daily", through: Fixture.day("2026-08-11"), reason: "hospital", user: nil, start: nil, records: records)
    #expect(
      restore
        == StreakRestore(
          streak: "daily", from: Fixture.day("2026-08-10"), through: Fixture.day("2026-08-11"), reason: "hospital"))
    let restored = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-08-12"), records: records, state: nil, restores: [restore])
    // 08-08 still used the freeze (not restored); 08-10 and 08-11 are covered: 8 days and one more.
    #expect(Self.streak(restored.evaluation, "daily") == (9, 0))
    // A restore over the day the freeze covered gives it back.
    let wider = StreakRestore(
      streak: "daily", from: Fixture.day("2026-08-08"), through: Fixture.day("2026-08-11"), reason: "hospital")
    let back = try engine.check(
      user: nil, start: nil, on: Fixture.day("2026-08-12"), records: records, state: nil, restores: [wider])
    #expect(Self.streak(back.evaluation, "daily") == (9, 1))
    #expect(Self.streak(back.evaluation, "plain") == (1, 0))
  }

  @Test("nothing to restore, an elapsed or unknown streak, a bad count: refused with their reasons")
  func refusals() throws {
    let engine = Engine(try Fixture.catalog(Self.catalog))
    let records = try Self.records(["2026-05-02", "2026-05-03"], engine)
    let message = Fixture.message
    #expect(
      message {
        _ = try engine.restore("daily", through: Fixture.day("2026-05-03"), user: nil, start: nil, records: records)
      }
        == "bad-value: the streak 'daily' counted on 2026-05-03: there is nothing to restore")
    #expect(
      message {
        _ = try engine.restore("daily", through: Fixture.day("2026-05-01"), user: nil, start: nil, records: records)
      }
        == "bad-value: the streak 'daily' never counted up to 2026-05-01: there is nothing to restore")
    #expect(
      message {
        _ = try engine.restore("clean", through: Fixture.day("2026-05-04"), user: nil, start: nil, records: records)
      }
        == "bad-value: the streak 'clean' counts the days since a start; freezes and restores apply to the consecutive streaks: daily, plain"
    )
    #expect(
      message {
        _ = try engine.check(
          user: nil, start: nil, on: Fixture.day("2026-05-04"), records: records, state: nil,
          freezeGrants: [FreezeGrant(streak: "dialy", count: 1, date: Fixture.day("2026-05-04"))])
      }
        == "bad-value: freeze grant 1: the catalog 'demo' has no streak 'dialy'; its consecutive streaks are daily, plain"
    )
    #expect(
      message {
        _ = try engine.check(
          user: nil, start: nil, on: Fixture.day("2026-05-04"), records: records, state: nil,
          freezeGrants: [FreezeGrant(streak: "daily", count: 0, date: Fixture.day("2026-05-04"))])
      } == "bad-value: freeze grant 1: 'count' must be from 1 to 365; found 0")
    #expect(
      message {
        _ = try engine.check(
          user: nil, start: nil, on: Fixture.day("2026-05-04"), records: records, state: nil,
          restores: [
            StreakRestore(streak: "daily", from: Fixture.day("2026-05-04"), through: Fixture.day("2026-05-03"))
          ])
      }
        == "bad-value: restore 1: 'through' (2026-05-03) is before 'from' (2026-05-04); 'through' is the last covered day"
    )
  }
}
