import Foundation

typealias BoolFn = @Sendable (Frame) -> Bool
typealias IntFn = @Sendable (Frame) -> Int
typealias NumFn = @Sendable (Frame) -> Double
typealias StrFn = @Sendable (Frame) -> String

/// Compiles typed expressions into trees of Swift closures over a frame's typed slots. Common
/// shapes (a slot compared with a constant, `&&` of comparisons) get closures of their own,
/// so a rule like `streak >= 7 && total >= 30` costs a handful of calls.
struct Compiler {
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
      return numberComparison(op, num(left), num(right))
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
      return intComparison(op, int(left), int(right))
    }
  }

  private static func intConstant(_ expr: TypedExpr) -> Int? {
    switch expr.kind {
    case .literal(.int(let value)): value
    case .literal(.member(let value, _)): value
    case .literal(.bool(let value)): value ? 1 : 0
    default: nil
    }
  }

  private func slotComparison(_ op: BinaryOperator, _ i: Int, _ c: Int) -> BoolFn {
    switch op {
    case .equal: { $0.ints[i] == c }
    case .notEqual: { $0.ints[i] != c }
    case .less: { $0.ints[i] < c }
    case .lessOrEqual: { $0.ints[i] <= c }
    case .greater: { $0.ints[i] > c }
    default: { $0.ints[i] >= c }
    }
  }

  private func intComparison(_ op: BinaryOperator, _ l: @escaping IntFn, _ r: @escaping IntFn)
    -> BoolFn
  {
    switch op {
    case .equal: { l($0) == r($0) }
    case .notEqual: { l($0) != r($0) }
    case .less: { l($0) < r($0) }
    case .lessOrEqual: { l($0) <= r($0) }
    case .greater: { l($0) > r($0) }
    default: { l($0) >= r($0) }
    }
  }

  private func numberComparison(_ op: BinaryOperator, _ l: @escaping NumFn, _ r: @escaping NumFn)
    -> BoolFn
  {
    switch op {
    case .equal: { l($0) == r($0) }
    case .notEqual: { l($0) != r($0) }
    case .less: { l($0) < r($0) }
    case .lessOrEqual: { l($0) <= r($0) }
    case .greater: { l($0) > r($0) }
    default: { l($0) >= r($0) }
    }
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
      let l = int(left)
      if let c = Self.intConstant(right) {
        switch op {
        case .add: return { Arithmetic.add(l($0), c) }
        case .subtract: return { Arithmetic.subtract(l($0), c) }
        case .multiply: return { Arithmetic.multiply(l($0), c) }
        default: break
        }
      }
      let r = int(right)
      switch op {
      case .add: return { Arithmetic.add(l($0), r($0)) }
      case .subtract: return { Arithmetic.subtract(l($0), r($0)) }
      case .multiply: return { Arithmetic.multiply(l($0), r($0)) }
      case .remainder: return { Arithmetic.remainder(l($0), r($0)) }
      default: return { _ in 0 }
      }
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
      case .floor: return { Arithmetic.int(f($0).rounded(.down)) }
      case .ceil: return { Arithmetic.int(f($0).rounded(.up)) }
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
      let f = int(operand)
      return { Double(f($0)) }
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
      let l = num(left)
      let r = num(right)
      switch op {
      case .add: return { l($0) + r($0) }
      case .subtract: return { l($0) - r($0) }
      case .multiply: return { l($0) * r($0) }
      case .divide: return { Arithmetic.divide(l($0), r($0)) }
      case .remainder: return { Arithmetic.remainder(l($0), r($0)) }
      default: return { _ in 0 }
      }
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
      let fs = arguments.map(num)
      switch function {
      case .min: return { frame in fs.dropFirst().reduce(fs[0](frame)) { Swift.min($0, $1(frame)) } }
      case .max: return { frame in fs.dropFirst().reduce(fs[0](frame)) { Swift.max($0, $1(frame)) } }
      case .clamp: return { Arithmetic.clamp(fs[0]($0), fs[1]($0), fs[2]($0)) }
      case .abs: return { Swift.abs(fs[0]($0)) }
      case .sqrt:
        return { frame in
          let value = fs[0](frame)
          return value < 0 ? 0 : value.squareRoot()
        }
      case .pow: return { Foundation.pow(fs[0]($0), fs[1]($0)) }
      default: return { _ in 0 }
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
