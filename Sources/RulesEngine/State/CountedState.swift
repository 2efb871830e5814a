/// What evaluation carries from one day to the next for one user: streak states, history
/// sums and windows, unlocked badges. Its size does not grow with the history: a daily step
/// on ten years costs what it costs on one day. The state file persists it.
public struct CountedState: Sendable, Equatable {
  /// Running sums of `total(x)`, by aggregate (ints and numbers kept apart).
  public var intSums: [Int]
  public var numSums: [Double]
  /// The last `n` values of each `last(n, x)`, as a ring (nil for totals).
  public var windows: [Window?]
  public var streaks: [StreakState]
  /// The day each badge unlocked (`CalendarDay.number`), or nil.
  public var unlocked: [Int?]
  public var badgeCount: Int
  public var badgeXP: Int
  /// The last day whose record is counted in the sums and streaks.
  public var countedThrough: Int?
  /// The last day a check was made (progressive groups unlock at most one badge per check).
  public var lastCheck: Int?
  /// The day `day` counts from when the history has no start: its first day.
  public var origin: Int?

  /// A new user's state for `catalog`.
  public init(for catalog: ValidatedCatalog) {
    let count = catalog.aggregates.count
    intSums = Array(repeating: 0, count: count)
    numSums = Array(repeating: 0, count: count)
    windows = catalog.aggregates.map { aggregate in
      guard case .last(let days) = aggregate.kind else { return nil }
      return Window(days: days)
    }
    streaks = Array(repeating: StreakState(), count: catalog.streaks.count)
    unlocked = Array(repeating: nil, count: catalog.badges.count)
    badgeCount = 0
    badgeXP = 0
  }
}

/// One streak's state at the end of a counted day.
public struct StreakState: Sendable, Equatable {
  public var current = 0
  public var best = 0
  public var freezes = 0
  /// Counted days towards the next freeze.
  public var progress = 0
  /// An elapsed streak's Day 0 (a day number), once it is running.
  public var anchor: Int?

  public init(current: Int = 0, best: Int = 0, freezes: Int = 0, progress: Int = 0, anchor: Int? = nil) {
    self.current = current
    self.best = best
    self.freezes = freezes
    self.progress = progress
    self.anchor = anchor
  }
}

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
