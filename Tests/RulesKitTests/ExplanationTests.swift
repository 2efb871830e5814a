@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import Testing

@Suite("explanations (rules explain)")
struct ExplanationTests {
  @Test("a locked badge: its criterion with the values seen, and its progress")
  func locked() throws {
    let catalog = try Inline.validated()
    let history = try Inline.history(
      "days:\n  - {date: 2026-01-01, done: true, steps: 4}\n  - {date: 2026-01-02, done: true, steps: 3}\n",
      for: catalog)
    let index = try #require(catalog.badges.firstIndex { $0.badge.id == "three" })
    let text = BadgeExplanation.explain(
      Program(catalog), badge: index, history: history, date: Inline.day("2026-01-02"))
    #expect(
      text == """
        three “Three” on 2026-01-02: locked
          when: daily.current >= 3 && total_steps >= 10
            daily.current >= 3: 2 >= 3 is false
            total_steps >= 10: 7 >= 10 is false
            daily.current >= 3 && total_steps >= 10 is false
          progress: 2/3 (67%)
        """)
  }

  @Test("an unlocked badge says when; a progressive badge names the one that unlocks first")
  func unlockedAndWaiting() throws {
    let catalog = try Inline.validated()
    let history = try Inline.history("days:\n  - {date: 2026-01-01, done: true, steps: 5}\n", for: catalog)
    let program = Program(catalog)
    let first = try #require(catalog.badges.firstIndex { $0.badge.id == "first" })
    #expect(
      BadgeExplanation.explain(program, badge: first, history: history, date: Inline.day("2026-01-01"))
        .hasPrefix("first “First” on 2026-01-01: unlocked on 2026-01-01\n"))
    let second = try #require(catalog.badges.firstIndex { $0.badge.id == "step-2" })
    let idle = try Inline.history("days:\n  - {date: 2026-01-01, done: false}\n", for: catalog)
    #expect(
      BadgeExplanation.explain(program, badge: second, history: idle, date: Inline.day("2026-01-01")) == """
        step-2 “Step 2” on 2026-01-01: locked
          when: total_steps >= 2
            total_steps >= 2: 0 >= 2 is false
          progress: 0/2 (0%)
          it is in the progressive group 'ladder': 'step-1' unlocks first, one badge per check
        """)
  }

  /// Issue 37: "`rules explain` calls a badge that is earned and waiting for its turn (one
  /// unlock per check) "locked", where `rules eval` says "waits for the next check". One word for
  /// one state, in every output (text, JSON, the Swift API)."
  @Test("a badge that holds and waits for a later check is waiting in explain, eval's text and the evaluation")
  func waiting() throws {
    let catalog = try Inline.validated(
      """
      catalog: once
      name: Once
      inputs: {done: {type: bool}}
      streaks:
        daily: {counts: done}
      unlocks: {at: check, per_check: 1}
      badges:
        - {id: one, name: One, when: daily.current >= 1}
        - {id: two, name: Two, when: daily.current >= 2}
      """)
    let history = try Inline.history(
      "days:\n  - {date: 2026-01-01, done: true}\n  - {date: 2026-01-02, done: true}\n", for: catalog)
    let program = Program(catalog)
    let two = try #require(catalog.badges.firstIndex { $0.badge.id == "two" })
    #expect(
      BadgeExplanation.explain(program, badge: two, history: history, date: Inline.day("2026-01-02")) == """
        two “Two” on 2026-01-02: waiting for a later check
          when: daily.current >= 2
            daily.current >= 2: 2 >= 2 is true
          progress: 2/2 (100%)
          its criterion holds; the catalog unlocks at most 1 badge per check (unlocks: per_check), in catalog order
        """)
    let engine = Engine(catalog)
    let records = try history.records.map { try DayRecord($0, for: engine) }
    let check = try engine.check(user: nil, start: nil, on: Inline.day("2026-01-02"), records: records, state: nil)
    #expect(check.evaluation.badges.new == ["one"])
    let locked = try #require(check.evaluation.badges.locked.first)
    #expect(locked.id == "two" && locked.waiting)
    #expect(
      EvaluationText(catalog: catalog).render(check.evaluation).contains(
        "  · Two (two): 2/2 (100%), waiting for a later check\n"))
    #expect(check.evaluation.json.serialized().contains(#""waiting": true"#))
  }
}

/// Issue 54: `rules explain` says which prerequisites (`requires`) a badge still needs.
@Suite("explanations of badges that need badges")
struct PrerequisiteExplanationTests {
  static let catalog = """
    catalog: goals
    inputs: {duas: {type: int, min: 0, max: 100}}
    streaks:
      daily: {counts: duas >= 1}
    metrics:
      total_duas: total(duas)
    badges:
      - {id: first-week, name: First week, when: daily.current >= 2}
      - {id: first-month, name: First month, when: daily.current >= 4}
      - {id: dedicated, name: Dedicated, requires: [first-week, first-month], when: total_duas >= 12}
      - {id: committed, name: Committed, requires: [first-week, first-month]}
    """

  static func explain(_ id: String, days: Int, json: Bool = false) throws -> String {
    let catalog = try Inline.validated(catalog)
    let records = (0..<days).map { "  - {date: \(Inline.day("2026-03-01") + $0), duas: 5}\n" }.joined()
    let history = try Inline.history("days:\n" + records, for: catalog)
    let index = try #require(catalog.badges.firstIndex { $0.badge.id == id })
    let date = Inline.day("2026-03-01") + (days - 1)
    if json {
      return BadgeExplanationJSON.explain(
        Program(catalog), badge: index, history: history, date: date, catalog: "goals"
      ).serialized(indent: nil)
    }
    return BadgeExplanation.explain(Program(catalog), badge: index, history: history, date: date)
  }

  @Test("text: each prerequisite with its state, and those still needed")
  func text() throws {
    #expect(
      try Self.explain("dedicated", days: 3) == """
        dedicated “Dedicated” on 2026-03-03: locked
          requires: first-week (unlocked), first-month (locked)
            it needs first-month unlocked first
          when: total_duas >= 12
            total_duas >= 12: 15 >= 12 is true
          progress: 15/12 (100%)
        """)
    // Without `when`: the prerequisites are the criterion and the progress.
    #expect(
      try Self.explain("committed", days: 1) == """
        committed “Committed” on 2026-03-01: locked
          requires: first-week (locked), first-month (locked)
            it needs first-week, first-month unlocked first
          progress: 0/2 (0%)
        """)
    #expect(
      try Self.explain("committed", days: 4) == """
        committed “Committed” on 2026-03-04: unlocked on 2026-03-04
          requires: first-week (unlocked), first-month (unlocked)
        """)
  }

  @Test("JSON: requires with each one's state, and a note naming those still needed")
  func json() throws {
    let text = try Self.explain("dedicated", days: 3, json: true)
    #expect(text.contains(#""notes":["it needs 'first-month' unlocked first"]"#))
    #expect(
      text.hasSuffix(#""requires":[{"id":"first-week","unlocked":true},{"id":"first-month","unlocked":false}]}"#))
    // A badge without prerequisites has no such key.
    #expect(!(try Self.explain("first-week", days: 3, json: true)).contains("requires"))
  }
}
