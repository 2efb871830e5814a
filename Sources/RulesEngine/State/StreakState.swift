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
  /// The day (a day number) the current run began: an elapsed streak's Day 0, once it is
  /// running; a consecutive streak's first counted day, while its current value is above 0.
  public var anchor: Int?
  /// The latest day (a day number) a freeze covered, or nil.
  public var lastProtected: Int?

  /// A streak's state.
  public init(
    current: Int = 0, best: Int = 0, freezes: Int = 0, progress: Int = 0, anchor: Int? = nil,
    lastProtected: Int? = nil
  ) {
    self.current = current
    self.best = best
    self.freezes = freezes
    self.progress = progress
    self.anchor = anchor
    self.lastProtected = lastProtected
  }
}
