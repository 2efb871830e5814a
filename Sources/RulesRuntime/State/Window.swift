@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The last `days` values of a `last(n, x)` or a period sum (`week(x)`: the longest period's
/// days), oldest at `head`.
@_spi(CompiledDay) public struct Window: Sendable, Equatable {
  /// The last values of an int (or bool) aggregate.
  @_spi(CompiledDay) public var ints: [Int]
  /// The last values of a number aggregate.
  @_spi(CompiledDay) public var nums: [Double]
  /// Where the oldest value is.
  @_spi(CompiledDay) public var head = 0
  /// The sum of `ints`.
  @_spi(CompiledDay) public var intSum = 0
  /// The sum of `nums`.
  @_spi(CompiledDay) public var numSum = 0.0

  /// A window of `days` zeros.
  @_spi(CompiledDay) public init(days: Int) {
    ints = Array(repeating: 0, count: days)
    nums = Array(repeating: 0, count: days)
  }

  /// How many days the window holds.
  @_spi(CompiledDay) public var days: Int { ints.count }

  /// What today's value of an int window is added to: its sum without its oldest day.
  @inlinable @_spi(CompiledDay) public var intBase: Int { Arithmetic.subtract(intSum, ints[head]) }

  /// What today's value of a number window is added to: its sum without its oldest day.
  @inlinable @_spi(CompiledDay) public var numBase: Double { Arithmetic.subtract(numSum, nums[head]) }

  /// What today's value of an int period sum (`week(x)`) is added to: the sum of the newest
  /// `count` values, the period's days before today.
  @inlinable @_spi(CompiledDay) public func intBase(newest count: Int) -> Int {
    var sum = 0
    var index = head
    for _ in 0..<Swift.min(count, days) {
      index = index == 0 ? days - 1 : index - 1
      sum = Arithmetic.add(sum, ints[index])
    }
    return sum
  }

  /// What today's value of a number period sum is added to: the sum of the newest `count` values.
  @inlinable @_spi(CompiledDay) public func numBase(newest count: Int) -> Double {
    var sum = 0.0
    var index = head
    for _ in 0..<Swift.min(count, days) {
      index = index == 0 ? days - 1 : index - 1
      sum = Arithmetic.add(sum, nums[index])
    }
    return sum
  }

  /// Counts a day's value into an int window: it replaces the oldest.
  @inlinable @inline(__always)
  @_spi(CompiledDay) public mutating func push(int value: Int) {
    intSum = Arithmetic.add(intBase, value)
    ints[head] = value
    head = (head + 1) % days
  }

  /// Counts a day's value into a number window: it replaces the oldest.
  @inlinable @inline(__always)
  @_spi(CompiledDay) public mutating func push(num value: Double) {
    numSum = Arithmetic.add(numBase, value)
    nums[head] = value
    head = (head + 1) % days
  }
}
