/// The values of one day under evaluation, in typed slots: bools, ints and enum positions in
/// `ints`, numbers in `nums`. Compiled expressions read their operands straight from here.
/// The slots below 0 (`ints[-1]`, `ints[-2]`, ...) hold the constants of the bytecode that
/// runs on the frame; slot 0 and up are the layout's slots, then the bytecode's temporaries.
public final class Frame: @unchecked Sendable {
  public let ints: UnsafeMutablePointer<Int>
  public let nums: UnsafeMutablePointer<Double>
  let intCount: Int
  let numCount: Int
  private let intConstantCount: Int
  private let numConstantCount: Int

  init(intCount: Int, numCount: Int, intConstants: [Int] = [], numConstants: [Double] = []) {
    self.intCount = max(intCount, 1)
    self.numCount = max(numCount, 1)
    intConstantCount = intConstants.count
    numConstantCount = numConstants.count
    ints = Self.allocate(self.intCount, below: intConstants)
    nums = Self.allocate(self.numCount, below: numConstants)
  }

  /// `count` zeros with `constants` before them, the first constant at index -1.
  private static func allocate<T: Numeric>(_ count: Int, below constants: [T]) -> UnsafeMutablePointer<T> {
    let base = UnsafeMutablePointer<T>.allocate(capacity: constants.count + count)
    base.initialize(from: constants.reversed(), count: constants.count)
    (base + constants.count).initialize(repeating: 0, count: count)
    return base + constants.count
  }

  deinit {
    (ints - intConstantCount).deallocate()
    (nums - numConstantCount).deallocate()
  }
}

/// Where a value lives in a frame.
public enum Slot: Sendable, Equatable {
  case int(Int)
  case num(Int)
}

/// The frame layout of a checked catalog: a slot for every input, built-in, streak field,
/// aggregate and metric (a metric that is an aggregate shares its slot).
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

  init(_ catalog: ValidatedCatalog) {
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
    aggregates = catalog.aggregates.map { slot(for: $0.type) }
    // A metric that is a history sum (`total_duas: total(duas)`) is that sum's slot: the day
    // computes it once and copies nothing.
    metrics = catalog.metrics.map { expr in
      if case .aggregate(let index) = expr.kind { return aggregates[index] }
      return slot(for: expr.type)
    }
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
