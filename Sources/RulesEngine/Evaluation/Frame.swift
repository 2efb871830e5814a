/// The values of one day under evaluation, in typed slots: bools, ints and enum positions in
/// `ints`, numbers in `nums`. Compiled expressions read their operands straight from here.
public final class Frame: @unchecked Sendable {
  public let ints: UnsafeMutablePointer<Int>
  public let nums: UnsafeMutablePointer<Double>
  let intCount: Int
  let numCount: Int

  init(intCount: Int, numCount: Int) {
    self.intCount = max(intCount, 1)
    self.numCount = max(numCount, 1)
    ints = .allocate(capacity: self.intCount)
    ints.initialize(repeating: 0, count: self.intCount)
    nums = .allocate(capacity: self.numCount)
    nums.initialize(repeating: 0, count: self.numCount)
  }

  deinit {
    ints.deallocate()
    nums.deallocate()
  }
}

/// Where a value lives in a frame.
public enum Slot: Sendable, Equatable {
  case int(Int)
  case num(Int)
}

/// The frame layout of a checked catalog: a slot for every input, built-in, streak field,
/// metric and aggregate.
public struct Layout: Sendable {
  public private(set) var inputs: [Slot] = []
  public private(set) var logged = 0
  public private(set) var day = 0
  public private(set) var badgesCount = 0
  public private(set) var badgesXP = 0
  public private(set) var streaks: [(current: Int, best: Int, freezes: Int)] = []
  public private(set) var metrics: [Slot] = []
  public private(set) var aggregates: [Slot] = []
  public private(set) var intCount = 0
  public private(set) var numCount = 0

  init(_ catalog: CheckedCatalog) {
    func slot(for type: ValueType) -> Slot {
      if type == .number {
        numCount += 1
        return .num(numCount - 1)
      }
      intCount += 1
      return .int(intCount - 1)
    }
    func int() -> Int {
      intCount += 1
      return intCount - 1
    }
    inputs = catalog.inputs.map { slot(for: $0.type) }
    logged = int()
    day = int()
    badgesCount = int()
    badgesXP = int()
    streaks = catalog.streaks.map { _ in (int(), int(), int()) }
    metrics = catalog.metrics.map { slot(for: $0.type) }
    aggregates = catalog.aggregates.map { slot(for: $0.type) }
  }

  public func slot(of symbol: Symbol) -> Slot {
    switch symbol {
    case .input(let index): inputs[index]
    case .logged: .int(logged)
    case .day: .int(day)
    case .badgesCount: .int(badgesCount)
    case .badgesXP: .int(badgesXP)
    case .streak(let index, let field):
      switch field {
      case .current: .int(streaks[index].current)
      case .best: .int(streaks[index].best)
      case .freezes: .int(streaks[index].freezes)
      }
    case .metric(let index): metrics[index]
    }
  }
}
