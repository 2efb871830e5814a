import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Runs bytecode on one frame: one loop, one `switch` per instruction. It owns the
/// evaluator's scratch memory (the streaks before and after the day, the sums today's values
/// are added to), all raw memory: no reference counting and no exclusivity checks on the
/// hot path. Not thread-safe: one machine per evaluator.
final class BytecodeMachine {
  let frame: Frame
  /// The code's `Bytecode.identity`.
  let identity: Int
  /// The kernels of the functions of the table, by position in `Function.allCases` (those
  /// without one give 0: the bytecode never calls them so).
  private static let kernelTable: [@Sendable (Double, Double, Double) -> Double] = Function.allCases.map {
    $0.definition.kernel?.run ?? { _, _, _ in 0 }
  }
  /// `kernelTable`, held by the machine: read from the static, `run` paid its lazy
  /// initialization's check on every call (about 2 instructions a call, callgrind).
  private let kernels: [@Sendable (Double, Double, Double) -> Double]
  let ints: UnsafeMutablePointer<Int>
  let nums: UnsafeMutablePointer<Double>
  /// The code (`MachineCode`), and the operation each instruction begins.
  private let ops: UnsafeMutablePointer<MachineOp>
  let opCount: Int
  private let offsets: UnsafeMutablePointer<Int>
  private let instructionCount: Int
  let rules: UnsafeMutablePointer<Bytecode.StreakRule>
  /// The texts of the code's string literals (`Bytecode.strings`), and of the strings joined
  /// (`stringConcat`), by the slot that holds each: a string's number is its literal's, or the
  /// literals' count plus that slot (empty when the code joins none).
  private let literals: [String]
  private var joined: [String]

  let streakCount: Int
  let aggregateCount: Int
  /// The streaks and the totals as the state has them (the day before): during `run`, the
  /// state's own storage (read in place, not copied); else buffers of the machine's own.
  var previous: UnsafePointer<StreakState>
  var intSums: UnsafePointer<Int>
  var numSums: UnsafePointer<Double>
  private let ownPrevious: UnsafeMutablePointer<StreakState>
  private let ownIntSums: UnsafeMutablePointer<Int>
  private let ownNumSums: UnsafeMutablePointer<Double>
  /// The streaks as the day leaves them.
  package let pending: UnsafeMutablePointer<StreakState>
  /// Whether each streak moved forward on the day.
  let moved: UnsafeMutablePointer<Bool>
  /// Whether each streak deferred its break (a day in progress that does not count).
  let deferred: UnsafeMutablePointer<Bool>
  /// Per window (`last(n, x)`), what today's value is added to: its sum without its oldest day.
  let intBase: UnsafeMutablePointer<Int>
  let numBase: UnsafeMutablePointer<Double>
  /// Today's value of each window's argument, not yet committed.
  let pendingInts: UnsafeMutablePointer<Int>
  let pendingNums: UnsafeMutablePointer<Double>
  /// The day being run: whether it is in progress, whether a streak deferred its break, its
  /// number, the history's start and the state's origin (either may be missing).
  var inProgress = false
  /// The day is one of the user's pauses: `pausable` streaks neither extend nor break.
  var paused = false
  /// Whether each streak's day is covered by a restore (`StreakRestore`): it neither extends
  /// nor breaks. Read only while `anyCovered`.
  let covered: UnsafeMutablePointer<Bool>
  /// Whether each streak's day is repaired (`Repair`): covered when it would break the streak
  /// with no freeze to use. Read only while `anyCovered`.
  let repaired: UnsafeMutablePointer<Bool>
  var anyCovered = false
  /// `paused` or `anyCovered`: `consecutive` looks at neither unless it is set (one test a
  /// streak on an ordinary day).
  var adjusted = false
  var deferredBreak = false
  /// A periodic streak's periods (`BytecodeMachine+Periodic`), and the user's pauses that cap
  /// a pausable one's goal (set by `DayRunner.adjust`).
  var periods: PeriodClock
  var pauses: [Pause] = []
  var day = 0
  var start: Int?
  var origin: Int?

  /// A machine for `bytecode`, whose int slots from `temporaries` up (number slots from
  /// `numTemporaries` up) are its temporaries.
  init(
    _ bytecode: Bytecode, streaks: Int, aggregates: Int, temporaries: Int, numTemporaries: Int, fusing: Bool = true,
    weekStart: WeekStart = .monday
  ) {
    periods = PeriodClock(weekStart: weekStart)
    frame = Frame(
      intCount: bytecode.intCount, numCount: bytecode.numCount,
      intConstants: bytecode.intConstants, numConstants: bytecode.numConstants)
    ints = frame.ints
    nums = frame.nums
    identity = bytecode.identity
    kernels = Self.kernelTable
    let code = MachineCode(bytecode, temporaries: temporaries, numTemporaries: numTemporaries, fusing: fusing)
    opCount = code.ops.count
    ops = .allocate(capacity: max(opCount, 1))
    ops.initialize(from: code.ops, count: opCount)
    instructionCount = bytecode.instructions.count
    offsets = .allocate(capacity: instructionCount + 1)
    offsets.initialize(from: code.offsets, count: instructionCount + 1)
    rules = .allocate(capacity: max(bytecode.streaks.count, 1))
    rules.initialize(from: bytecode.streaks, count: bytecode.streaks.count)
    literals = bytecode.strings
    let joins = bytecode.instructions.contains {
      if case .stringConcat = $0 { return true }
      return false
    }
    joined = joins ? [String](repeating: "", count: frame.intCount) : []
    streakCount = streaks
    aggregateCount = aggregates
    func allocate<T>(_ count: Int, _ value: T) -> UnsafeMutablePointer<T> {
      let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(count, 1))
      pointer.initialize(repeating: value, count: max(count, 1))
      return pointer
    }
    ownPrevious = allocate(streaks, StreakState())
    ownIntSums = allocate(aggregates, 0)
    ownNumSums = allocate(aggregates, 0)
    previous = UnsafePointer(ownPrevious)
    intSums = UnsafePointer(ownIntSums)
    numSums = UnsafePointer(ownNumSums)
    pending = allocate(streaks, StreakState())
    moved = allocate(streaks, false)
    deferred = allocate(streaks, false)
    covered = allocate(streaks, false)
    repaired = allocate(streaks, false)
    intBase = allocate(aggregates, 0)
    numBase = allocate(aggregates, 0)
    pendingInts = allocate(aggregates, 0)
    pendingNums = allocate(aggregates, 0)
    frame.machine = self
    frame.code = identity
  }

  deinit {
    ops.deinitialize(count: opCount)
    ops.deallocate()
    offsets.deallocate()
    rules.deallocate()
    ownPrevious.deinitialize(count: max(streakCount, 1))
    ownPrevious.deallocate()
    ownIntSums.deallocate()
    ownNumSums.deallocate()
    pending.deinitialize(count: max(streakCount, 1))
    pending.deallocate()
    moved.deallocate()
    deferred.deallocate()
    covered.deallocate()
    repaired.deallocate()
    intBase.deallocate()
    numBase.deallocate()
    pendingInts.deallocate()
    pendingNums.deallocate()
  }

  /// A `string` operation (`StringOperation`), out of `run`'s loop.
  @inline(never)
  private func string(_ pc: UnsafeMutablePointer<MachineOp>) {
    let op = pc.pointee
    let (d, a, b) = (op.x0, string(ints[op.x1]), string(ints[op.x2]))
    switch StringOperation(rawValue: op.x3).unsafelyUnwrapped {
    case .equal: ints[d] = a == b ? 1 : 0
    case .notEqual: ints[d] = a != b ? 1 : 0
    case .concat:
      joined[d] = a + b
      ints[d] = literals.count + d
    }
  }

  /// The text of the string whose number is `number` (a string value in an int slot).
  func string(_ number: Int) -> String {
    if number >= 0 && number < literals.count { return literals[number] }
    let slot = number - literals.count
    return slot >= 0 && slot < joined.count ? joined[slot] : ""
  }

  /// Runs the day's operations in `range` (from `ops(_:)`) on a state's streaks and history
  /// sums, which the operations read in place.
  func run(ops range: Range<Int>, streaks: [StreakState], intSums: [Int], numSums: [Double]) {
    streaks.withUnsafeBufferPointer { streaks in
      intSums.withUnsafeBufferPointer { ints in
        numSums.withUnsafeBufferPointer { nums in
          previous = streaks.baseAddress ?? UnsafePointer(ownPrevious)
          self.intSums = ints.baseAddress ?? UnsafePointer(ownIntSums)
          self.numSums = nums.baseAddress ?? UnsafePointer(ownNumSums)
          run(ops: range)
          previous = UnsafePointer(ownPrevious)
          self.intSums = UnsafePointer(ownIntSums)
          self.numSums = UnsafePointer(ownNumSums)
        }
      }
    }
  }

  /// Runs the instructions in `range` (a range `Bytecode` names: none begins or ends inside
  /// a fused operation).
  func run(_ range: Range<Int>) {
    run(ops: ops(range))
  }

  /// How many operations the code has, the ranges' stops left out.
  var operationCount: Int { (0..<opCount).count { ops[$0].code != .stop } }

  /// The operations of the instructions in `range` (a range `Bytecode` names: none begins or
  /// ends inside a fused operation), for `run(ops:)`.
  func ops(_ range: Range<Int>) -> Range<Int> {
    if range.isEmpty { return 0..<0 }
    let first = offsets[range.lowerBound]
    let stop = offsets[range.upperBound] - 1
    precondition(
      first >= 0 && stop >= first && ops[stop].code == .stop,
      "a range of the bytecode begins or ends inside a fused operation, or is not one the bytecode names")
    return first..<stop
  }

  /// Runs the operations in `range` (from `ops(_:)`: they end with a `stop`).
  func run(ops range: Range<Int>) {
    guard !range.isEmpty else { return }
    let ints = ints
    let nums = nums
    var pc = ops + range.lowerBound
    while true {
      let op = pc.pointee
      switch op.code {
      case .stop:
        return
      case .copyInt:
        let d = op.x0
        let a = op.x1
        ints[d] = ints[a]
      case .copyNum:
        let d = op.x0
        let a = op.x1
        nums[d] = nums[a]
      case .intToNum:
        let d = op.x0
        let a = op.x1
        nums[d] = Double(ints[a])
      case .numToInt:
        let d = op.x0
        let a = op.x1
        ints[d] = Arithmetic.int(nums[a])
      case .boolToInt:
        let d = op.x0
        let a = op.x1
        ints[d] = ints[a] != 0 ? 1 : 0
      case .boolToNum:
        let d = op.x0
        let a = op.x1
        nums[d] = ints[a] != 0 ? 1 : 0
      case .intAdd:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Arithmetic.add(ints[a], ints[b])
      case .intSubtract:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Arithmetic.subtract(ints[a], ints[b])
      case .intMultiply:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Arithmetic.multiply(ints[a], ints[b])
      case .intRemainder:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Arithmetic.remainder(ints[a], ints[b])
      case .intNegate:
        let d = op.x0
        let a = op.x1
        ints[d] = Arithmetic.negate(ints[a])
      case .intAbs:
        let d = op.x0
        let a = op.x1
        let value = ints[a]
        ints[d] = value == .min ? .max : Swift.abs(value)
      case .intMin:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Swift.min(ints[a], ints[b])
      case .intMax:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = Swift.max(ints[a], ints[b])
      case .intClamp:
        let d = op.x0
        let x = op.x1
        let low = op.x2
        let high = op.x3
        ints[d] = Arithmetic.clamp(ints[x], ints[low], ints[high])
      case .intSelect:
        let d = op.x0
        let c = op.x1
        let t = op.x2
        let o = op.x3
        ints[d] = ints[c] != 0 ? ints[t] : ints[o]
      case .numAdd:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.add(nums[a], nums[b])
      case .numSubtract:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.subtract(nums[a], nums[b])
      case .numMultiply:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.multiply(nums[a], nums[b])
      case .numDivide:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.divide(nums[a], nums[b])
      case .numRemainder:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.remainder(nums[a], nums[b])
      case .numNegate:
        let d = op.x0
        let a = op.x1
        nums[d] = -nums[a]
      case .numAbs:
        let d = op.x0
        let a = op.x1
        nums[d] = Swift.abs(nums[a])
      case .numSqrt:
        let d = op.x0
        let a = op.x1
        let value = nums[a]
        nums[d] = value < 0 ? 0 : value.squareRoot()
      case .numPow:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Arithmetic.pow(nums[a], nums[b])
      case .numMin:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Swift.min(nums[a], nums[b])
      case .numMax:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        nums[d] = Swift.max(nums[a], nums[b])
      case .numClamp:
        let d = op.x0
        let x = op.x1
        let low = op.x2
        let high = op.x3
        nums[d] = Arithmetic.clamp(nums[x], nums[low], nums[high])
      case .numSelect:
        let d = op.x0
        let c = op.x1
        let t = op.x2
        let o = op.x3
        nums[d] = ints[c] != 0 ? nums[t] : nums[o]
      case .floor:
        let d = op.x0
        let a = op.x1
        ints[d] = Arithmetic.int(Foundation.floor(nums[a]))
      case .ceil:
        let d = op.x0
        let a = op.x1
        ints[d] = Arithmetic.int(Foundation.ceil(nums[a]))
      case .round:
        let d = op.x0
        let a = op.x1
        ints[d] = Arithmetic.int(nums[a].rounded(.toNearestOrAwayFromZero))
      case .not:
        let d = op.x0
        let a = op.x1
        ints[d] = ints[a] == 0 ? 1 : 0
      case .and:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = ints[a] != 0 && ints[b] != 0 ? 1 : 0
      case .or:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = ints[a] != 0 || ints[b] != 0 ? 1 : 0
      case .boolEqual:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = (ints[a] != 0) == (ints[b] != 0) ? 1 : 0
      case .boolNotEqual:
        let d = op.x0
        let a = op.x1
        let b = op.x2
        ints[d] = (ints[a] != 0) != (ints[b] != 0) ? 1 : 0
      case .intEqual: ints[op.x0] = Comparison.equal.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .intNotEqual: ints[op.x0] = Comparison.notEqual.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .intLess: ints[op.x0] = Comparison.less.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .intLessOrEqual: ints[op.x0] = Comparison.lessOrEqual.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .intGreater: ints[op.x0] = Comparison.greater.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .intGreaterOrEqual: ints[op.x0] = Comparison.greaterOrEqual.holds(ints[op.x1], ints[op.x2]) ? 1 : 0
      case .numCompare:
        // Numbers are compared less often than ints: one operation, its comparison in x3.
        ints[op.x0] = Comparison(rawValue: op.x3).unsafelyUnwrapped.holds(nums[op.x1], nums[op.x2]) ? 1 : 0
      case .string:
        // The operation by its address: passed by value, the whole operation was loaded at
        // the top of every iteration (callgrind: +30 instructions a day run).
        string(pc)
      case .intTotal:
        let aggregate = op.x0
        let d = op.x1
        let value = op.x2
        ints[d] = Arithmetic.add(intSums[aggregate], ints[value])
      case .numTotal:
        let aggregate = op.x0
        let d = op.x1
        let value = op.x2
        nums[d] = Arithmetic.add(numSums[aggregate], nums[value])
      case .intWindow:
        let aggregate = op.x0
        let d = op.x1
        let value = op.x2
        let today = ints[value]
        pendingInts[aggregate] = today
        ints[d] = Arithmetic.add(intBase[aggregate], today)
      case .numWindow:
        let aggregate = op.x0
        let d = op.x1
        let value = op.x2
        let today = nums[value]
        pendingNums[aggregate] = today
        nums[d] = Arithmetic.add(numBase[aggregate], today)
      case .consecutive:
        let index = op.x0
        let counts = op.x1
        let skips = op.x2
        consecutive(index, counts: ints[counts] != 0, skips: skips >= 0 && ints[skips] != 0)
      case .elapsed:
        let index = op.x0
        let resets = op.x1
        elapsed(index, resets: resets >= 0 && ints[resets] != 0)
      case .consecutiveIf:
        let index = op.x0
        let masks = op.x5
        let counts =
          Comparison.holds(ints[op.x1], ints[op.x2], mask: masks)
          && Comparison.holds(ints[op.x3], ints[op.x4], mask: masks >> 3)
        consecutive(index, counts: counts, skips: false)
      case .intMultiplyAdd:
        ints[op.x0] = Arithmetic.add(Arithmetic.multiply(ints[op.x1], ints[op.x2]), ints[op.x3])
      case .intNumDivide:
        nums[op.x0] = Arithmetic.divide(Double(ints[op.x1]), nums[op.x2])
      case .floorSqrt:
        let value = nums[op.x1]
        ints[op.x0] = Arithmetic.int(Foundation.floor(value < 0 ? 0 : value.squareRoot()))
      case .numKernel:
        nums[op.x0] = kernels[op.x4](nums[op.x1], nums[op.x2], nums[op.x3])
      case .periodic:
        periodic(op.x0, counts: ints[op.x1] != 0)
      }
      pc += 1
    }
  }
}
