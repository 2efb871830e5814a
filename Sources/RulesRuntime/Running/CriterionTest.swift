@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// How `DayRunner` tests a badge's criterion. Most criteria are one comparison of two slots
/// (`streak.current >= 7`: a slot and a constant): `holds` makes it in place, as the
/// comparison instruction would, without running the machine. `code`: anything else, run by
/// its instructions (`code`, the machine's `ops`, then the result in `result`).
struct CriterionTest {
  enum Kind: Equatable {
    case code
    /// One comparison of two int slots.
    case ints(Comparison)
    /// One comparison of two number slots.
    case nums(Comparison)
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
      case .intCompare(let c, result, let x, let y): (kind, a, b) = (.ints(c), x, y)
      case .numCompare(let c, result, let x, let y): (kind, a, b) = (.nums(c), x, y)
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
    case .ints(let comparison): comparison.holds(ints[a], ints[b])
    case .nums(let comparison): comparison.holds(nums[a], nums[b])
    }
  }

  /// The comparisons of a criterion that is only int comparisons joined by `&&` (`streak >= 7
  /// && total >= 30 && level >= 5`: the code `intCompare`, `intCompare`, `and`, `intCompare`,
  /// `and`), read off its instructions: each comparison's operator and slots. Nil for any other
  /// shape. `Program.criterion(ofBadge:)` tests such a criterion in place, without the machine.
  static func conjunction(_ code: Range<Int>, result: Int, in bytecode: Bytecode) -> [(Comparison, Int, Int)]? {
    var tests: [(Comparison, Int, Int)] = []
    // The results not yet joined: each comparison's, until an `and` joins two into one.
    var pending = Set<Int>()
    var written = Set<Int>()
    for instruction in bytecode.instructions[code] {
      switch instruction {
      case .intCompare(let c, let d, let a, let b)
      where !written.contains(a) && !written.contains(b) && !written.contains(d):
        tests.append((c, a, b))
        pending.insert(d)
        written.insert(d)
      case .and(let d, let a, let b) where a != b && pending.contains(a) && pending.contains(b):
        pending.remove(a)
        pending.remove(b)
        pending.insert(d)
        written.insert(d)
      default:
        return nil
      }
    }
    return pending == [result] && !tests.isEmpty ? tests : nil
  }
}
