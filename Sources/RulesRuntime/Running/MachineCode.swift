@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// `BytecodeMachine`'s own code for a `Bytecode`: each `Instruction` packed into a
/// `MachineOp` (a tag and six 32-bit operands, 32 bytes instead of 40), and common shapes
/// fused into one operation. The commonest shape of a streak's day: a consecutive streak whose `counts` is
/// one comparison of ints, or two joined by `&&` (`habits_completed >= 1`, `habits_total > 0
/// && habits_completed >= habits_total`), with no `skips`. Each fusion saves the dispatch of
/// the operations it replaces; the results inside it, temporaries the rest of the day
/// does not read, are not written. Metrics' shapes: a product added to, an int divided as a
/// number, the floor of a square root (RIZQ's `xp` and `level`).
struct MachineCode {
  /// The operations.
  let ops: [MachineOp]
  /// The operation each instruction begins, by instruction index (and the end, at
  /// `instructions.count`); -1 for an instruction inside a fused operation, where no range
  /// the machine runs begins or ends. A range that ends at an instruction ends with the
  /// `stop` just before that instruction's operation.
  let offsets: [Int]

  /// The code of `bytecode`, whose int slots from `temporaries` up (number slots from
  /// `numTemporaries` up) are its temporaries;
  /// `fusing` false: one operation per instruction (the plain path, for the tests).
  init(_ bytecode: Bytecode, temporaries: Int, numTemporaries: Int, fusing: Bool = true) {
    let code = bytecode.instructions
    // Where the ranges the machine is asked to run begin and end: never inside a fusion.
    var bounds: Set<Int> = [
      bytecode.day.lowerBound, bytecode.day.upperBound, bytecode.reportMetrics.lowerBound,
      bytecode.reportMetrics.upperBound, bytecode.badgeMetrics.lowerBound, bytecode.badgeMetrics.upperBound,
      bytecode.allCriteria.lowerBound, bytecode.allCriteria.upperBound,
    ]
    for range in bytecode.criteria.map(\.code) + bytecode.reports {
      bounds.insert(range.lowerBound)
      bounds.insert(range.upperBound)
    }
    // Each range ends with a `stop` operation (the loop then needs no bound check per
    // operation): a stop before each instruction that ends a range. The ranges are apart
    // (the day, the report metrics, the badge metrics, each criterion, every criterion at
    // once), so no stop falls inside another.
    let ranges =
      [bytecode.day, bytecode.reportMetrics, bytecode.badgeMetrics, bytecode.allCriteria]
      + bytecode.criteria.map(\.code) + bytecode.reports
    let ends = Set(ranges.filter { !$0.isEmpty }.map(\.upperBound))
    // No range ends inside another (a search in the ends sorted, not a scan: a report's code
    // has a range per badge).
    let sortedEnds = ends.sorted()
    for range in ranges where !range.isEmpty {
      let next = sortedEnds.partitioningIndex(where: { $0 > range.lowerBound })
      precondition(
        next == sortedEnds.count || sortedEnds[next] >= range.upperBound, "the bytecode's ranges overlap")
    }
    // Fusions are made in the day (where streaks are): a comparison's result need not be
    // written when it is a temporary the rest of the day writes before it reads it, or does
    // not touch (nothing reads a temporary after the day: reports read the layout's slots,
    // and criteria compute theirs).
    let day = bytecode.day
    func dead(_ slot: Int, after position: Int) -> Bool {
      guard slot >= temporaries else { return false }
      for instruction in code[position..<day.upperBound] {
        if Self.intReads(instruction).contains(slot) { return false }
        if Self.intWrite(instruction) == slot { return true }
      }
      return true
    }
    func deadNum(_ slot: Int, after position: Int) -> Bool {
      guard slot >= numTemporaries else { return false }
      for instruction in code[position..<day.upperBound] {
        if Self.numReads(instruction).contains(slot) { return false }
        if Self.numWrite(instruction) == slot { return true }
      }
      return true
    }
    func fusable(_ start: Int, _ count: Int) -> Bool {
      fusing && start >= day.lowerBound && start + count <= day.upperBound
        && !(start + 1..<start + count).contains(where: bounds.contains)
    }

    var ops: [MachineOp] = []
    var offsets = [Int](repeating: -1, count: code.count + 1)
    var index = 0
    while index < code.count {
      if ends.contains(index) { ops.append(MachineOp(.stop, 0)) }
      offsets[index] = ops.count
      // counts: a && b (two int comparisons), no skips.
      if index + 3 < code.count, case (let t1, let a1, let b1, let m1)? = Self.comparison(code[index]),
        case (let t2, let a2, let b2, let m2)? = Self.comparison(code[index + 1]),
        case .and(let d, t1, t2) = code[index + 2],
        case .consecutive(let streak, d, -1) = code[index + 3], t1 != t2, t1 != d, t2 != d, a2 != t1, b2 != t1,
        fusable(index, 4),
        dead(t1, after: index + 4), dead(t2, after: index + 4), dead(d, after: index + 4)
      {
        ops.append(MachineOp(.consecutiveIf, streak, a1, b1, a2, b2, m1 | m2 << 3))
        index += 4
        continue
      }
      // counts: one int comparison, no skips (the second comparison always holds).
      if index + 1 < code.count, case (let d, let a, let b, let mask)? = Self.comparison(code[index]),
        case .consecutive(let streak, d, -1) = code[index + 1], fusable(index, 2), dead(d, after: index + 2)
      {
        ops.append(MachineOp(.consecutiveIf, streak, a, b, 0, 0, mask | Comparison.always << 3))
        index += 2
        continue
      }
      // Metrics: a product added to (`total(x) * 10 + badges.xp`), an int divided as a
      // number (`xp / 50`), the floor of a square root.
      if index + 1 < code.count, fusable(index, 2) {
        var fused: MachineOp?
        switch (code[index], code[index + 1]) {
        case (.intMultiply(let t, let a, let b), .intAdd(let d, let x, let y)) where (x == t) != (y == t):
          let c = x == t ? y : x
          if dead(t, after: index + 2) { fused = MachineOp(.intMultiplyAdd, d, a, b, c) }
        case (.intToNum(let t, let a), .numDivide(let d, let x, let b)) where x == t && b != t:
          if deadNum(t, after: index + 2) { fused = MachineOp(.intNumDivide, d, a, b) }
        case (.numSqrt(let t, let a), .floor(let d, let x)) where x == t:
          if deadNum(t, after: index + 2) { fused = MachineOp(.floorSqrt, d, a) }
        default: break
        }
        if let fused {
          ops.append(fused)
          index += 2
          continue
        }
      }
      ops.append(Self.op(code[index]))
      index += 1
    }
    if ends.contains(code.count) { ops.append(MachineOp(.stop, 0)) }
    offsets[code.count] = ops.count
    self.ops = ops
    self.offsets = offsets
  }

  /// An int comparison's destination, operands and mask (`Comparison`'s raw value).
  static func comparison(_ instruction: Instruction) -> (Int, Int, Int, Int)? {
    guard case .intCompare(let c, let d, let a, let b) = instruction else { return nil }
    return (d, a, b, c.rawValue)
  }

  /// The int slots an instruction reads (number slots are another space).
  static func intReads(_ instruction: Instruction) -> [Int] {
    switch instruction {
    case .copyInt(_, let a), .intToNum(_, let a), .boolToInt(_, let a), .boolToNum(_, let a), .intNegate(_, let a),
      .intAbs(_, let a), .not(_, let a):
      [a]
    case .intAdd(_, let a, let b), .intSubtract(_, let a, let b), .intMultiply(_, let a, let b),
      .intRemainder(_, let a, let b), .intMin(_, let a, let b), .intMax(_, let a, let b), .and(_, let a, let b),
      .or(_, let a, let b), .boolEqual(_, let a, let b), .boolNotEqual(_, let a, let b),
      .intCompare(_, _, let a, let b), .stringEqual(_, let a, let b), .stringNotEqual(_, let a, let b),
      .stringConcat(_, let a, let b):
      [a, b]
    case .intClamp(_, let x, let low, let high): [x, low, high]
    case .intSelect(_, let c, let t, let o): [c, t, o]
    case .numSelect(_, let c, _, _): [c]
    case .intTotal(_, _, let value), .intWindow(_, _, let value): [value]
    case .consecutive(_, let counts, let skips): skips >= 0 ? [counts, skips] : [counts]
    case .elapsed(_, let resets): resets >= 0 ? [resets] : []
    case .periodic(_, let counts): [counts]
    case .copyNum, .numToInt, .numAdd, .numSubtract, .numMultiply, .numDivide, .numRemainder, .numNegate, .numAbs,
      .numSqrt, .numPow, .numMin, .numMax, .numClamp, .floor, .ceil, .round, .numCompare, .numTotal,
      .numWindow, .numKernel:
      []
    }
  }

  /// The int slot an instruction writes, if any (streaks write the layout's slots).
  static func intWrite(_ instruction: Instruction) -> Int? {
    switch instruction {
    case .copyInt(let d, _), .numToInt(let d, _), .boolToInt(let d, _), .intAdd(let d, _, _),
      .intSubtract(let d, _, _), .intMultiply(let d, _, _), .intRemainder(let d, _, _), .intNegate(let d, _),
      .intAbs(let d, _), .intMin(let d, _, _), .intMax(let d, _, _), .intClamp(let d, _, _, _),
      .intSelect(let d, _, _, _), .floor(let d, _), .ceil(let d, _), .round(let d, _), .not(let d, _),
      .and(let d, _, _), .or(let d, _, _), .boolEqual(let d, _, _), .boolNotEqual(let d, _, _),
      .intCompare(_, let d, _, _), .numCompare(_, let d, _, _),
      .stringEqual(let d, _, _), .stringNotEqual(let d, _, _), .stringConcat(let d, _, _), .intTotal(_, let d, _),
      .intWindow(_, let d, _):
      d
    case .copyNum, .intToNum, .boolToNum, .numAdd, .numSubtract, .numMultiply, .numDivide, .numRemainder, .numNegate,
      .numAbs, .numSqrt, .numPow, .numMin, .numMax, .numClamp, .numSelect, .numTotal, .numWindow, .consecutive,
      .elapsed, .periodic, .numKernel:
      nil
    }
  }

  /// The number slots an instruction reads.
  static func numReads(_ instruction: Instruction) -> [Int] {
    switch instruction {
    case .copyNum(_, let a), .numToInt(_, let a), .numNegate(_, let a), .numAbs(_, let a), .numSqrt(_, let a),
      .floor(_, let a), .ceil(_, let a), .round(_, let a):
      [a]
    case .numAdd(_, let a, let b), .numSubtract(_, let a, let b), .numMultiply(_, let a, let b),
      .numDivide(_, let a, let b), .numRemainder(_, let a, let b), .numPow(_, let a, let b), .numMin(_, let a, let b),
      .numMax(_, let a, let b), .numCompare(_, _, let a, let b):
      [a, b]
    case .numClamp(_, let x, let low, let high): [x, low, high]
    case .numKernel(let function, _, let a, let b, let c):
      Array([a, b, c].prefix(function.definition.arity.upperBound))
    case .numSelect(_, _, let t, let o): [t, o]
    case .numTotal(_, _, let value), .numWindow(_, _, let value): [value]
    case .copyInt, .intToNum, .boolToInt, .boolToNum, .intAdd, .intSubtract, .intMultiply, .intRemainder, .intNegate,
      .intAbs, .intMin, .intMax, .intClamp, .intSelect, .not, .and, .or, .boolEqual, .boolNotEqual, .intCompare,
      .stringEqual, .stringNotEqual, .stringConcat, .intTotal, .intWindow,
      .consecutive, .elapsed, .periodic:
      []
    }
  }

  /// The number slot an instruction writes, if any.
  static func numWrite(_ instruction: Instruction) -> Int? {
    switch instruction {
    case .copyNum(let d, _), .intToNum(let d, _), .boolToNum(let d, _), .numAdd(let d, _, _),
      .numSubtract(let d, _, _), .numMultiply(let d, _, _), .numDivide(let d, _, _), .numRemainder(let d, _, _),
      .numNegate(let d, _), .numAbs(let d, _), .numSqrt(let d, _), .numPow(let d, _, _), .numMin(let d, _, _),
      .numMax(let d, _, _), .numClamp(let d, _, _, _), .numSelect(let d, _, _, _), .numTotal(_, let d, _),
      .numWindow(_, let d, _), .numKernel(_, let d, _, _, _):
      d
    default: nil
    }
  }

  /// An instruction as an operation of its own.
  static func op(_ instruction: Instruction) -> MachineOp {
    switch instruction {
    case .copyInt(let d, let a): MachineOp(.copyInt, d, a)
    case .copyNum(let d, let a): MachineOp(.copyNum, d, a)
    case .intToNum(let d, let a): MachineOp(.intToNum, d, a)
    case .numToInt(let d, let a): MachineOp(.numToInt, d, a)
    case .boolToInt(let d, let a): MachineOp(.boolToInt, d, a)
    case .boolToNum(let d, let a): MachineOp(.boolToNum, d, a)
    case .intAdd(let d, let a, let b): MachineOp(.intAdd, d, a, b)
    case .intSubtract(let d, let a, let b): MachineOp(.intSubtract, d, a, b)
    case .intMultiply(let d, let a, let b): MachineOp(.intMultiply, d, a, b)
    case .intRemainder(let d, let a, let b): MachineOp(.intRemainder, d, a, b)
    case .intNegate(let d, let a): MachineOp(.intNegate, d, a)
    case .intAbs(let d, let a): MachineOp(.intAbs, d, a)
    case .intMin(let d, let a, let b): MachineOp(.intMin, d, a, b)
    case .intMax(let d, let a, let b): MachineOp(.intMax, d, a, b)
    case .intClamp(let d, let x, let low, let high): MachineOp(.intClamp, d, x, low, high)
    case .intSelect(let d, let c, let t, let o): MachineOp(.intSelect, d, c, t, o)
    case .numAdd(let d, let a, let b): MachineOp(.numAdd, d, a, b)
    case .numSubtract(let d, let a, let b): MachineOp(.numSubtract, d, a, b)
    case .numMultiply(let d, let a, let b): MachineOp(.numMultiply, d, a, b)
    case .numDivide(let d, let a, let b): MachineOp(.numDivide, d, a, b)
    case .numRemainder(let d, let a, let b): MachineOp(.numRemainder, d, a, b)
    case .numNegate(let d, let a): MachineOp(.numNegate, d, a)
    case .numAbs(let d, let a): MachineOp(.numAbs, d, a)
    case .numSqrt(let d, let a): MachineOp(.numSqrt, d, a)
    case .numPow(let d, let a, let b): MachineOp(.numPow, d, a, b)
    case .numMin(let d, let a, let b): MachineOp(.numMin, d, a, b)
    case .numMax(let d, let a, let b): MachineOp(.numMax, d, a, b)
    case .numClamp(let d, let x, let low, let high): MachineOp(.numClamp, d, x, low, high)
    case .numKernel(let function, let d, let a, let b, let c):
      MachineOp(.numKernel, d, a, b, c, Function.allCases.firstIndex(of: function)!)
    case .numSelect(let d, let c, let t, let o): MachineOp(.numSelect, d, c, t, o)
    case .floor(let d, let a): MachineOp(.floor, d, a)
    case .ceil(let d, let a): MachineOp(.ceil, d, a)
    case .round(let d, let a): MachineOp(.round, d, a)
    case .not(let d, let a): MachineOp(.not, d, a)
    case .and(let d, let a, let b): MachineOp(.and, d, a, b)
    case .or(let d, let a, let b): MachineOp(.or, d, a, b)
    case .boolEqual(let d, let a, let b): MachineOp(.boolEqual, d, a, b)
    case .boolNotEqual(let d, let a, let b): MachineOp(.boolNotEqual, d, a, b)
    case .intCompare(let c, let d, let a, let b): MachineOp(.intCompare(c), d, a, b)
    case .numCompare(let c, let d, let a, let b): MachineOp(.numCompare, d, a, b, c.rawValue)
    case .stringEqual(let d, let a, let b): MachineOp(.string, d, a, b, StringOperation.equal.rawValue)
    case .stringNotEqual(let d, let a, let b): MachineOp(.string, d, a, b, StringOperation.notEqual.rawValue)
    case .stringConcat(let d, let a, let b): MachineOp(.string, d, a, b, StringOperation.concat.rawValue)
    case .intTotal(let aggregate, let d, let value): MachineOp(.intTotal, aggregate, d, value)
    case .numTotal(let aggregate, let d, let value): MachineOp(.numTotal, aggregate, d, value)
    case .intWindow(let aggregate, let d, let value): MachineOp(.intWindow, aggregate, d, value)
    case .numWindow(let aggregate, let d, let value): MachineOp(.numWindow, aggregate, d, value)
    case .consecutive(let index, let counts, let skips): MachineOp(.consecutive, index, counts, skips)
    case .elapsed(let index, let resets): MachineOp(.elapsed, index, resets)
    case .periodic(let index, let counts): MachineOp(.periodic, index, counts)
    }
  }
}

/// One operation of `BytecodeMachine`: a tag and up to six operands (slots, indices), as
/// 32-bit integers. `x0`... read them as `Int`.
struct MachineOp {
  let code: MachineOpCode
  private let o0: Int32
  private let o1: Int32
  private let o2: Int32
  private let o3: Int32
  private let o4: Int32
  private let o5: Int32
  /// Pads the operation to 32 bytes (a shift, not a multiply, finds an operation).
  private let padding: Int32 = 0

  init(_ code: MachineOpCode, _ x0: Int, _ x1: Int = 0, _ x2: Int = 0, _ x3: Int = 0, _ x4: Int = 0, _ x5: Int = 0) {
    self.code = code
    o0 = Int32(x0)
    o1 = Int32(x1)
    o2 = Int32(x2)
    o3 = Int32(x3)
    o4 = Int32(x4)
    o5 = Int32(x5)
  }

  var x0: Int { Int(o0) }
  var x1: Int { Int(o1) }
  var x2: Int { Int(o2) }
  var x3: Int { Int(o3) }
  var x4: Int { Int(o4) }
  var x5: Int { Int(o5) }
}

/// The operations: one per `Instruction` case, and the fused ones.
enum MachineOpCode: UInt8 {
  case copyInt, copyNum, intToNum, numToInt, boolToInt, boolToNum, intAdd, intSubtract, intMultiply, intRemainder,
    intNegate, intAbs, intMin, intMax, intClamp, intSelect, numAdd, numSubtract, numMultiply, numDivide, numRemainder,
    numNegate, numAbs, numSqrt, numPow, numMin, numMax, numClamp, numSelect, floor, ceil, round, not, and, or,
    boolEqual, boolNotEqual,
    // The comparisons in the order of their masks (`Comparison`'s raw values 1...6): see `intCompare(_:)`.
    intLess, intEqual, intLessOrEqual, intGreater, intNotEqual, intGreaterOrEqual,
    // `nums[x1] ? nums[x2]` into `ints[x0]`, the comparison's raw value in x3.
    numCompare,
    // A string instruction (`StringOperation` in x3), run out of the loop: one case, and no
    // string code in the loop, whose layout the day's cost depends on.
    string, intTotal, numTotal, intWindow,
    numWindow, consecutive, elapsed
  /// A consecutive streak whose `counts` is `ints[x1] ? ints[x2] && ints[x3] ? ints[x4]`
  /// (the comparisons' masks in x5: the first in bits 0-2, the second in 3-5), no `skips`.
  case consecutiveIf
  /// The end of a range.
  case stop
  /// `ints[x0] = ints[x1] * ints[x2] + ints[x3]` (saturating, as the two instructions).
  case intMultiplyAdd
  /// `nums[x0] = Double(ints[x1]) / nums[x2]` (as `intToNum` then `numDivide`).
  case intNumDivide
  /// `ints[x0] = floor(sqrt(nums[x1]))` (as `numSqrt` then `floor`).
  case floorSqrt
  /// `nums[x0] = kernel(nums[x1], nums[x2], nums[x3])`, the kernel of function x4
  /// (`Function.allCases`).
  case numKernel
  /// A periodic streak's day (x0), its `counts` in `ints[x1]`: run out of the loop.
  case periodic
}

/// What a `string` operation does with the strings of x1 and x2, into x0.
enum StringOperation: Int {
  /// `ints[x0] = string(ints[x1]) == string(ints[x2])` (1 or 0).
  case equal
  /// `ints[x0] = string(ints[x1]) != string(ints[x2])` (1 or 0).
  case notEqual
  /// `ints[x0]`: the string `string(ints[x1]) + string(ints[x2])`, kept for the slot x0.
  case concat
}

extension MachineOpCode {
  /// The operation comparing two int slots: the comparisons' operations follow their masks
  /// (one each: ints are compared often).
  static func intCompare(_ comparison: Comparison) -> MachineOpCode {
    MachineOpCode(rawValue: intLess.rawValue - 1 + UInt8(comparison.rawValue))!
  }
}
