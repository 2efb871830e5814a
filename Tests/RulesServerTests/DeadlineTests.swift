import Foundation
import Testing

@testable import RulesServer

/// The store calls' deadlines (`Deadline`, on the shared `DeadlineTimer`): work that ends in
/// time answers, work that hangs is answered by the timeout in about its limit, and a
/// finished call leaves no deadline behind.
@Suite(.serialized) struct DeadlineTests {
  struct TimedOut: Error {}
  struct Failed: Error {}

  @Test func workThatEndsInTimeAnswers() async throws {
    let answers = try await withThrowingTaskGroup(of: Int.self) { group in
      for value in 0..<200 {
        group.addTask {
          try await Deadline.run(within: .seconds(30), onTimeout: { TimedOut() }, { value * 2 })
        }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    #expect(answers.sorted() == (0..<200).map { $0 * 2 })
  }

  @Test func aCancelledDeadlineDoesNotFireAndAnotherDoes() async throws {
    let fired = LateFailures()
    let cancelled = DeadlineTimer.shared.schedule(at: .now + .milliseconds(200)) { fired.add(TimedOut()) }
    _ = DeadlineTimer.shared.schedule(at: .now + .milliseconds(250)) { fired.add(Failed()) }
    DeadlineTimer.shared.cancel(cancelled)
    try await Task.sleep(for: .seconds(1.5))
    #expect(fired.kinds == ["Failed"])
  }

  // The hanging work waits on a gate the test opens, not on a clock: under the full suite a
  // loaded machine resumed a task seconds late, and a race between two sleeps then failed.
  // A watchdog opens a gate after 30 s, so a deadline that never fires fails the test (the
  // work then ends without a timeout) instead of hanging it.

  @Test func workThatHangsIsAnsweredByTheTimeoutAndItsLateFailureIsTold() async throws {
    let late = LateFailures()
    let gate = Gate()
    let watchdog = Task {
      guard (try? await Task.sleep(for: .seconds(30))) != nil else { return }  // cancelled: the test went on
      gate.open()
    }
    let began = ContinuousClock.now
    await #expect(throws: TimedOut.self) {
      try await Deadline.run(
        within: .milliseconds(300), onTimeout: { TimedOut() }, onLateFailure: { late.add($0) },
        {
          await gate.wait()
          throw Failed()
        })
    }
    watchdog.cancel()
    #expect(ContinuousClock.now - began >= .milliseconds(300))
    #expect(late.count == 0)
    gate.open()
    let giveUp = ContinuousClock.now + .seconds(30)
    while late.count == 0, ContinuousClock.now < giveUp { try await Task.sleep(for: .milliseconds(20)) }
    #expect(late.kinds == ["Failed"])
  }

  @Test func anEarlierDeadlineWakesTheTimerWaitingForALaterOne() async throws {
    // A long deadline first: the timer sleeps until it (60 s); a short one after must still
    // fire first. Were the timer not woken, the watchdog would end the short call's work at
    // 30 s, before any timeout.
    let (longGate, shortGate) = (Gate(), Gate())
    async let long: Void = {
      _ = try? await Deadline.run(within: .seconds(60), onTimeout: { TimedOut() }, { await longGate.wait() })
    }()
    try await Task.sleep(for: .milliseconds(100))
    let watchdog = Task {
      guard (try? await Task.sleep(for: .seconds(30))) != nil else { return }  // cancelled: the test went on
      shortGate.open()
    }
    await #expect(throws: TimedOut.self) {
      try await Deadline.run(within: .milliseconds(200), onTimeout: { TimedOut() }, { await shortGate.wait() })
    }
    watchdog.cancel()
    shortGate.open()
    longGate.open()
    await long
  }
}

/// Work that ends when the test opens the gate (one waiter).
final class Gate: Sendable {
  private let stream: AsyncStream<Void>
  private let continuation: AsyncStream<Void>.Continuation

  init() { (stream, continuation) = AsyncStream.makeStream() }

  /// Returns once the gate is open.
  func wait() async {
    for await _ in stream {}
  }

  func open() { continuation.finish() }
}

/// Errors told from another thread, in order.
final class LateFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [any Error] = []
  func add(_ error: any Error) { lock.withLock { errors.append(error) } }
  var count: Int { lock.withLock { errors.count } }
  var kinds: [String] { lock.withLock { errors.map { "\(type(of: $0))" } } }
}
