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
}
