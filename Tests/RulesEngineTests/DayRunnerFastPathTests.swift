import Foundation
import RulesTestSupport
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// `DayRunner` takes shortcuts on the nightly job's hot path: criteria that are one comparison
/// are made in place, only locked badges are looked at, and `step` does a whole day in one
/// pass over the state. Each shortcut is held here to the plain path it stands for, on the
/// shipped catalogs and on catalogs written to reach every case.
@Suite("the daily step's shortcuts give what the plain paths give")
struct DayRunnerFastPathTests {
  static let shipped = ShippedCatalogs.names

  /// A day's encoded values for `inputs`: a good day (inputs that count) or a bad one, or no
  /// record at all.
  static func record(_ inputs: [Input], using generator: inout SplitMix64) -> [Int]? {
    if Int.random(in: 0..<10, using: &generator) == 0 { return nil }
    let good = Int.random(in: 0..<10, using: &generator) < 7
    let habits = Int.random(in: 0...6, using: &generator)
    return inputs.map { input in
      switch input.kind {
      case .bool:
        let rare = ["relapse", "contacted"].contains(input.name)
        return Int.random(in: 0..<100, using: &generator) < (rare ? 2 : good ? 90 : 30) ? 1 : 0
      case .int:
        if input.name == "habits_total" { return habits }
        if input.name == "habits_completed" { return good ? habits : Int.random(in: 0...habits, using: &generator) }
        return good ? Int.random(in: 1...9, using: &generator) : Int.random(in: 0...1, using: &generator)
      case .number:
        let value = good ? Double.random(in: 1...50, using: &generator) : Double.random(in: 0...2, using: &generator)
        return Int(bitPattern: UInt(value.bitPattern))
      case .enumeration(let values):
        if good, let done = values.firstIndex(of: "done") { return done }
        return Int.random(in: 0..<values.count, using: &generator)
      }
    }
  }

  static let comparisons = """
    catalog: comparisons
    inputs:
      n: {type: int}
      k: {type: int}
      x: {type: number}
      y: {type: number}
      b: {type: bool}
      mood: {type: enum, values: [low, mid, high]}
    streaks:
      run: {counts: b}
    metrics:
      ratio: x / 2
    badges:
      - {id: int-eq, name: A, when: n == k}
      - {id: int-ne, name: A, when: n != 3}
      - {id: int-lt, name: A, when: n < k}
      - {id: int-le, name: A, when: 2 <= n}
      - {id: int-gt, name: A, when: run.current > 2}
      - {id: int-ge, name: A, when: total(n) >= 40}
      - {id: num-eq, name: A, when: x == y}
      - {id: num-ne, name: A, when: x != 0.5}
      - {id: num-lt, name: A, when: x < y}
      - {id: num-le, name: A, when: ratio <= 1.5}
      - {id: num-gt, name: A, when: y > x}
      - {id: num-ge, name: A, when: y >= 0}
      - {id: enum, name: A, when: mood == "high"}
      - {id: bool, name: A, when: b}
      - {id: not, name: A, when: "!b"}
      - {id: and, name: A, when: n > 3 && x < 0.5}
      - {id: string, name: A, when: '"a" != "b"'}
    """

  @Test("a criterion made in place holds exactly when running its instructions says it does")
  func criteriaInPlace() throws {
    let checked = try Fixture.catalog(Self.comparisons)
    let program = Program(checked)
    let evaluator = DayRunner(program: program)
    // Every comparison above is made in place; the last four run their instructions.
    #expect(evaluator.criteriaInPlace == checked.badges.count - 4)
    var generator = SplitMix64(seed: 11)
    var state = CountedState(for: checked)
    let edges = [0.0, -0.0, 0.5, 1.5, 3, .nan, .infinity, -.infinity, 1e300]
    for day in 0..<400 {
      var values: [Int]? = nil
      if day % 7 != 3 {
        let number = { (generator: inout SplitMix64) -> Int in
          let value =
            Bool.random(using: &generator)
            ? edges.randomElement(using: &generator)! : Double(Int.random(in: -3...5, using: &generator))
          return Int(bitPattern: UInt(value.bitPattern))
        }
        values = [
          Int.random(in: -3...5, using: &generator), Int.random(in: -3...5, using: &generator),
          number(&generator), number(&generator), Int.random(in: 0...1, using: &generator),
          Int.random(in: 0...2, using: &generator),
        ]
      }
      evaluator.load(day: day, values: values, state: state, start: 0)
      evaluator.run(day: day, state: state, start: 0, inProgress: false)
      for badge in checked.badges.indices {
        let closure = ReferenceEvaluator(layout: program.layout).value(checked.badges[badge].when, evaluator.frame)
          .isTrue
        #expect(evaluator.holds(badge) == evaluator.holdsByRunning(badge), "day \(day), badge \(badge)")
        #expect(evaluator.holds(badge) == closure, "day \(day), badge \(badge)")
      }
      evaluator.commit(day: day, into: &state)
    }
  }

  @Test("looking at the locked badges alone finds what running every criterion finds", arguments: shipped)
  func lockedBadges(name: String) throws {
    let checked = try Fixture.shipped(name)
    let evaluator = DayRunner(program: Program(checked))
    var mismatches: [String] = []
    var held = 0
    for user in 0..<12 {
      var generator = SplitMix64(seed: UInt64(100 + user))
      var state = CountedState(for: checked)
      state.origin = 0
      for day in 0..<200 {
        let values = Self.record(checked.inputs, using: &generator)
        evaluator.load(day: day, values: values, state: state, start: nil)
        let differs = evaluator.run(day: day, state: state, start: nil, inProgress: true)
        for check in [false, true] {
          let fast = evaluator.anyHolds(state, check: check)
          if fast != evaluator.anyHoldsByRunningAll(state, check: check) {
            mismatches.append("user \(user), day \(day), check \(check): \(fast)")
          }
          if fast { held += 1 }
        }
        evaluator.unlockBadges(day: day, state: &state, check: day % 3 != 0)
        if differs { evaluator.finish(day: day, values: values, state: state, start: nil) }
        evaluator.commit(day: day, into: &state)
      }
    }
    #expect(mismatches.prefix(5) == [])
    #expect(held > 0 || checked.badges.isEmpty)
  }

  @Test("step gives the unlocks and states of load, run, unlockBadges, finish and commit", arguments: shipped)
  func stepIsThePlainPath(name: String) throws {
    let checked = try Fixture.shipped(name)
    let program = Program(checked)
    let stepped = DayRunner(program: program)
    let plain = DayRunner(program: program)
    var mismatches: [String] = []
    var unlocks = 0
    for user in 0..<12 {
      var generator = SplitMix64(seed: UInt64(200 + user))
      var a = CountedState(for: checked)
      var b = CountedState(for: checked)
      a.origin = 3
      b.origin = 3
      let start: Int? = user % 2 == 0 ? nil : 5
      for day in 3..<300 {
        let values = Self.record(checked.inputs, using: &generator)
        let check = day % 4 != 0
        let fromStep = stepped.step(day: day, values: values, state: &a, start: start, check: check)
        plain.load(day: day, values: values, state: b, start: start)
        let differs = plain.run(day: day, state: b, start: start, inProgress: true)
        let fromPlain = plain.unlockBadges(day: day, state: &b, check: check)
        if differs { plain.finish(day: day, values: values, state: b, start: start) }
        plain.commit(day: day, into: &b)
        unlocks += fromStep.count
        if fromStep != fromPlain || a != b {
          mismatches.append("user \(user), day \(day): \(fromStep) against \(fromPlain)")
        }
      }
    }
    #expect(mismatches.prefix(5) == [])
    #expect(unlocks > 0 || checked.badges.isEmpty)
  }

  static let streakShapes = """
    catalog: streak-shapes
    inputs:
      n: {type: int}
      k: {type: int}
      b: {type: bool}
      c: {type: bool}
    streaks:
      lt: {counts: n < k}
      le: {counts: n <= 3}
      eq: {counts: n == k, today: final}
      ne: {counts: n != 0, freezes: {earn_every: 2, max: 1}}
      gt: {counts: k > 2}
      ge: {counts: n >= k && k > 0}
      both: {counts: n > 0 && k <= 4, today: final}
      skipped: {counts: n >= 1, skips: c}
      plain: {counts: b}
    metrics:
      uses: lt.current + ge.current * 10 + both.best * 100 + ne.freezes * 1000
      root: floor(sqrt(uses / 3 - n)) + 1
    badges:
      - {id: a, name: A, when: ge.current >= 5}
      - {id: b, name: B, when: both.best >= 3 && ne.freezes > 0}
      - {id: c, name: C, when: uses > 400}
      - {id: d, name: D, when: root >= 9}
    """

  @Test("fused operations give what their instructions one by one give", arguments: shipped + ["shapes"])
  func fusedOperations(name: String) throws {
    let checked = try name == "shapes" ? Fixture.catalog(Self.streakShapes) : Fixture.shipped(name)
    let program = Program(checked)
    let fused = DayRunner(program: program, fusing: true)
    let plain = DayRunner(program: program, fusing: false)
    #expect(plain.operationCount == program.bytecode.instructions.count)
    if ["shapes", "rizq"].contains(name) { #expect(fused.operationCount < plain.operationCount) }
    let layout = program.layout
    var mismatches: [String] = []
    for user in 0..<12 {
      var generator = SplitMix64(seed: UInt64(300 + user))
      var a = CountedState(for: checked)
      var b = CountedState(for: checked)
      a.origin = 0
      b.origin = 0
      for day in 0..<300 {
        var values = Self.record(checked.inputs, using: &generator)
        if name == "shapes", values != nil {
          values = [
            Int.random(in: -1...5, using: &generator), Int.random(in: -1...5, using: &generator),
            Int.random(in: 0...1, using: &generator), Int.random(in: 0...1, using: &generator),
          ]
        }
        let check = day % 5 != 0
        let fromFused = fused.step(day: day, values: values, state: &a, start: 2, check: check)
        let fromPlain = plain.step(day: day, values: values, state: &b, start: 2, check: check)
        let sameFrame =
          (0..<layout.intCount).allSatisfy { fused.frame.ints[$0] == plain.frame.ints[$0] }
          && (0..<layout.numCount).allSatisfy {
            fused.frame.nums[$0].bitPattern == plain.frame.nums[$0].bitPattern
          }
        if fromFused != fromPlain || a != b || !sameFrame || fused.moved != plain.moved {
          mismatches.append("user \(user), day \(day): \(fromFused) against \(fromPlain)")
        }
      }
    }
    #expect(mismatches.prefix(5) == [])
  }
}
