@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

// What a comparison computes. Here rather than beside the table in RulesLanguage: a call
// across modules is not inlined (a `package` function's body is not available to the
// optimizer there), and these run once per comparison of the machine.
extension Comparison {
  /// Whether `a` and `b` compare so (IEEE for doubles: NaN compares unequal to everything).
  @inline(__always)
  func holds<T: Comparable>(_ a: T, _ b: T) -> Bool {
    switch self {
    case .less: a < b
    case .equal: a == b
    case .lessOrEqual: a <= b
    case .greater: a > b
    case .notEqual: a != b
    case .greaterOrEqual: a >= b
    }
  }

  /// Whether ints `a` and `b` compare as `mask` (a raw value, or `always`) asks, without a
  /// branch: the order of `a` and `b` picks the mask's bit.
  @inline(__always)
  static func holds(_ a: Int, _ b: Int, mask: Int) -> Bool {
    (mask >> ((a > b ? 1 : 0) + (a >= b ? 1 : 0))) & 1 != 0
  }
}
