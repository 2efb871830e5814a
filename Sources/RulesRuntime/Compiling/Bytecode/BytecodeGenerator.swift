@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Turns typed expressions into bytecode over a frame's slots: the day's steps and criteria
/// (`Bytecode`) and what only reports read (`ReportCode`), one compiler for the whole language.
/// Strings are numbers in int slots: a literal's number in `strings` (each text once), or a
/// joined string's, which the machine keeps for the slot that holds it.
///
/// Each value goes to a slot: a symbol's or an aggregate's own, a constant's (below 0), or a
/// temporary after the layout's slots. Temporaries are reused from one fragment (a step, a
/// badge's criterion) to the next, since nothing reads them across fragments. Both sides of
/// `&&`, `||` and `?:` are computed: expressions have no effects and never trap, so the result
/// is the same, and straight-line code needs no jumps.
struct BytecodeGenerator {
  let layout: Layout
  private(set) var code: [Instruction] = []
  private(set) var intConstants: [Int] = []
  private(set) var numConstants: [Double] = []
  /// The texts of the string literals, each once: a string literal is its number here.
  private(set) var strings: [String] = []
  private var stringNumbers: [String: Int] = [:]
  /// The frame size: the layout's slots and the most temporaries a fragment used.
  private(set) var intCount: Int
  private(set) var numCount: Int
  private var nextInt: Int
  private var nextNum: Int
  private var intConstantSlots: [Int: Int] = [:]
  /// The slots of the constants from 0 to 4095, by value (0: none yet): most constants are
  /// small, and reading an array is a tenth of hashing into `intConstantSlots`.
  private var smallIntConstantSlots = [Int](repeating: 0, count: 4096)
  private var numConstantSlots: [UInt64: Int] = [:]

  init(layout: Layout) {
    self.layout = layout
    intCount = layout.intCount
    numCount = layout.numCount
    nextInt = layout.intCount
    nextNum = layout.numCount
  }

  /// Generates one fragment; its temporaries are free again afterwards. Returns the
  /// fragment's instructions (a range of `code`) and what `body` returned.
  mutating func fragment<T>(_ body: (inout BytecodeGenerator) -> T) -> (Range<Int>, T) {
    let start = code.count
    nextInt = layout.intCount
    nextNum = layout.numCount
    let result = body(&self)
    return (start..<code.count, result)
  }

  mutating func emit(_ instruction: Instruction) {
    code.append(instruction)
  }

  /// Appends a copy of the instructions at `range` (code already made); returns where the
  /// copy is. (One by one: appending a slice of `code` would copy the whole array, the slice
  /// holding its buffer.)
  mutating func copy(_ range: Range<Int>) -> Range<Int> {
    let start = code.count
    for index in range { code.append(code[index]) }
    return start..<code.count
  }

  /// Room for `count` more instructions.
  mutating func reserve(_ count: Int) {
    code.reserveCapacity(code.count + count)
  }

  // MARK: - Slots

  private mutating func intTemporary() -> Int {
    nextInt += 1
    intCount = max(intCount, nextInt)
    return nextInt - 1
  }

  private mutating func numTemporary() -> Int {
    nextNum += 1
    numCount = max(numCount, nextNum)
    return nextNum - 1
  }

  mutating func intConstant(_ value: Int) -> Int {
    let small = value >= 0 && value < smallIntConstantSlots.count
    if small, smallIntConstantSlots[value] != 0 { return smallIntConstantSlots[value] }
    if !small, let slot = intConstantSlots[value] { return slot }
    intConstants.append(value)
    let slot = -intConstants.count
    if small { smallIntConstantSlots[value] = slot } else { intConstantSlots[value] = slot }
    return slot
  }

  mutating func numConstant(_ value: Double) -> Int {
    if let slot = numConstantSlots[value.bitPattern] { return slot }
    numConstants.append(value)
    let slot = -numConstants.count
    numConstantSlots[value.bitPattern] = slot
    return slot
  }

  /// The number of a string literal's text.
  mutating func stringNumber(_ text: String) -> Int {
    if let number = stringNumbers[text] { return number }
    strings.append(text)
    stringNumbers[text] = strings.count - 1
    return strings.count - 1
  }

  /// The slot for a result: `into` when given, else a new temporary.
  private mutating func intResult(_ into: Int?) -> Int { into ?? intTemporary() }
  private mutating func numResult(_ into: Int?) -> Int { into ?? numTemporary() }

  /// `slot` as the result: copied to `into` when one is given.
  private mutating func intValue(_ slot: Int, _ into: Int?) -> Int {
    guard let into, into != slot else { return slot }
    emit(.copyInt(into, slot))
    return into
  }

  private mutating func numValue(_ slot: Int, _ into: Int?) -> Int {
    guard let into, into != slot else { return slot }
    emit(.copyNum(into, slot))
    return into
  }

  // MARK: - Booleans

  /// The int slot holding `expr` as a bool (0 false, anything else true).
  mutating func bool(_ expr: TypedExpr, into: Int? = nil) -> Int {
    switch expr.kind {
    case .literal(.bool(let value)):
      return intValue(intConstant(value ? 1 : 0), into)
    case .symbol(let symbol):
      guard case .int(let i) = layout.slot(of: symbol) else { return intValue(intConstant(0), into) }
      return intValue(i, into)
    case .unary(.not, let operand):
      let a = bool(operand)
      let d = intResult(into)
      emit(.not(d, a))
      return d
    case .binary(.and, let left, let right):
      let (a, b) = (bool(left), bool(right))
      let d = intResult(into)
      emit(.and(d, a, b))
      return d
    case .binary(.or, let left, let right):
      let (a, b) = (bool(left), bool(right))
      let d = intResult(into)
      emit(.or(d, a, b))
      return d
    case .binary(let op, let left, let right):
      return comparison(op, left, right, expr, into: into)
    case .conditional(let condition, let then, let otherwise):
      let (c, t, o) = (bool(condition), bool(then), bool(otherwise))
      let d = intResult(into)
      emit(.intSelect(d, c, t, o))
      return d
    default:
      return intValue(intConstant(0), into)
    }
  }

  private mutating func comparison(
    _ op: BinaryOperator, _ left: TypedExpr, _ right: TypedExpr, _ expr: TypedExpr, into: Int?
  ) -> Int {
    switch left.type {
    case .number:
      let (a, b) = (num(left), num(right))
      let d = intResult(into)
      emit(.numCompare(Comparison(op) ?? .greaterOrEqual, d, a, b))
      return d
    case .bool:
      let (a, b) = (bool(left), bool(right))
      let d = intResult(into)
      emit(op == .equal ? .boolEqual(d, a, b) : .boolNotEqual(d, a, b))
      return d
    case .string:
      let (a, b) = (string(left), string(right))
      let d = intResult(into)
      emit(op == .equal ? .stringEqual(d, a, b) : .stringNotEqual(d, a, b))
      return d
    default:
      let (a, b) = (int(left), int(right))
      let d = intResult(into)
      emit(.intCompare(Comparison(op) ?? .greaterOrEqual, d, a, b))
      return d
    }
  }

  // MARK: - Integers (and enum positions)

  /// The int slot holding `expr`'s value.
  mutating func int(_ expr: TypedExpr, into: Int? = nil) -> Int {
    switch expr.kind {
    case .literal(let value):
      return intValue(intConstant(Self.intConstant(expr) ?? Arithmetic.int(value.asDouble)), into)
    case .symbol(let symbol):
      return intFrom(layout.slot(of: symbol), into)
    case .aggregate(let index):
      return intFrom(layout.aggregates[index], into)
    case .toInt(let operand):
      let a = bool(operand)
      let d = intResult(into)
      emit(.boolToInt(d, a))
      return d
    case .unary(.negate, let operand):
      let a = int(operand)
      let d = intResult(into)
      emit(.intNegate(d, a))
      return d
    case .binary(let op, let left, let right):
      guard [.add, .subtract, .multiply, .remainder].contains(op) else {
        return intValue(intConstant(0), into)
      }
      if let a = Self.intConstant(left), let b = Self.intConstant(right) {
        return intValue(intConstant(Self.apply(op, a, b)), into)
      }
      let (a, b) = (int(left), int(right))
      let d = intResult(into)
      switch op {
      case .add: emit(.intAdd(d, a, b))
      case .subtract: emit(.intSubtract(d, a, b))
      case .multiply: emit(.intMultiply(d, a, b))
      default: emit(.intRemainder(d, a, b))
      }
      return d
    case .conditional(let condition, let then, let otherwise):
      let (c, t, o) = (bool(condition), int(then), int(otherwise))
      let d = intResult(into)
      emit(.intSelect(d, c, t, o))
      return d
    case .call(let function, let arguments):
      return intCall(function, arguments, into: into)
    default:
      return intValue(intConstant(0), into)
    }
  }

  /// `a op b` folded (the operators of ints).
  static func apply(_ op: BinaryOperator, _ a: Int, _ b: Int) -> Int {
    switch op {
    case .add: Arithmetic.add(a, b)
    case .subtract: Arithmetic.subtract(a, b)
    case .multiply: Arithmetic.multiply(a, b)
    case .remainder: Arithmetic.remainder(a, b)
    default: 0
    }
  }

  private mutating func intFrom(_ slot: Slot, _ into: Int?) -> Int {
    switch slot {
    case .int(let i): return intValue(i, into)
    case .num(let i):
      let d = intResult(into)
      emit(.numToInt(d, i))
      return d
    }
  }

  /// A literal's value (or an int literal's, made a number) as a number operand, else nil.
  private static func foldedNumber(_ expr: TypedExpr) -> Double? {
    switch expr.kind {
    case .literal(let value): return value.asDouble
    case .toNumber(let operand): return intConstant(operand).map(Double.init)
    default: return nil
    }
  }

  /// A literal's value as an int operand (what the closures read in place), else nil.
  private static func intConstant(_ expr: TypedExpr) -> Int? {
    guard case .literal(let value) = expr.kind else { return nil }
    switch value {
    case .int(let number): return number
    case .member(let index, _): return index
    case .bool(let flag): return flag ? 1 : 0
    default: return Arithmetic.int(value.asDouble)
    }
  }

  private mutating func intCall(_ function: Function, _ arguments: [TypedExpr], into: Int?) -> Int {
    switch function {
    case .floor, .ceil, .round:
      let a = num(arguments[0])
      let d = intResult(into)
      switch function {
      case .floor: emit(.floor(d, a))
      case .ceil: emit(.ceil(d, a))
      default: emit(.round(d, a))
      }
      return d
    case .count, .min, .max:
      // Folded left to right, as the closures do.
      let slots = arguments.map { int($0) }
      guard slots.count > 1 else { return intValue(slots[0], into) }
      let d = intResult(into)
      var accumulator = slots[0]
      for slot in slots.dropFirst() {
        switch function {
        case .count: emit(.intAdd(d, accumulator, slot))
        case .min: emit(.intMin(d, accumulator, slot))
        default: emit(.intMax(d, accumulator, slot))
        }
        accumulator = d
      }
      return d
    case .abs:
      let a = int(arguments[0])
      let d = intResult(into)
      emit(.intAbs(d, a))
      return d
    case .clamp:
      let (x, low, high) = (int(arguments[0]), int(arguments[1]), int(arguments[2]))
      let d = intResult(into)
      emit(.intClamp(d, x, low, high))
      return d
    default:
      let a = num(TypedExpr(.call(function, arguments), .number, range: 0..<0))
      let d = intResult(into)
      emit(.numToInt(d, a))
      return d
    }
  }

  // MARK: - Numbers

  /// The number slot holding `expr`'s value.
  mutating func num(_ expr: TypedExpr, into: Int? = nil) -> Int {
    switch expr.kind {
    case .literal(let value):
      return numValue(numConstant(value.asDouble), into)
    case .symbol(let symbol):
      return numFrom(layout.slot(of: symbol), into)
    case .aggregate(let index):
      return numFrom(layout.aggregates[index], into)
    case .toNumber(let operand):
      if let constant = Self.intConstant(operand) {
        return numValue(numConstant(Double(constant)), into)
      }
      return numFrom(.int(int(operand)), into)
    case .toInt(let operand):
      let a = bool(operand)
      let d = numResult(into)
      emit(.boolToNum(d, a))
      return d
    case .unary(.negate, let operand):
      let a = num(operand)
      let d = numResult(into)
      emit(.numNegate(d, a))
      return d
    case .binary(let op, let left, let right):
      if expr.type == .int || left.type == .int { return numFrom(.int(int(expr)), into) }
      guard [.add, .subtract, .multiply, .divide, .remainder].contains(op) else {
        return numValue(numConstant(0), into)
      }
      let (a, b) = (num(left), num(right))
      let d = numResult(into)
      switch op {
      case .add: emit(.numAdd(d, a, b))
      case .subtract: emit(.numSubtract(d, a, b))
      case .multiply: emit(.numMultiply(d, a, b))
      case .divide: emit(.numDivide(d, a, b))
      default: emit(.numRemainder(d, a, b))
      }
      return d
    case .conditional(let condition, let then, let otherwise):
      let (c, t, o) = (bool(condition), num(then), num(otherwise))
      let d = numResult(into)
      emit(.numSelect(d, c, t, o))
      return d
    case .call(let function, let arguments):
      if expr.type == .int { return numFrom(.int(int(expr)), into) }
      return numCall(function, arguments, into: into)
    default:
      return numValue(numConstant(0), into)
    }
  }

  private mutating func numFrom(_ slot: Slot, _ into: Int?) -> Int {
    switch slot {
    case .num(let i): return numValue(i, into)
    case .int(let i):
      let d = numResult(into)
      emit(.intToNum(d, i))
      return d
    }
  }

  private mutating func numCall(_ function: Function, _ arguments: [TypedExpr], into: Int?) -> Int {
    switch function {
    case .min, .max:
      let slots = arguments.map { num($0) }
      let d = numResult(into)
      var accumulator = slots[0]
      for slot in slots.dropFirst() {
        emit(function == .min ? .numMin(d, accumulator, slot) : .numMax(d, accumulator, slot))
        accumulator = d
      }
      return d
    case .clamp:
      let (x, low, high) = (num(arguments[0]), num(arguments[1]), num(arguments[2]))
      let d = numResult(into)
      emit(.numClamp(d, x, low, high))
      return d
    case .abs, .sqrt:
      let a = num(arguments[0])
      let d = numResult(into)
      emit(function == .abs ? .numAbs(d, a) : .numSqrt(d, a))
      return d
    case .pow:
      let (a, b) = (num(arguments[0]), num(arguments[1]))
      let d = numResult(into)
      emit(.numPow(d, a, b))
      return d
    default:
      guard let kernel = function.definition.kernel else { return numValue(numConstant(0), into) }
      // Constant arguments fold to the kernel's answer.
      let constants = arguments.compactMap(Self.foldedNumber)
      if constants.count == arguments.count {
        let padded = constants + [0, 0, 0]
        return numValue(numConstant(kernel.run(padded[0], padded[1], padded[2])), into)
      }
      let slots = arguments.map { num($0) }
      let d = numResult(into)
      emit(
        .numKernel(function, d, slots[0], slots[Swift.min(1, slots.count - 1)], slots[Swift.min(2, slots.count - 1)]))
      return d
    }
  }

  // MARK: - Strings

  /// The int slot holding `expr`'s string number (a string expression: literals joined with
  /// `+` and chosen with `?:`).
  mutating func string(_ expr: TypedExpr, into: Int? = nil) -> Int {
    switch expr.kind {
    case .literal(let value):
      return intValue(intConstant(stringNumber(value.description)), into)
    case .binary(.add, let left, let right):
      let (a, b) = (string(left), string(right))
      let d = intResult(into)
      emit(.stringConcat(d, a, b))
      return d
    case .conditional(let condition, let then, let otherwise):
      let (c, t, o) = (bool(condition), string(then), string(otherwise))
      let d = intResult(into)
      emit(.intSelect(d, c, t, o))
      return d
    default:
      return intValue(intConstant(stringNumber("")), into)
    }
  }

  // MARK: - Any type

  /// The slot holding `expr`'s value, of its type: what reports read (`ReportCode`).
  mutating func value(_ expr: TypedExpr) -> Slot {
    switch expr.type {
    case .bool: .int(bool(expr))
    case .int, .enumeration: .int(int(expr))
    case .number: .num(num(expr))
    case .string: .int(string(expr))
    case .invalid: .int(intConstant(0))
    }
  }
}
