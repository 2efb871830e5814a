@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One streak's state at the end of a counted day.
///
/// Six words, as before it kept runs and protected days: the daily step copies it for every
/// streak of every user-day, so the two days are stored as plain integers (`Self.noDay` for
/// none) and read as optionals.
@_spi(CompiledDay) public struct StreakState: Sendable, Equatable {
  /// Days in the streak.
  @_spi(CompiledDay) public var current = 0
  /// The longest the streak has been.
  @_spi(CompiledDay) public var best = 0
  /// Freezes saved up.
  @_spi(CompiledDay) public var freezes = 0
  /// Counted days towards the next freeze.
  @_spi(CompiledDay) public var progress = 0
  /// `anchor`'s day number, or `noDay`.
  @usableFromInline var runStart = StreakState.noDay
  /// `lastProtected`'s day number, or `noDay`.
  @usableFromInline var protectedDay = StreakState.noDay

  /// The stored value of a day that is not there (no real day number is this small).
  @usableFromInline static let noDay = Int.min

  /// The day (a day number) the current run began: an elapsed streak's Day 0, once it is
  /// running; a consecutive streak's first counted day, while its current value is above 0.
  @inlinable @_spi(CompiledDay) public var anchor: Int? {
    get { runStart == Self.noDay ? nil : runStart }
    set { runStart = newValue ?? Self.noDay }
  }

  /// The latest day (a day number) a freeze covered, or nil.
  @inlinable @_spi(CompiledDay) public var lastProtected: Int? {
    get { protectedDay == Self.noDay ? nil : protectedDay }
    set { protectedDay = newValue ?? Self.noDay }
  }

  /// A streak's state.
  @_spi(CompiledDay) public init(
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

extension StreakState {
  /// A counted day of a consecutive streak: the first counted day of a run is where it
  /// began; a streak with freezes (`earnEvery` > 0) earns one every `earnEvery` counted days,
  /// at most `maxFreezes` held (support's grants may hold more; none is earned then). The
  /// bytecode's `consecutive` step and generated days (`CompiledDay`) both count through here.
  /// With `maxDays` the streak stops at that many days (an app that keeps only its last
  /// `maxDays` days of activity cannot count further back).
  @inlinable @inline(__always)
  @_spi(CompiledDay) public mutating func count(on day: Int, earnEvery: Int, maxFreezes: Int, maxDays: Int = .max) {
    if current == 0 { runStart = day }
    current = Swift.min(maxDays, Arithmetic.add(current, 1))
    if current > best { best = current }
    if earnEvery > 0 {
      progress += 1
      if progress >= earnEvery {
        progress = 0
        // Granted freezes may hold more than the cap; earned ones stop there.
        if freezes < maxFreezes { freezes += 1 }
      }
    }
  }

  /// A day that breaks a consecutive streak: a freeze is used up (the day is protected), or
  /// the streak goes back to 0 (and its run has no start). The counted days towards the next
  /// freeze start again, unless `keepsProgress` (freezes earned by counted days overall).
  @inlinable @inline(__always)
  @_spi(CompiledDay) public mutating func breakOrProtect(on day: Int, keepsProgress: Bool = false) {
    if freezes > 0 {
      freezes -= 1
      protectedDay = day
    } else {
      current = 0
      if !keepsProgress { progress = 0 }
      runStart = Self.noDay
    }
  }

  /// An elapsed streak's day: the days since its Day 0 (the history's `start`, else, unless
  /// the streak needs a start, the state's `origin` or the day itself; a later start is a new
  /// Day 0), and `resets` makes the day a new Day 0. A day before the start is before the
  /// commitment: the streak is 0 and a reset that day starts nothing (ImanPath: "no commitment
  /// = no locks"). Returns whether the streak moved forward.
  @inlinable @inline(__always)
  @discardableResult
  @_spi(CompiledDay) public mutating func elapse(to day: Int, start: Int?, origin: Int?, needsStart: Bool, resets: Bool)
    -> Bool
  {
    if anchor == nil {
      anchor = start ?? (needsStart ? nil : (origin ?? day))
    } else if let start, let anchor, anchor < start {
      self.anchor = start  // a later start (a new commitment) is a new Day 0
    }
    guard let anchor else {
      current = 0
      return false
    }
    if let start, day < start {
      current = 0
      return false
    }
    if resets { self.anchor = day }
    let elapsed = day - (self.anchor ?? anchor)
    current = Swift.max(0, elapsed)
    best = Swift.max(best, current)
    return elapsed > 0
  }
}
