import Foundation

/// Every pending deadline of the process on one thread. A deadline costs its caller a lock and
/// a dictionary entry, where a sleeping task a call cost a task, a dispatch timer and a wake-up
/// of the cancelled sleep.
///
/// The thread sleeps until the earliest deadline it knows and is woken by `schedule` only when
/// a new deadline comes before that (with one timeout for every call, only after it found
/// nothing pending). A cancelled deadline stays asleep where it was: the thread finds it gone.
final class DeadlineTimer: @unchecked Sendable {
  /// The process's timer (its thread starts with the first deadline).
  static let shared = DeadlineTimer()

  private struct Entry {
    let at: ContinuousClock.Instant
    let fire: @Sendable () -> Void
  }

  // Guarded by `condition`.
  private let condition = NSCondition()
  private var pending: [UInt64: Entry] = [:]
  private var last: UInt64 = 0
  /// When the thread will look next; nil while it waits for a signal.
  private var wake: ContinuousClock.Instant?
  private var started = false

  /// Calls `fire` on the timer's thread at `at`, unless `cancel` is called with the returned
  /// key before. `fire` must be quick (it holds up the deadlines after it).
  func schedule(at: ContinuousClock.Instant, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
    condition.lock()
    defer { condition.unlock() }
    last += 1
    pending[last] = Entry(at: at, fire: fire)
    if !started {
      started = true
      let thread = Thread { [self] in run() }
      thread.name = "rules-deadlines"
      thread.start()
    } else if wake.map({ at < $0 }) ?? true {
      condition.signal()
    }
    return last
  }

  /// The deadline `key` will not fire (nothing when it fired already).
  func cancel(_ key: UInt64) {
    condition.lock()
    pending[key] = nil
    condition.unlock()
  }

  private func run() {
    condition.lock()
    while true {
      let now = ContinuousClock.now
      var due: [@Sendable () -> Void] = []
      var earliest: ContinuousClock.Instant?
      for (key, entry) in pending {
        if entry.at <= now {
          due.append(entry.fire)
          pending[key] = nil
        } else if earliest.map({ entry.at < $0 }) ?? true {
          earliest = entry.at
        }
      }
      if !due.isEmpty {
        condition.unlock()
        for fire in due { fire() }
        condition.lock()
        continue
      }
      wake = earliest
      if let earliest {
        _ = condition.wait(until: Date(timeIntervalSinceNow: (earliest - now) / .seconds(1)))
      } else {
        condition.wait()
      }
    }
  }
}
