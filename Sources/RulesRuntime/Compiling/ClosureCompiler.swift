import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

typealias BoolFn = @Sendable (Frame) -> Bool
typealias IntFn = @Sendable (Frame) -> Int
typealias NumFn = @Sendable (Frame) -> Double
typealias StrFn = @Sendable (Frame) -> String

/// Compiles typed expressions into trees of Swift closures over a frame's typed slots. Common
/// shapes (a slot compared with a constant, `&&` of comparisons) get closures of their own,
/// so a rule like `streak >= 7 && total >= 30` costs a handful of calls.
struct ClosureCompiler {
  let layout: Layout

  // MARK: - Booleans

  func bool(_ expr: TypedExpr) -> BoolFn {
    switch expr.kind {
    case .literal(.bool(let value)):
      return { _ in value }
    case .symbol(let symbol):
      guard case .int(let i) = layout.slot(of: symbol) else { return { _ in false } }
      return { $0.ints[i] != 0 }
    case .unary(.not, let operand):
      let f = bool(operand)
      return { !f($0) }
    case .binary(.and, let left, let right):
      if let tests = slotTests(expr) { return Self.conjunction(tests) }
      let l = bool(left)
      let r = bool(right)
      return { l($0) && r($0) }
    case .binary(.or, let left, let right):
      let l = bool(left)
      let r = bool(right)
      return { l($0) || r($0) }
    case .binary(let op, let left, let right):
      return comparison(op, left, right)
    case .conditional(let condition, let then, let otherwise):
      let c = bool(condition)
      let t = bool(then)
      let o = bool(otherwise)
      return { c($0) ? t($0) : o($0) }
    default:
      return { _ in false }
    }
  }

  private func comparison(_ op: BinaryOperator, _ left: TypedExpr, _ right: TypedExpr) -> BoolFn {
    switch left.type {
    case .number:
      let l = numLeaf(left)
      let r = numLeaf(right)
      let comparison = Comparison(op) ?? .greaterOrEqual
      return { comparison.holds(l.value($0), r.value($0)) }
    case .bool:
      let l = bool(left)
      let r = bool(right)
      if op == .equal { return { l($0) == r($0) } }
      return { l($0) != r($0) }
    case .string:
      let l = string(left)
      let r = string(right)
      if op == .equal { return { l($0) == r($0) } }
      return { l($0) != r($0) }
    default:
      // Ints and enum positions. A slot compared with a constant is the common case.
      if case .symbol(let symbol) = left.kind, case .int(let i) = layout.slot(of: symbol),
        let constant = Self.intConstant(right)
      {
        return slotComparison(op, i, constant)
      }
      if case .aggregate(let index) = left.kind, case .int(let i) = layout.aggregates[index],
        let constant = Self.intConstant(right)
      {
        return slotComparison(op, i, constant)
      }
      let l = intLeaf(left)
      let r = intLeaf(right)
      let comparison = Comparison(op) ?? .greaterOrEqual
      return { comparison.holds(l.value($0), r.value($0)) }
    }
  }

  /// One comparison of an int slot with a constant.
  struct SlotTest {
    let slot: Int
    let comparison: Comparison
    let constant: Int
    /// The slot compared with instead of the constant, or -1.
    var other = -1

    @inline(__always)
    func holds(_ ints: UnsafeMutablePointer<Int>) -> Bool {
      let value = ints[slot]
      let constant = other < 0 ? constant : ints[other]
      return comparison.holds(value, constant)
    }
  }

  /// The comparisons of an `&&` chain when every operand compares an int slot with a
  /// constant (`streak >= 7 && total >= 30 && level >= 5`), else nil.
  private func slotTests(_ expr: TypedExpr) -> [SlotTest]? {
    var tests: [SlotTest] = []
    return addSlotTests(expr, to: &tests) ? tests : nil
  }

  /// Adds the comparisons of `expr` to `tests` (one array for the whole chain, not one per
  /// operand and one per `&&`); false when an operand is not such a comparison.
  private func addSlotTests(_ expr: TypedExpr, to tests: inout [SlotTest]) -> Bool {
    switch expr.kind {
    case .binary(.and, let left, let right):
      return addSlotTests(left, to: &tests) && addSlotTests(right, to: &tests)
    case .binary(let op, let left, let right):
      switch left.type {
      case .int, .enumeration: break
      default: return false
      }
      guard let comparison = Comparison(op) else { return false }
      var constant = 0
      var other = -1
      switch intLeaf(right) {
      case .constant(let value): constant = value
      case .slot(let index): other = index
      case .code: return false
      }
      let slot: Slot
      switch left.kind {
      case .symbol(let symbol): slot = layout.slot(of: symbol)
      case .aggregate(let index): slot = layout.aggregates[index]
      default: return false
      }
      guard case .int(let index) = slot else { return false }
      if tests.isEmpty { tests.reserveCapacity(4) }
      tests.append(SlotTest(slot: index, comparison: comparison, constant: constant, other: other))
      return true
    default:
      return false
    }
  }

  /// One closure for a whole chain of slot comparisons: no call per operand. Chains of two
  /// and three (the usual criteria) are unrolled.
  private static func conjunction(_ tests: [SlotTest]) -> BoolFn {
    // Thresholds (`x >= 7 && y >= 30 && z >= 5`, the usual badge) need no operator switch.
    if tests.allSatisfy({ $0.comparison == .greaterOrEqual && $0.other < 0 }) {
      switch tests.count {
      case 2:
        let (a, b, x, y) = (tests[0].slot, tests[1].slot, tests[0].constant, tests[1].constant)
        return { frame in
          let ints = frame.ints
          return ints[a] >= x && ints[b] >= y
        }
      case 3:
        let (a, b, c, x, y, z) = (
          tests[0].slot, tests[1].slot, tests[2].slot, tests[0].constant, tests[1].constant, tests[2].constant
        )
        return { frame in
          let ints = frame.ints
          return ints[a] >= x && ints[b] >= y && ints[c] >= z
        }
      default: break
      }
    }
    switch tests.count {
    case 1:
      let a = tests[0]
      return { a.holds($0.ints) }
    case 2:
      let (a, b) = (tests[0], tests[1])
      return { frame in
        let ints = frame.ints
        return a.holds(ints) && b.holds(ints)
      }
    case 3:
      let (a, b, c) = (tests[0], tests[1], tests[2])
      return { frame in
        let ints = frame.ints
        return a.holds(ints) && b.holds(ints) && c.holds(ints)
      }
    default:
      return { frame in
        let ints = frame.ints
        for test in tests where !test.holds(ints) { return false }
        return true
      }
    }
  }

  static func intConstant(_ expr: TypedExpr) -> Int? {
    switch expr.kind {
    case .literal(.int(let value)): value
    case .literal(.member(let value, _)): value
    case .literal(.bool(let value)): value ? 1 : 0
    default: nil
    }
  }

  private func slotComparison(_ op: BinaryOperator, _ i: Int, _ c: Int) -> BoolFn {
    let comparison = Comparison(op) ?? .greaterOrEqual
    return { comparison.holds($0.ints[i], c) }
  }

  // MARK: - Integers (and enum positions)

  func int(_ expr: TypedExpr) -> IntFn {
    switch expr.kind {
    case .literal(let value):
      let constant = Self.intConstant(expr) ?? Arithmetic.int(value.asDouble)
      return { _ in constant }
    case .symbol(let symbol):
      switch layout.slot(of: symbol) {
      case .int(let i): return { $0.ints[i] }
      case .num(let i): return { Arithmetic.int($0.nums[i]) }
      }
    case .aggregate(let index):
      switch layout.aggregates[index] {
      case .int(let i): return { $0.ints[i] }
      case .num(let i): return { Arithmetic.int($0.nums[i]) }
      }
    case .toInt(let operand):
      let f = bool(operand)
      return { f($0) ? 1 : 0 }
    case .unary(.negate, let operand):
      let f = int(operand)
      return { Arithmetic.negate(f($0)) }
    case .binary(let op, let left, let right):
      guard [.add, .subtract, .multiply, .remainder].contains(op) else { return { _ in 0 } }
      let l = intLeaf(left)
      let r = intLeaf(right)
      if case .constant(let a) = l, case .constant(let b) = r {
        let value = Self.apply(op, a, b)
        return { _ in value }
      }
      return Self.binary(op, l, r)
    case .conditional(let condition, let then, let otherwise):
      let c = bool(condition)
      let t = int(then)
      let o = int(otherwise)
      return { c($0) ? t($0) : o($0) }
    case .call(let function, let arguments):
      return intCall(function, arguments)
    default:
      return { _ in 0 }
    }
  }

  private func intCall(_ function: Function, _ arguments: [TypedExpr]) -> IntFn {
    switch function {
    case .floor, .ceil, .round:
      let f = num(arguments[0])
      switch function {
      case .floor: return { Arithmetic.int(Foundation.floor(f($0))) }
      case .ceil: return { Arithmetic.int(Foundation.ceil(f($0))) }
      default: return { Arithmetic.int(f($0).rounded(.toNearestOrAwayFromZero)) }
      }
    case .count:
      let fs = arguments.map(int)
      return { frame in fs.reduce(0) { $0 + $1(frame) } }
    case .abs:
      let f = int(arguments[0])
      return { frame in
        let value = f(frame)
        return value == .min ? .max : Swift.abs(value)
      }
    case .min, .max:
      let fs = arguments.map(int)
      let isMin = function == .min
      return { frame in
        var result = fs[0](frame)
        for f in fs.dropFirst() {
          let value = f(frame)
          result = isMin ? Swift.min(result, value) : Swift.max(result, value)
        }
        return result
      }
    case .clamp:
      let x = int(arguments[0])
      let low = int(arguments[1])
      let high = int(arguments[2])
      return { Arithmetic.clamp(x($0), low($0), high($0)) }
    default:
      let f = num(TypedExpr(.call(function, arguments), .number, range: 0..<0))
      return { Arithmetic.int(f($0)) }
    }
  }

  // MARK: - Numbers

  func num(_ expr: TypedExpr) -> NumFn {
    switch expr.kind {
    case .literal(let value):
      let constant = value.asDouble
      return { _ in constant }
    case .symbol(let symbol):
      switch layout.slot(of: symbol) {
      case .int(let i): return { Double($0.ints[i]) }
      case .num(let i): return { $0.nums[i] }
      }
    case .aggregate(let index):
      switch layout.aggregates[index] {
      case .int(let i): return { Double($0.ints[i]) }
      case .num(let i): return { $0.nums[i] }
      }
    case .toNumber(let operand):
      switch intLeaf(operand) {
      case .slot(let i): return { Double($0.ints[i]) }
      case .constant(let c):
        let value = Double(c)
        return { _ in value }
      case .code(let f): return { Double(f($0)) }
      }
    case .toInt(let operand):
      let f = bool(operand)
      return { f($0) ? 1 : 0 }
    case .unary(.negate, let operand):
      let f = num(operand)
      return { -f($0) }
    case .binary(let op, let left, let right):
      if expr.type == .int || left.type == .int {
        let f = int(expr)
        return { Double(f($0)) }
      }
      guard [.add, .subtract, .multiply, .divide, .remainder].contains(op) else { return { _ in 0 } }
      return Self.binary(op, numLeaf(left), numLeaf(right))
    case .conditional(let condition, let then, let otherwise):
      let c = bool(condition)
      let t = num(then)
      let o = num(otherwise)
      return { c($0) ? t($0) : o($0) }
    case .call(let function, let arguments):
      if expr.type == .int {
        let f = int(expr)
        return { Double(f($0)) }
      }
      // Operands compiled and captured one by one: a closure kept in an array is stored
      // through a reabstraction thunk and retained when read.
      switch function {
      case .min where arguments.count == 2:
        let (a, b) = (num(arguments[0]), num(arguments[1]))
        return { Swift.min(a($0), b($0)) }
      case .max where arguments.count == 2:
        let (a, b) = (num(arguments[0]), num(arguments[1]))
        return { Swift.max(a($0), b($0)) }
      case .min, .max:
        let fs = arguments.map(num)
        if function == .min {
          return { frame in fs.dropFirst().reduce(fs[0](frame)) { Swift.min($0, $1(frame)) } }
        }
        return { frame in fs.dropFirst().reduce(fs[0](frame)) { Swift.max($0, $1(frame)) } }
      case .clamp:
        let (x, low, high) = (num(arguments[0]), num(arguments[1]), num(arguments[2]))
        return { Arithmetic.clamp(x($0), low($0), high($0)) }
      case .abs:
        let f = num(arguments[0])
        return { Swift.abs(f($0)) }
      case .sqrt:
        let f = num(arguments[0])
        return { frame in
          let value = f(frame)
          return value < 0 ? 0 : value.squareRoot()
        }
      case .pow:
        let (a, b) = (num(arguments[0]), num(arguments[1]))
        return { Arithmetic.pow(a($0), b($0)) }
      default:
        // A function of the table run by its kernel.
        guard let run = function.definition.kernel?.run else { return { _ in 0 } }
        let fs = arguments.map(num)
        switch fs.count {
        case 1:
          let a = fs[0]
          return { run(a($0), 0, 0) }
        case 2:
          let (a, b) = (fs[0], fs[1])
          return { run(a($0), b($0), 0) }
        default:
          let (a, b, c) = (fs[0], fs[1], fs[2])
          return { run(a($0), b($0), c($0)) }
        }
      }
    default:
      return { _ in 0 }
    }
  }

  // MARK: - Strings

  func string(_ expr: TypedExpr) -> StrFn {
    switch expr.kind {
    case .literal(let value):
      let text = value.description
      return { _ in text }
    case .binary(.add, let left, let right):
      let l = string(left)
      let r = string(right)
      return { l($0) + r($0) }
    case .conditional(let condition, let then, let otherwise):
      let c = bool(condition)
      let t = string(then)
      let o = string(otherwise)
      return { c($0) ? t($0) : o($0) }
    default:
      let f = value(expr)
      return { f($0).description }
    }
  }

  // MARK: - Any type

  /// A closure giving the value with its type, for templates, progress and explanations.
  func value(_ expr: TypedExpr) -> @Sendable (Frame) -> Value {
    switch expr.type {
    case .bool:
      let f = bool(expr)
      return { .bool(f($0)) }
    case .int:
      let f = int(expr)
      return { .int(f($0)) }
    case .number:
      let f = num(expr)
      return { .number(f($0)) }
    case .string:
      let f = string(expr)
      return { .string(f($0)) }
    case .enumeration(let type):
      let f = int(expr)
      return { .member(f($0), type) }
    case .invalid:
      return { _ in .bool(false) }
    }
  }
}
