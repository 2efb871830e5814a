/// One streak's state at the end of a counted day.
public struct StreakState: Sendable, Equatable {
  /// Days in the streak.
  public var current = 0
  /// The longest the streak has been.
  public var best = 0
  /// Freezes saved up.
  public var freezes = 0
  /// Counted days towards the next freeze.
  public var progress = 0
  /// An elapsed streak's Day 0 (a day number), once it is running.
  public var anchor: Int?

  /// A streak's state.
  public init(current: Int = 0, best: Int = 0, freezes: Int = 0, progress: Int = 0, anchor: Int? = nil) {
    self.current = current
    self.best = best
    self.freezes = freezes
    self.progress = progress
    self.anchor = anchor
  }
}
