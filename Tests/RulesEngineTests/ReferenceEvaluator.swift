import Foundation

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// The differential tests' oracle: a typed expression computed by walking its tree over a
/// frame's layout slots, written from the language's rules alone (`Arithmetic` for the
/// operators), with none of the bytecode's slots, constants, folding or fused operations. The
/// engine has one evaluator (the bytecode); this one exists only to be compared with it.
struct ReferenceEvaluator {
  let layout: Layout

  func value(_ expr: TypedExpr, _ frame: Frame) -> Value {
    switch expr.kind {
    case .literal(let value):
      return value
    case .symbol(let symbol):
      return read(layout.slot(of: symbol), expr.type, frame)
    case .aggregate(let index):
      return read(layout.aggregates[index], expr.type, frame)
    case .toNumber(let operand):
      return .number(value(operand, frame).asDouble)
    case .toInt(let operand):
      return .int(truth(value(operand, frame)) ? 1 : 0)
    case .unary(.not, let operand):
      return .bool(!truth(value(operand, frame)))
    case .unary(.negate, let operand):
      switch value(operand, frame) {
      case .int(let a): return .int(Arithmetic.negate(a))
      case let a: return .number(-a.asDouble)
      }
    case .binary(let op, let left, let right):
      return binary(op, value(left, frame), value(right, frame))
    case .conditional(let condition, let then, let otherwise):
      return truth(value(condition, frame)) ? value(then, frame) : value(otherwise, frame)
    case .call(let function, let arguments):
      return call(function, arguments.map { value($0, frame) }, type: expr.type)
    }
  }

  private func read(_ slot: Slot, _ type: ValueType, _ frame: Frame) -> Value {
    switch (slot, type) {
    case (.num(let i), _): .number(frame.nums[i])
    case (.int(let i), .bool): .bool(frame.ints[i] != 0)
    case (.int(let i), .enumeration(let type)): .member(frame.ints[i], type)
    case (.int(let i), _): .int(frame.ints[i])
    }
  }

  private func truth(_ value: Value) -> Bool {
    switch value {
    case .bool(let flag): flag
    case .int(let number), .member(let number, _): number != 0
    case .number(let number): number != 0
    case .string: false
    }
  }

  private func binary(_ op: BinaryOperator, _ a: Value, _ b: Value) -> Value {
    switch (op, a, b) {
    case (.and, _, _): return .bool(truth(a) && truth(b))
    case (.or, _, _): return .bool(truth(a) || truth(b))
    case (.add, .string(let x), .string(let y)): return .string(x + y)
    case (.equal, .string(let x), .string(let y)): return .bool(x == y)
    case (.notEqual, .string(let x), .string(let y)): return .bool(x != y)
    case (.equal, .bool, .bool): return .bool(truth(a) == truth(b))
    case (.notEqual, .bool, .bool): return .bool(truth(a) != truth(b))
    case (_, .number, _), (_, _, .number):
      let (x, y) = (a.asDouble, b.asDouble)
      if let comparison = Comparison(op) { return .bool(comparison.holds(x, y)) }
      switch op {
      case .add: return .number(Arithmetic.add(x, y))
      case .subtract: return .number(Arithmetic.subtract(x, y))
      case .multiply: return .number(Arithmetic.multiply(x, y))
      case .divide: return .number(Arithmetic.divide(x, y))
      default: return .number(Arithmetic.remainder(x, y))
      }
    default:
      let (x, y) = (integer(a), integer(b))
      if let comparison = Comparison(op) { return .bool(comparison.holds(x, y)) }
      switch op {
      case .add: return .int(Arithmetic.add(x, y))
      case .subtract: return .int(Arithmetic.subtract(x, y))
      case .multiply: return .int(Arithmetic.multiply(x, y))
      default: return .int(Arithmetic.remainder(x, y))
      }
    }
  }

  private func integer(_ value: Value) -> Int {
    switch value {
    case .int(let number), .member(let number, _): number
    case .bool(let flag): flag ? 1 : 0
    case .number(let number): Arithmetic.int(number)
    case .string: 0
    }
  }

  private func call(_ function: Function, _ arguments: [Value], type: ValueType) -> Value {
    let numbers = arguments.map(\.asDouble)
    let isInt = type == .int
    switch function {
    case .floor: return .int(Arithmetic.int(numbers[0].rounded(.down)))
    case .ceil: return .int(Arithmetic.int(numbers[0].rounded(.up)))
    case .round: return .int(Arithmetic.int(numbers[0].rounded(.toNearestOrAwayFromZero)))
    case .count: return .int(arguments.map(integer).reduce(0, +))
    case .min, .max:
      if isInt {
        let ints = arguments.map(integer)
        return .int(ints.dropFirst().reduce(ints[0]) { function == .min ? Swift.min($0, $1) : Swift.max($0, $1) })
      }
      return .number(
        numbers.dropFirst().reduce(numbers[0]) { function == .min ? Swift.min($0, $1) : Swift.max($0, $1) })
    case .abs:
      if isInt {
        let x = integer(arguments[0])
        return .int(x == .min ? .max : Swift.abs(x))
      }
      return .number(Swift.abs(numbers[0]))
    case .clamp:
      if isInt {
        return .int(Arithmetic.clamp(integer(arguments[0]), integer(arguments[1]), integer(arguments[2])))
      }
      return .number(Arithmetic.clamp(numbers[0], numbers[1], numbers[2]))
    case .sqrt: return .number(numbers[0] < 0 ? 0 : numbers[0].squareRoot())
    case .pow: return .number(Arithmetic.pow(numbers[0], numbers[1]))
    default:
      let padded = numbers + [0, 0, 0]
      let result = function.definition.kernel?.run(padded[0], padded[1], padded[2]) ?? 0
      return isInt ? .int(Arithmetic.int(result)) : .number(result)
    }
  }
}
