/// One streak's state at the end of a counted day.
///
/// Six words, as before it kept runs and protected days: the daily step copies it for every
/// streak of every user-day, so the two days are stored as plain integers (`Self.noDay` for
/// none) and read as optionals.
public struct StreakState: Sendable, Equatable {
  /// Days in the streak.
  public var current = 0
  /// The longest the streak has been.
  public var best = 0
  /// Freezes saved up.
  public var freezes = 0
  /// Counted days towards the next freeze.
  public var progress = 0
  /// `anchor`'s day number, or `noDay`.
  var runStart = StreakState.noDay
  /// `lastProtected`'s day number, or `noDay`.
  var protectedDay = StreakState.noDay

  /// The stored value of a day that is not there (no real day number is this small).
  static let noDay = Int.min

  /// The day (a day number) the current run began: an elapsed streak's Day 0, once it is
  /// running; a consecutive streak's first counted day, while its current value is above 0.
  public var anchor: Int? {
    get { runStart == Self.noDay ? nil : runStart }
    set { runStart = newValue ?? Self.noDay }
  }

  /// The latest day (a day number) a freeze covered, or nil.
  public var lastProtected: Int? {
    get { protectedDay == Self.noDay ? nil : protectedDay }
    set { protectedDay = newValue ?? Self.noDay }
  }

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
