import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

@testable import RulesReach

/// The fast analysis against the obvious one: random small catalogs, and every history of up
/// to `depth` dates (every value of every input, no record, a date a zone skipped, every start)
/// stepped through the engine's day as `rules replay` steps it, without merging anything. Each
/// claim of reach can be refuted here: a fewest days that a shorter history beats or that no
/// history matches, an `unreachable` that a history reaches, an `always` that a first check
/// misses.
@Suite("reach against brute force")
struct BruteForceTests {
  static let depth = 4

  /// A random catalog: two inputs, one or two streaks, sums, badges from templates.
  /// With `mechanics`, issue 54's too: a periodic streak `p` (weeks or months, a goal of 1 or 2
  /// days, freezes now and then) that badges and milestones read, and `s` judged final once a
  /// record names `a` (`today: {final_once_reported: [a]}`) now and then.
  static func catalog(_ random: inout SplitMix64, seed: Int, mechanics: Bool = false) -> String {
    let counts = ["a", "n >= 1", "a && n >= 2", "weekday != 3 && a", "n == 1"]
    var streak = "    s:\n      counts: \"\(counts[random.below(counts.count)])\"\n"
    if random.chance(0.3) { streak += "      skips: \"!a && n == 0\"\n" }
    if random.chance(0.3) { streak += "      freezes: {earn_every: 2, max: 1}\n" }
    if random.chance(0.3) { streak += "      max_days: 2\n" }
    if mechanics && random.chance(0.5) {
      streak += "      today: {final_once_reported: [a]}\n"
    } else if random.chance(0.3) {
      streak += "      today: final\n"
    }
    var periodic: [String] = []
    if mechanics {
      let period = random.chance(0.5) ? "week" : "month"
      streak +=
        "    p:\n      type: periodic\n      period: \(period)\n      goal: \(1 + random.below(2))\n      counts: \"\(counts[random.below(counts.count)])\"\n"
      if random.chance(0.3) { streak += "      freezes: {earn_every: 1, max: 1}\n" }
      periodic = [
        "p.current >= \(1 + random.below(2))", "p.current >= 2", "p.freezes >= 1 && p.current >= 1",
        "p.best >= 2 && !a", "p.current == 0 && s.current >= 2", "s.best >= 1 && s.current < 1",
      ]
    }
    let elapsed = random.chance(0.3)
    if elapsed {
      streak +=
        "    e:\n      type: elapsed\n      resets: \"n == 2\"\n"
        + (random.chance(0.5) ? "      needs_start: true\n" : "")
    }
    let templates =
      [
        "s.current >= \(1 + random.below(3))", "t >= \(1 + random.below(6))", "w >= \(1 + random.below(3))",
        "s.freezes >= 1", "t >= \(random.below(5)) && s.current >= \(random.below(3))",
        "!a && s.current >= \(1 + random.below(2))",
        "s.best >= \(2 + random.below(2))", "weekday == 5 && a", "t == \(random.below(4))", "w < 1 && logged",
        "s.current >= 0", "badges.count >= \(1 + random.below(2))", "week(n) >= \(2 + random.below(4))",
      ] + periodic + periodic
      + (elapsed ? ["e.current >= \(1 + random.below(3))", "e.current == 0 && t >= \(1 + random.below(3))"] : [])
    var badges = ""
    let group = random.chance(0.3)
    let count = 3 + random.below(2)
    let requiring = random.chance(0.3) ? count - 1 : -1
    for index in 0..<count {
      let when = templates[random.below(templates.count)]
      let inGroup = group && index < 2 ? ", group: g" : ""
      // A prerequisite (`requires`) on the last badge now and then.
      let requires = index == requiring ? ", requires: [b\(random.below(count - 1))]" : ""
      badges += "  - {id: b\(index), name: B\(index)\(inGroup)\(requires), when: \"\(when)\"}\n"
    }
    var text = """
      catalog: random-\(seed)
      inputs:
        a: {type: bool}
        n: {type: int, min: 0, max: 2}
      streaks:
      \(streak)metrics:
        t: total(n)
        w: last(2, a)

      """
    if random.chance(0.3) { text += "unlocks: {per_check: 1}\n" }
    if group { text += "groups:\n  - {id: g, progressive: true}\n" }
    text += "badges:\n" + badges
    if random.chance(0.4) {
      let milestoneStreak = mechanics && random.chance(0.6) ? "p" : (elapsed && random.chance(0.5) ? "e" : "s")
      text +=
        "milestones:\n  streak: \(milestoneStreak)\n  list:\n    - {id: m2, day: 2}\n    - {id: m3, day: 3}\n"
    }
    return text
  }

  /// The fewest dates in which each item (badges, then milestones) is reached, over every
  /// history of up to `depth` dates; and for each badge whether every first check has it.
  static func bruteForce(_ catalog: ValidatedCatalog, depth: Int) -> (fewest: [Int?], always: [Bool]) {
    let program = Program(catalog)
    let runner = DayRunner(program: program)
    runner.adjust(for: History())
    let badges = catalog.badges.count
    let milestones = catalog.catalog.milestones?.milestones ?? []
    var fewest = [Int?](repeating: nil, count: badges + milestones.count)
    var always = [Bool](repeating: true, count: badges)
    // Each record with each set of inputs it names (every input not at its default, and any of
    // those at it): a streak final once reported reads them.
    var records: [EncodedRecord?] = [nil]
    for a in 0...1 {
      for n in 0...2 {
        for named in 0..<4 where (a == 0 || named & 1 != 0) && (n == 0 || named & 2 != 0) {
          records.append(
            EncodedRecord(
              date: CalendarDay(number: 0), values: [a, n], reported: [0, 1].filter { named & (1 << $0) != 0 }))
        }
      }
    }
    let judges = !program.reportedStreaks.isEmpty
    let laterStarts = catalog.streaks.contains { if case .elapsed = $0.streak.kind { true } else { false } }
    // First dates: every weekday (2026-01-05 is a Monday), and for a catalog that reads months
    // the last three days of January and of February (28 days): a history of 4 dates crosses
    // into the next month from those alone.
    var firsts = Array(20_458..<20_465)
    if catalog.streaks.contains(where: { $0.streak.periodic?.period == .month }) {
      firsts += Array(20_482..<20_485) + Array(20_510..<20_513)
    }
    for first in firsts {
      // The start: none, the first date, or (for an elapsed streak) a later one.
      var starts: [Int?] = [nil, first]
      if laterStarts { starts += (1..<depth).map { first + $0 } }
      for start in starts {
        func visit(_ state: CountedState, day: Int, level: Int) {
          guard level < depth else { return }
          for record in records {
            // Without a streak that reads them, the inputs a record names change nothing.
            if !judges, let record, record.reported != record.values.indices.filter({ record.values[$0] != 0 }) {
              continue
            }
            let values = record?.values
            for skipped in [false, true] {
              if skipped && record != nil { continue }
              // The first date is the start, or the first record.
              if day == first && start != first && record == nil { continue }
              var next = state
              if !skipped {
                if judges { runner.judge(record) }
                runner.load(day: day, values: values, state: next, start: start)
                let differs = runner.run(day: day, state: next, start: start, inProgress: true)
                let unlocked = runner.unlockBadges(day: day, state: &next, check: true)
                for badge in unlocked where (fewest[badge] ?? .max) > level + 1 { fewest[badge] = level + 1 }
                if level == 0 {
                  for badge in 0..<badges where !unlocked.contains(badge) { always[badge] = false }
                }
                if let streak = catalog.milestoneStreak {
                  let rule = catalog.streaks[streak].streak
                  var counts = !(rule.needsStart && start == nil)
                  if case .elapsed = rule.kind, let start, day < start { counts = false }
                  let current = runner.streakStates[streak].current
                  for (index, milestone) in milestones.enumerated() where counts && current >= milestone.day {
                    if (fewest[badges + index] ?? .max) > level + 1 { fewest[badges + index] = level + 1 }
                  }
                }
                if differs { runner.finish(day: day, values: values, state: next, start: start) }
                runner.commit(day: day, into: &next)
              } else if level == 0 {
                // A first date skipped: the first check comes later.
              }
              visit(next, day: day + 1, level: level + 1)
            }
          }
        }
        var state = CountedState(for: catalog)
        state.origin = first
        visit(state, day: first, level: 0)
      }
    }
    return (fewest, always)
  }

  @Test("random catalogs: every fewest days, unreachable and always of reach agrees with every history of 4 dates")
  func randomCatalogs() throws {
    try agree(seed: 53, mechanics: false)
  }

  @Test(
    "random catalogs with periodic streaks and a streak final once reported: reach agrees with every history of 4 dates"
  )
  func randomCatalogsOfNewMechanics() throws {
    try agree(seed: 54, mechanics: true)
  }

  func agree(seed first: UInt64, mechanics: Bool) throws {
    var random = SplitMix64(seed: first)
    var agreed = (reachable: 0, unreachable: 0, always: 0, unknown: 0)
    for seed in 0..<20 {
      let text = Self.catalog(&random, seed: seed, mechanics: mechanics)
      let catalog = try Inline.validated(text)
      let report = Reach.analyse(catalog, limits: Reach.Limits(horizon: Self.depth))
      let truth = Self.bruteForce(catalog, depth: Self.depth)
      for (index, item) in report.items.enumerated() {
        let fewest = truth.fewest[index]
        let context =
          "\(item.key) in\n\(text)\nreach: \(item.status) \(item.fewestDays.map(String.init) ?? "-") \(item.reason ?? ""); brute force: \(fewest.map(String.init) ?? "none")"
        switch item.status {
        case .reachable:
          #expect(item.fewestDays == fewest, "\(context)")
          agreed.reachable += 1
        case .always:
          #expect(fewest == 1 && truth.always[index], "\(context)")
          agreed.always += 1
        case .unreachable:
          #expect(fewest == nil, "\(context)")
          agreed.unreachable += 1
        case .unknown:
          agreed.unknown += 1
        }
      }
      try WitnessReplay.check(report, catalog: catalog)
    }
    // The claims tested are many and of every kind.
    #expect(agreed.reachable >= 20)
    #expect(agreed.unreachable + agreed.always >= 3)
    print("reach against brute force: \(agreed)")
  }
}
