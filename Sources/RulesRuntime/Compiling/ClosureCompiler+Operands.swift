@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Operands read in place where they can, and the operators applied to them.
extension ClosureCompiler {
  /// An int operand read in place (a slot, a constant) or computed by a closure: binary
  /// operations and comparisons read their operands without a call where they can.
  enum IntLeaf {
    case slot(Int)
    case constant(Int)
    case code(IntFn)

    @inline(__always)
    func value(_ frame: Frame) -> Int {
      switch self {
      case .slot(let i): frame.ints[i]
      case .constant(let c): c
      case .code(let f): f(frame)
      }
    }
  }

  /// A number operand: a number slot, an int slot read as a number, a constant, a closure.
  enum NumLeaf {
    case slot(Int)
    case intSlot(Int)
    case constant(Double)
    case code(NumFn)

    @inline(__always)
    func value(_ frame: Frame) -> Double {
      switch self {
      case .slot(let i): frame.nums[i]
      case .intSlot(let i): Double(frame.ints[i])
      case .constant(let c): c
      case .code(let f): f(frame)
      }
    }
  }

  func intLeaf(_ expr: TypedExpr) -> IntLeaf {
    switch expr.kind {
    case .literal(let value):
      return .constant(Self.intConstant(expr) ?? Arithmetic.int(value.asDouble))
    case .symbol(let symbol):
      if case .int(let i) = layout.slot(of: symbol) { return .slot(i) }
    case .aggregate(let index):
      if case .int(let i) = layout.aggregates[index] { return .slot(i) }
    default:
      break
    }
    return .code(int(expr))
  }

  func numLeaf(_ expr: TypedExpr) -> NumLeaf {
    switch expr.kind {
    case .literal(let value):
      return .constant(value.asDouble)
    case .symbol(let symbol):
      switch layout.slot(of: symbol) {
      case .int(let i): return .intSlot(i)
      case .num(let i): return .slot(i)
      }
    case .aggregate(let index):
      switch layout.aggregates[index] {
      case .int(let i): return .intSlot(i)
      case .num(let i): return .slot(i)
      }
    case .toNumber(let operand):
      switch intLeaf(operand) {
      case .slot(let i): return .intSlot(i)
      case .constant(let c): return .constant(Double(c))
      case .code: break
      }
    default:
      break
    }
    return .code(num(expr))
  }

  /// `l op r` as one closure, with the operands that need no call read in place.
  static func binary(_ op: BinaryOperator, _ l: IntLeaf, _ r: IntLeaf) -> IntFn {
    switch (l, r) {
    case (.slot(let a), .slot(let b)): { apply(op, $0.ints[a], $0.ints[b]) }
    case (.slot(let a), .constant(let c)): { apply(op, $0.ints[a], c) }
    case (.constant(let c), .slot(let b)): { apply(op, c, $0.ints[b]) }
    case (.code(let f), .constant(let c)): { apply(op, f($0), c) }
    case (.constant(let c), .code(let f)): { apply(op, c, f($0)) }
    case (.code(let f), .slot(let b)): { apply(op, f($0), $0.ints[b]) }
    case (.slot(let a), .code(let f)): { apply(op, $0.ints[a], f($0)) }
    case (.code(let f), .code(let g)): { apply(op, f($0), g($0)) }
    default: { apply(op, l.value($0), r.value($0)) }
    }
  }

  static func binary(_ op: BinaryOperator, _ l: NumLeaf, _ r: NumLeaf) -> NumFn {
    switch (l, r) {
    case (.code(let f), .constant(let c)): { apply(op, f($0), c) }
    case (.constant(let c), .code(let f)): { apply(op, c, f($0)) }
    case (.intSlot(let a), .constant(let c)): { apply(op, Double($0.ints[a]), c) }
    case (.slot(let a), .constant(let c)): { apply(op, $0.nums[a], c) }
    case (.code(let f), .code(let g)): { apply(op, f($0), g($0)) }
    default: { apply(op, l.value($0), r.value($0)) }
    }
  }

  @inline(__always)
  static func apply(_ op: BinaryOperator, _ a: Int, _ b: Int) -> Int {
    switch op {
    case .add: Arithmetic.add(a, b)
    case .subtract: Arithmetic.subtract(a, b)
    case .multiply: Arithmetic.multiply(a, b)
    case .remainder: Arithmetic.remainder(a, b)
    default: 0
    }
  }

  @inline(__always)
  static func apply(_ op: BinaryOperator, _ a: Double, _ b: Double) -> Double {
    switch op {
    case .add: Arithmetic.add(a, b)
    case .subtract: Arithmetic.subtract(a, b)
    case .multiply: Arithmetic.multiply(a, b)
    case .divide: Arithmetic.divide(a, b)
    case .remainder: Arithmetic.remainder(a, b)
    default: 0
    }
  }
}
