@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// How `DayRunner` tests a badge's criterion. Most criteria are one comparison of two slots
/// (`streak.current >= 7`: a slot and a constant): `holds` makes it in place, as the
/// comparison instruction would, without running the machine. `code`: anything else, run by
/// its instructions (`code`, the machine's `ops`, then the result in `result`).
struct CriterionTest {
  enum Kind: UInt8 {
    case code
    case intEqual, intNotEqual, intLess, intLessOrEqual, intGreater, intGreaterOrEqual
    case numEqual, numNotEqual, numLess, numLessOrEqual, numGreater, numGreaterOrEqual
  }

  let kind: Kind
  let a: Int
  let b: Int
  let code: Range<Int>
  let result: Int
  /// The machine's operations for `code`.
  let ops: Range<Int>

  /// The test of the criterion whose instructions are `code` in `bytecode` (`ops` in the
  /// machine).
  init(_ code: Range<Int>, result: Int, in bytecode: Bytecode, ops: Range<Int>) {
    self.code = code
    self.ops = ops
    self.result = result
    var kind = Kind.code
    var a = 0
    var b = 0
    if code.count == 1 {
      switch bytecode.instructions[code.lowerBound] {
      case .intEqual(result, let x, let y): (kind, a, b) = (.intEqual, x, y)
      case .intNotEqual(result, let x, let y): (kind, a, b) = (.intNotEqual, x, y)
      case .intLess(result, let x, let y): (kind, a, b) = (.intLess, x, y)
      case .intLessOrEqual(result, let x, let y): (kind, a, b) = (.intLessOrEqual, x, y)
      case .intGreater(result, let x, let y): (kind, a, b) = (.intGreater, x, y)
      case .intGreaterOrEqual(result, let x, let y): (kind, a, b) = (.intGreaterOrEqual, x, y)
      case .numEqual(result, let x, let y): (kind, a, b) = (.numEqual, x, y)
      case .numNotEqual(result, let x, let y): (kind, a, b) = (.numNotEqual, x, y)
      case .numLess(result, let x, let y): (kind, a, b) = (.numLess, x, y)
      case .numLessOrEqual(result, let x, let y): (kind, a, b) = (.numLessOrEqual, x, y)
      case .numGreater(result, let x, let y): (kind, a, b) = (.numGreater, x, y)
      case .numGreaterOrEqual(result, let x, let y): (kind, a, b) = (.numGreaterOrEqual, x, y)
      default: break
      }
    }
    self.kind = kind
    self.a = a
    self.b = b
  }

  /// The comparison's result on a frame (not for `code`).
  @inline(__always)
  func holds(_ ints: UnsafeMutablePointer<Int>, _ nums: UnsafeMutablePointer<Double>) -> Bool {
    switch kind {
    case .code: false
    case .intEqual: ints[a] == ints[b]
    case .intNotEqual: ints[a] != ints[b]
    case .intLess: ints[a] < ints[b]
    case .intLessOrEqual: ints[a] <= ints[b]
    case .intGreater: ints[a] > ints[b]
    case .intGreaterOrEqual: ints[a] >= ints[b]
    case .numEqual: nums[a] == nums[b]
    case .numNotEqual: nums[a] != nums[b]
    case .numLess: nums[a] < nums[b]
    case .numLessOrEqual: nums[a] <= nums[b]
    case .numGreater: nums[a] > nums[b]
    case .numGreaterOrEqual: nums[a] >= nums[b]
    }
  }
}
