import Foundation
import RulesTestSupport
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// The day and reports run as bytecode (`Bytecode`, `BytecodeMachine`); the tests' oracle
/// (`ReferenceEvaluator`) walks the same expressions' trees. The two must agree on every value,
/// so each metric below is computed both ways on the same frame over many random days, edge
/// values included, and each again alone (`Program.compile`, what explanations run).
@Suite("bytecode and the reference evaluator agree")
struct BytecodeTests {
  static let catalog = """
    catalog: differential
    inputs:
      b: {type: bool}
      c: {type: bool}
      n: {type: int}
      k: {type: int}
      x: {type: number}
      y: {type: number}
      mood: {type: enum, values: [low, mid, high]}
    streaks:
      run: {counts: b, skips: c, freezes: {earn_every: 3, max: 2}}
      since: {type: elapsed, resets: n < 0}
    metrics:
      int_add: n + k
      int_sub: n - k
      int_mul: n * k
      int_rem: n % k
      int_neg: -n
      int_abs: abs(n)
      int_min: min(n, k, 3)
      int_max: max(n, k, -3)
      int_clamp: clamp(n, -5, k)
      int_cond: "b ? n : k"
      int_count: count(b, c, n > k, mood == "high")
      int_count_one: count(n > 2)
      int_floor: floor(x)
      int_ceil: ceil(x / 3)
      int_round: round(x * y)
      int_fold: 2 * 3 + n
      int_big: n * 9223372036854775807 + k
      num_add: x + y
      num_sub: x - n
      num_mul: x * y
      num_div: x / y
      num_int_div: n / k
      num_rem: x % y
      num_neg: -x
      num_abs: abs(y)
      num_sqrt: sqrt(x)
      num_pow: pow(x, 2)
      num_percent: percent(x, y)
      num_percent_int: percent(n, k)
      num_percent_folded: percent(1, 8) + x
      num_min: min(x, y, n)
      num_max: max(x, 2.5)
      num_clamp: clamp(x, 0, 10.5)
      num_cond: "c ? x : 1.5"
      num_mixed: x + n * 2
      bool_not: "!b"
      bool_and: b && n > 0
      bool_or: c || x < y
      bool_eq: b == c
      bool_ne: b != (n >= k)
      bool_cond: "b ? c : n <= k"
      cmp_int: n < k
      cmp_num: x >= y
      cmp_mixed: n == x
      cmp_enum: mood != "low"
      cmp_enum_order: mood == "mid" || mood == "high"
      cmp_string: '"a" != "b" && "x" == "x"'
      history_total: total(n)
      history_total_bool: total(b)
      history_total_num: total(x)
      history_last: last(3, k)
      history_last_num: last(2, y)
      streaks: run.current + run.best * 100 + run.freezes * 10000 + since.current
      builtins: "day * 2 + (logged ? 1 : 0)"
      chained: int_add * 2 + history_total
    badges:
      # Its criterion puts these metrics in the day's own code; the others are computed for
      # reports only (DayRunner.completeMetrics). Both paths are compared.
      - {id: mixed, name: Mixed, when: chained > 0 && bool_and && num_mixed < 1e9 && cmp_string}
    """

  static let edgeInts = [0, 1, -1, 2, 3, -7, 13, Int.max, Int.min, Int.max - 1]
  static let edgeNums = [0.0, -0.0, 1, -1, 0.5, 2.5, -2.5, 1e300, -1e300, .infinity, -.infinity, .nan]

  @Test("every metric has the same value both ways", arguments: [1, 2, 3, 4])
  func metricsAgree(seed: UInt64) throws {
    let checked = try Fixture.catalog(Self.catalog)
    let program = Program(checked)
    let evaluator = DayRunner(program: program)
    let alone = checked.metrics.map(program.compile)
    let reference = ReferenceEvaluator(layout: program.layout)
    let names = checked.catalog.metrics.map(\.name)
    var generator = SplitMix64(seed: seed)
    var state = CountedState(for: checked)
    var mismatches: [String] = []
    for day in 0..<400 {
      let values: [Int]? =
        Bool.random(using: &generator) && day > 0
        ? nil
        : checked.inputs.map { input in
          switch input.type {
          case .bool: return Int.random(in: 0...1, using: &generator)
          case .number:
            let value =
              Bool.random(using: &generator)
              ? Self.edgeNums.randomElement(using: &generator)!
              : Double.random(in: -100...100, using: &generator)
            return Int(bitPattern: UInt(value.bitPattern))
          case .enumeration: return Int.random(in: 0...2, using: &generator)
          default:
            return Bool.random(using: &generator)
              ? Self.edgeInts.randomElement(using: &generator)!
              : Int.random(in: -20...20, using: &generator)
          }
        }
      evaluator.load(day: day, values: values, state: state, start: 0)
      evaluator.run(day: day, state: state, start: 0, inProgress: false)
      evaluator.completeMetrics()
      for (index, slot) in program.layout.metrics.enumerated() {
        let bytecode: Value
        switch (slot, checked.metrics[index].type) {
        case (.num(let i), _): bytecode = .number(evaluator.frame.nums[i])
        case (.int(let i), .bool): bytecode = .bool(evaluator.frame.ints[i] != 0)
        case (.int(let i), _): bytecode = .int(evaluator.frame.ints[i])
        }
        let expected = reference.value(checked.metrics[index], evaluator.frame)
        let compiled = alone[index](evaluator.frame)
        if !Self.same(bytecode, expected) || !Self.same(compiled, expected) {
          mismatches.append(
            "day \(day), \(names[index]): day \(bytecode), alone \(compiled), reference \(expected)")
        }
      }
      evaluator.commit(day: day, into: &state)
    }
    #expect(mismatches.prefix(10) == [])
  }

  @Test("the badge criteria hold on the same days both ways")
  func criteriaAgree() throws {
    let checked = try Fixture.catalog(
      """
      catalog: criteria
      inputs: {n: {type: int}, x: {type: number}, mood: {type: enum, values: [low, high]}}
      badges:
        - {id: a, name: A, when: n > 3 && x < 0.5}
        - {id: b, name: B, when: 'mood == "high" || total(n) >= 40'}
        - {id: c, name: C, when: 'floor(x * 10) % 3 == 1 && "x" != "y"'}
        - {id: d, name: D, when: 'n > 3 && n <= 8 && mood == "high"'}
        - {id: e, name: E, when: n >= 2 && total(n) >= 10}
      """)
    let program = Program(checked)
    let evaluator = DayRunner(program: program)
    let reference = ReferenceEvaluator(layout: program.layout)
    let other = Program(checked)
    #expect(
      CriterionTest.conjunction(
        program.bytecode.criteria[3].code, result: program.bytecode.criteria[3].result, in: program.bytecode)?.count
        == 3)
    #expect(
      CriterionTest.conjunction(
        program.bytecode.criteria[0].code, result: program.bytecode.criteria[0].result, in: program.bytecode) == nil)
    var generator = SplitMix64(seed: 7)
    var state = CountedState(for: checked)
    for day in 0..<200 {
      let x = Double.random(in: -1...1, using: &generator)
      let values = [
        Int.random(in: -5...10, using: &generator), Int(bitPattern: UInt(x.bitPattern)),
        Int.random(in: 0...1, using: &generator),
      ]
      evaluator.load(day: day, values: values, state: state, start: 0)
      evaluator.run(day: day, state: state, start: 0, inProgress: false)
      let expected = checked.badges.indices.filter { reference.value(checked.badges[$0].when, evaluator.frame).isTrue }
      // On the runner's frame (`d` and `e` in place, the others by the machine), and on a frame of
      // another program's runner (each computed alone).
      #expect(checked.badges.indices.filter { program.criterion(ofBadge: $0)(evaluator.frame) } == expected)
      #expect(checked.badges.indices.filter { other.criterion(ofBadge: $0)(evaluator.frame) } == expected)
      #expect(evaluator.holding() == expected, "day \(day)")
      #expect(evaluator.holdingAtOnce() == expected, "day \(day)")
      evaluator.commit(day: day, into: &state)
    }
  }

  @Test("the day computes the metrics badges and streaks read; the others wait for a report")
  func dayMetrics() throws {
    let rizq = try Fixture.shipped("rizq")
    let names = Bytecode.dayMetrics(rizq).map { rizq.catalog.metrics[$0].name }
    // level-5 reads level, which reads xp; perfect-week reads week_dua_days. First Step reads
    // the day's duas_completed (issue 37), so total_duas waits for a report.
    #expect(names.sorted() == ["level", "week_dua_days", "xp"])
  }

  /// Equal values, NaN equal to NaN.
  static func same(_ a: Value, _ b: Value) -> Bool {
    if case .number(let x) = a, case .number(let y) = b, x.isNaN, y.isNaN { return true }
    return a == b
  }
}
