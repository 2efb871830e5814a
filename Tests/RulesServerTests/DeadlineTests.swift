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

  @Test func workThatHangsIsAnsweredByTheTimeoutAndItsLateFailureIsTold() async throws {
    let late = LateFailures()
    let began = ContinuousClock.now
    await #expect(throws: TimedOut.self) {
      try await Deadline.run(
        within: .milliseconds(300), onTimeout: { TimedOut() }, onLateFailure: { late.add($0) },
        {
          try? await Task.sleep(for: .seconds(3))
          throw Failed()
        })
    }
    let waited = ContinuousClock.now - began
    #expect(waited >= .milliseconds(300) && waited < .seconds(2.5))
    #expect(late.count == 0)
    try await Task.sleep(for: .seconds(4))
    #expect(late.kinds == ["Failed"])
  }

  @Test func anEarlierDeadlineWakesTheTimerWaitingForALaterOne() async throws {
    // A long deadline first: the timer sleeps until it; a short one after must still fire first.
    // Were the timer not woken, the short call's work (5 s) would end before the long deadline
    // (6 s) and answer without a timeout; the bound below leaves a loaded machine seconds of room.
    async let long: Void = {
      _ = try? await Deadline.run(
        within: .seconds(6), onTimeout: { TimedOut() }, { try? await Task.sleep(for: .seconds(6.5)) })
    }()
    try await Task.sleep(for: .milliseconds(100))
    let began = ContinuousClock.now
    await #expect(throws: TimedOut.self) {
      try await Deadline.run(
        within: .milliseconds(200), onTimeout: { TimedOut() }, { try? await Task.sleep(for: .seconds(5)) })
    }
    #expect(ContinuousClock.now - began < .seconds(4))
    await long
  }
}

/// Errors told from another thread, in order.
final class LateFailures: @unchecked Sendable {
  private let lock = NSLock()
  private var errors: [any Error] = []
  func add(_ error: any Error) { lock.withLock { errors.append(error) } }
  var count: Int { lock.withLock { errors.count } }
  var kinds: [String] { lock.withLock { errors.map { "\(type(of: $0))" } } }
}
