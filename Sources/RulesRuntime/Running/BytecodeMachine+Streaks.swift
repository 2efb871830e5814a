/// The streaks' operations: a day counted, skipped, broken or elapsed, and the breaks a day in
/// progress deferred.
extension BytecodeMachine {
  /// A consecutive streak's day: it counts, it is skipped, or it breaks (a freeze is used
  /// up first; a day in progress defers the break unless the streak's day is final). A
  /// paused day of a `pausable` streak is skipped, whatever it holds; a day a restore covers
  /// counts if it counts, else is skipped (it does not break).
  @inline(__always)
  func consecutive(_ index: Int, counts: Bool, skips: Bool) {
    let rule = rules + index
    var counts = counts
    var skips = skips
    if adjusted {
      if paused && rule.pointee.pausable {
        counts = false
        skips = true
      } else if anyCovered && (covered[index] || (repaired[index] && previous[index].freezes == 0)) {
        // A restore covers the day; a repair covers it when it breaks the streak (a freeze
        // that covers it is used as on any other day).
        skips = true
      }
    }
    let streak = pending + index
    streak.pointee = previous[index]
    moved[index] = counts
    deferred[index] = false
    if counts {
      streak.pointee.count(
        on: day, earnEvery: rule.pointee.earnEvery, maxFreezes: rule.pointee.maxFreezes, maxDays: rule.pointee.maxDays)
    } else if !skips {
      if inProgress && !rule.pointee.isFinal {
        deferredBreak = true
        deferred[index] = true
      } else {
        streak.pointee.breakOrProtect(on: day, keepsProgress: rule.pointee.keepsProgress)
      }
    }
    publish(index)
  }

  /// Puts a streak's fields as the day leaves them in the frame.
  @inline(__always)
  func publish(_ index: Int) {
    let rule = rules + index
    let streak = pending + index
    ints[rule.pointee.current] = streak.pointee.current
    ints[rule.pointee.best] = streak.pointee.best
    ints[rule.pointee.freezes] = streak.pointee.freezes
  }

  /// The day run in progress, finished: the breaks it deferred happen (what running it again
  /// with `inProgress` false gives, when nothing but the streaks can differ).
  func applyDeferredBreaks() {
    for index in 0..<streakCount where deferred[index] {
      deferred[index] = false
      pending[index].breakOrProtect(on: day, keepsProgress: rules[index].keepsProgress)
      publish(index)
    }
    inProgress = false
    deferredBreak = false
  }

  /// An elapsed streak's day: the days since its Day 0 (the start, or the last reset).
  func elapsed(_ index: Int, resets: Bool) {
    let rule = rules[index]
    var streak = previous[index]
    moved[index] = streak.elapse(to: day, start: start, origin: origin, needsStart: rule.needsStart, resets: resets)
    pending[index] = streak
    ints[rule.current] = streak.current
    ints[rule.best] = streak.best
    ints[rule.freezes] = 0
  }
}
