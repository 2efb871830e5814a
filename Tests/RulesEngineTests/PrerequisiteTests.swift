import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing

/// Badges that need badges (`requires`, issue 54): a badge unlocks only at a check where its
/// criterion holds and every badge it lists is unlocked, earlier or in the same check. By hand
/// (the same check's cascade, progressive groups, `per_check`, repeating prerequisites), the
/// evaluation's `requires` and progress, the check's refusals by their exact messages, and a
/// brute-force comparison with a plain model of the rule.
@Suite("prerequisites")
struct PrerequisiteTests {
  static let yaml = """
    catalog: demo
    inputs: {n: {type: int, min: 0, max: 100}}
    streaks:
      daily: {counts: n >= 1}
    metrics:
      total_n: total(n)
    badges:
      - {id: first-week, name: First week, when: daily.current >= 3}
      - {id: first-month, name: First month, when: daily.current >= 5}
      - {id: dedicated, name: Dedicated, requires: [first-week, first-month], when: total_n >= 8}
      - {id: both, name: Both, requires: [first-week, first-month]}
    """

  static func engine(_ text: String = yaml) throws -> Engine { Engine(try Fixture.catalog(text)) }

  static func records(_ values: [Int], from first: String, for engine: Engine) throws -> [DayRecord] {
    try values.enumerated().map { offset, n in
      try DayRecord(date: CalendarDay(first) + offset, values: ["n": .int(n)], for: engine)
    }
  }

  static func locked(_ evaluation: Evaluation, _ id: String) -> Evaluation.LockedBadge? {
    evaluation.badges.locked.first { $0.id == id }
  }

  // MARK: - rules check

  @Test("a badge without 'when' needs 'requires': the missing key is told at the badge")
  func whenIsRequiredWithoutRequires() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      badges:
        - {id: a, name: A}
        - {id: b, name: B, whne: true}
        - {id: c, name: C, requires: [a]}
      """)
    #expect(
      diagnostics == [
        "3:5: error: badge 'a' is missing the required key 'when' (a badge with 'requires' may leave it out)",
        "4:22: error: unknown key 'whne' in badge 'b'; did you mean 'when'?",
      ])
  }

  @Test("an id of a module's badge is known; one of another file's list is located in that file")
  func modulesAndLocations() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      imports: [mod.yaml]
      badges:
        - {id: top, name: Top, requires: [base]}
      """,
      modules: ["mod.yaml": "module: mod\nbadges:\n  - {id: base, name: Base, when: true, requires: [tpo]}\n"])
    #expect(
      diagnostics == [
        "mod.yaml:3:51: error: 'tpo' in the 'requires' of the badge 'base' is not a badge of this catalog; did you mean 'top'?"
      ])
  }

  @Test("a two-badge cycle is told at both badges' requires, naming the chain")
  func twoBadgeCycle() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      badges:
        - id: a
          name: A
          requires: [b]
        - {id: b, name: B, when: true, requires: [a]}
      """)
    #expect(
      diagnostics == [
        "5:5: error: the badge 'a' requires itself through other badges: a → b → a",
        "6:34: error: the badge 'b' requires itself through other badges: b → a → b",
      ])
  }

  @Test("requires must be a list of ids")
  func shape() {
    let diagnostics = Fixture.diagnostics(
      """
      catalog: demo
      badges:
        - {id: a, name: A, when: true}
        - {id: b, name: B, requires: a}
        - {id: c, name: C, requires: [Not An Id]}
      """)
    #expect(
      diagnostics == [
        "4:32: error: 'requires' must be a list of ids; found a string ('a')",
        "5:33: error: 'Not An Id' is not a valid id for each item of 'requires': use lowercase letters, digits and -",
      ])
  }

  // MARK: - Unlocking

  @Test("prerequisites unlocked on the same day unlock their dependants that day, in one check")
  func sameCheckCascade() throws {
    let engine = try Self.engine()
    // Five days of 2: first-week on day 3, first-month on day 5, and then both; dedicated's
    // criterion (total >= 8) holds from day 4, so it waits for first-month.
    let records = try Self.records([2, 2, 2, 2, 2, 0], from: "2026-05-01", for: engine)
    let check = try engine.check(user: "u", start: nil, on: CalendarDay("2026-05-06"), records: records, state: nil)
    let unlocked = check.evaluation.badges.unlocked.map { "\($0.id) \($0.date)" }
    #expect(
      unlocked == ["first-week 2026-05-03", "first-month 2026-05-05", "dedicated 2026-05-05", "both 2026-05-05"])
    #expect(check.evaluation.badges.new == ["first-week", "first-month", "dedicated", "both"])
  }

  @Test("a locked badge with requires lists the prerequisites still locked; none without requires")
  func lockedRequires() throws {
    let engine = try Self.engine()
    let records = try Self.records([2, 2, 2], from: "2026-05-01", for: engine)
    let evaluation = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-05-03"), records: records, state: nil
    ).evaluation
    #expect(Self.locked(evaluation, "dedicated")?.requires == ["first-month"])
    #expect(Self.locked(evaluation, "first-month")?.requires == nil)
    // Without `when`, the prerequisites are the progress: one of two.
    let both = try #require(Self.locked(evaluation, "both"))
    #expect(both.current == .int(1) && both.target == .int(2) && both.progress == 0.5)
    // With `when`, its own progress.
    let dedicated = try #require(Self.locked(evaluation, "dedicated"))
    #expect(dedicated.current == .int(6) && dedicated.target == .int(8))
    let json = evaluation.json.serialized(indent: nil)
    #expect(json.contains(#""waiting":false,"requires":["first-month"],"name":"Dedicated""#))
    #expect(!json.contains(#""requires":[],"name":"First month""#))
  }

  @Test("the key is [] on a locked badge whose prerequisites are all unlocked")
  func emptyRequiresKey() throws {
    let engine = try Self.engine()
    let records = try Self.records([1, 1, 1, 1, 1, 1], from: "2026-05-01", for: engine)
    let evaluation = try engine.check(
      user: "u", start: nil, on: CalendarDay("2026-05-06"), records: records, state: nil
    ).evaluation
    // total 6 < 8: dedicated holds back on its own criterion.
    #expect(Self.locked(evaluation, "dedicated")?.requires == [])
    #expect(evaluation.json.serialized(indent: nil).contains(#""waiting":false,"requires":[],"name":"Dedicated""#))
    // The JSON reads back the same.
    let decoded = try JSONDecoder().decode(Evaluation.self, from: Data(evaluation.json.serialized().utf8))
    #expect(Self.locked(decoded, "dedicated")?.requires == [])
    #expect(Self.locked(decoded, "both") == nil)
  }

  @Test("a prerequisite waiting for the check limit is not unlocked for its dependants in that check")
  func perCheckLimit() throws {
    let engine = try Self.engine(
      """
      catalog: demo
      unlocks: {at: check, per_check: 1}
      inputs: {done: {type: bool}}
      badges:
        - {id: a, name: A, when: done}
        - {id: b, name: B, when: done}
        - {id: c, name: C, requires: [a, b]}
      """)
    let records = try (0..<5).map {
      try DayRecord(date: CalendarDay("2026-05-01") + $0, values: ["done": true], for: engine)
    }
    var state: UserState?
    var news: [[String]] = []
    var waiting: [[String]] = []
    for offset in 0..<4 {
      let check = try engine.check(
        user: "u", start: nil, on: CalendarDay("2026-05-01") + offset, records: records, state: state)
      state = check.state
      news.append(check.evaluation.badges.new)
      waiting.append(check.evaluation.badges.locked.filter(\.waiting).map(\.id))
    }
    #expect(news == [["a"], ["b"], ["c"], []])
    // c holds (its criterion is true) but is not waiting while a prerequisite is locked.
    #expect(waiting == [["b"], ["c"], [], []])
  }

  @Test("in a progressive group a badge waiting its turn holds its dependants back")
  func progressiveGroup() throws {
    let engine = try Self.engine(
      """
      catalog: demo
      inputs: {n: {type: int, min: 0, max: 100}}
      metrics: {total_n: total(n)}
      groups: [{id: steps, progressive: true}]
      badges:
        - {id: one, name: One, when: total_n >= 1, group: steps}
        - {id: two, name: Two, when: total_n >= 2, group: steps}
        - {id: after-two, name: After two, requires: [two]}
      """)
    let records = try Self.records([5], from: "2026-05-01", for: engine)
    var state: UserState?
    var news: [[String]] = []
    for offset in 0..<3 {
      let check = try engine.check(
        user: "u", start: nil, on: CalendarDay("2026-05-01") + offset, records: records, state: state)
      state = check.state
      news.append(check.evaluation.badges.new)
    }
    // Two waits for the second check; after-two follows it in that same check.
    #expect(news == [["one"], ["two", "after-two"], []])
  }

  @Test("a repeating prerequisite counts once earned; a dependant that repeats needs it at each earning")
  func repeatingPrerequisites() throws {
    let engine = try Self.engine(
      """
      catalog: demo
      inputs: {n: {type: int, min: 0, max: 100}}
      metrics: {week_n: week(n)}
      badges:
        - {id: weekly, name: Weekly, when: week_n >= 10, repeats: week}
        - {id: veteran, name: Veteran, requires: [weekly]}
        - {id: steady, name: Steady, requires: [veteran], when: week_n >= 3, repeats: week}
      """)
    // 2026-05-04 is a Monday. Week 19: 10 (weekly, veteran, steady); week 20: 3 (steady alone);
    // week 21: nothing.
    let records = try [("2026-05-04", 10), ("2026-05-11", 3)].map {
      try DayRecord(date: CalendarDay($0.0), values: ["n": .int($0.1)], for: engine)
    }
    let check = try engine.check(user: "u", start: nil, on: CalendarDay("2026-05-18"), records: records, state: nil)
    let earned = check.state.unlocks.map { "\($0.id) \($0.date)" }
    #expect(earned == ["steady 2026-05-04", "veteran 2026-05-04", "weekly 2026-05-04", "steady 2026-05-11"])
    // Weekly is locked again in week 21 but was earned: veteran stays unlocked, and steady's
    // prerequisite is met.
    #expect(Self.locked(check.evaluation, "steady")?.requires == [])
  }

  // MARK: - The rule by brute force

  /// Random catalogs of up to six badges with random prerequisites (no cycles: each may require
  /// only earlier ones, or later ones, at random per catalog) over random histories, checked
  /// every day: each badge unlocks on the first day that its criterion holds and all its
  /// prerequisites are unlocked (that day or before), as a plain fixpoint per day computes it.
  @Test("the engine's unlock days are the fixpoint of the rule, day by day")
  func bruteForce() throws {
    var random = SplitMix64(seed: 54)
    for round in 0..<60 {
      let count = 2 + Int(random.next() % 5)
      let backwards = random.next() % 2 == 0
      var thresholds: [Int] = []
      var requires: [[Int]] = []
      var lines: [String] = []
      for index in 0..<count {
        let threshold = Int(random.next() % 12)
        thresholds.append(threshold)
        let candidates = backwards ? Array(0..<index) : Array((index + 1)..<count)
        let chosen = candidates.filter { _ in random.next() % 3 == 0 }
        requires.append(chosen)
        let list = chosen.isEmpty ? "" : ", requires: [\(chosen.map { "b\($0)" }.joined(separator: ", "))]"
        // A badge with prerequisites leaves `when` out now and then.
        let when = !chosen.isEmpty && random.next() % 4 == 0 ? "" : ", when: total_n >= \(threshold)"
        if when.isEmpty { thresholds[index] = 0 }
        lines.append("  - {id: b\(index), name: B\(index)\(when)\(list)}")
      }
      let text = """
        catalog: demo
        inputs: {n: {type: int, min: 0, max: 5}}
        metrics: {total_n: total(n)}
        badges:
        \(lines.joined(separator: "\n"))
        """
      let engine = try Self.engine(text)
      let days = 6 + Int(random.next() % 6)
      let values = (0..<days).map { _ in Int(random.next() % 4) }
      let records = try Self.records(values, from: "2026-05-01", for: engine)
      let check = try engine.check(
        user: "u", start: nil, on: CalendarDay("2026-05-01") + (days - 1), records: records, state: nil)
      let first = try CalendarDay("2026-05-01")
      let found = Dictionary(uniqueKeysWithValues: check.evaluation.badges.unlocked.map { ($0.id, $0.date - first) })

      // The model: each day, badges unlock while one holds with its prerequisites unlocked.
      var expected: [String: Int] = [:]
      var total = 0
      for day in 0..<days {
        total += values[day]
        var changed = true
        while changed {
          changed = false
          for index in 0..<count where expected["b\(index)"] == nil {
            guard total >= thresholds[index], requires[index].allSatisfy({ expected["b\($0)"] != nil }) else {
              continue
            }
            expected["b\(index)"] = day
            changed = true
          }
        }
      }
      #expect(found == expected, "round \(round):\n\(text)\nvalues \(values)")
    }
  }
}
