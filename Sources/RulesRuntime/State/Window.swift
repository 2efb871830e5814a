/// The last `days` values of a `last(n, x)`, oldest at `head`.
public struct Window: Sendable, Equatable {
  /// The last values of an int (or bool) aggregate.
  public var ints: [Int]
  /// The last values of a number aggregate.
  public var nums: [Double]
  /// Where the oldest value is.
  public var head = 0
  /// The sum of `ints`.
  public var intSum = 0
  /// The sum of `nums`.
  public var numSum = 0.0

  /// A window of `days` zeros.
  public init(days: Int) {
    ints = Array(repeating: 0, count: days)
    nums = Array(repeating: 0, count: days)
  }

  /// How many days the window holds.
  public var days: Int { ints.count }

  /// What today's value of an int window is added to: its sum without its oldest day.
  @inlinable public var intBase: Int { Arithmetic.subtract(intSum, ints[head]) }

  /// What today's value of a number window is added to: its sum without its oldest day.
  @inlinable public var numBase: Double { Arithmetic.subtract(numSum, nums[head]) }

  /// Counts a day's value into an int window: it replaces the oldest.
  @inlinable @inline(__always)
  public mutating func push(int value: Int) {
    intSum = Arithmetic.add(intBase, value)
    ints[head] = value
    head = (head + 1) % days
  }

  /// Counts a day's value into a number window: it replaces the oldest.
  @inlinable @inline(__always)
  public mutating func push(num value: Double) {
    numSum = Arithmetic.add(numBase, value)
    nums[head] = value
    head = (head + 1) % days
  }
}
