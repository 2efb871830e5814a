/// The last `days` values of a `last(n, x)`, oldest at `head`.
public struct Window: Sendable, Equatable {
  public var ints: [Int]
  public var nums: [Double]
  public var head = 0
  public var intSum = 0
  public var numSum = 0.0

  public init(days: Int) {
    ints = Array(repeating: 0, count: days)
    nums = Array(repeating: 0, count: days)
  }

  public var days: Int { ints.count }
}
