import Synchronization

/// Runs work that may hang (a store call while the database is unreachable) with a deadline:
/// the caller gets `onTimeout`'s error when the work has not finished in time, and the work
/// goes on in the background until it ends or fails by itself (the store's own timeouts end
/// it; what it would have saved is saved then or not at all, never half). A caller that is
/// cancelled (a request past `--request-timeout`) stops waiting at once the same way, with
/// `CancellationError`. The deadlines share one thread (`DeadlineTimer`).
enum Deadline {
  /// The caller's continuation, resumed once: by whichever of the work, the timer and the
  /// caller's cancellation is first.
  private final class Answer<R: Sendable>: Sendable {
    private enum State {
      /// The caller has not started waiting yet.
      case starting
      case waiting(CheckedContinuation<R, any Error>)
      /// Answered (before the caller waited: with this result).
      case given(Result<R, any Error>?)
    }

    private let state = Mutex(State.starting)

    /// Waits with `continuation`; false when the answer was given before (the caller was
    /// cancelled): `continuation` is resumed with it, and the work is not to start.
    func wait(_ continuation: CheckedContinuation<R, any Error>) -> Bool {
      let early: Result<R, any Error>? = state.withLock { state in
        guard case .given(let result) = state else {
          state = .waiting(continuation)
          return nil
        }
        state = .given(nil)
        return result
      }
      guard let early else { return true }
      continuation.resume(with: early)
      return false
    }

    /// Resumes the caller with `result`; false when it was resumed already.
    @discardableResult
    func give(_ result: Result<R, any Error>) -> Bool {
      let waiting: CheckedContinuation<R, any Error>?? = state.withLock { state in
        switch state {
        case .starting:
          state = .given(result)
          return .some(nil)
        case .waiting(let continuation):
          state = .given(nil)
          return .some(continuation)
        case .given: return nil
        }
      }
      guard let waiting else { return false }
      waiting?.resume(with: result)
      return true
    }
  }

  /// The value of `work`, which runs in a task of its own: a caller that is cancelled stops
  /// waiting at once (`CancellationError`) while the work goes on to its end (a reload).
  static func awaiting<R: Sendable>(_ work: @escaping @Sendable () async -> R) async throws -> R {
    let answer = Answer<R>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
        guard answer.wait(continuation) else { return }
        Task { answer.give(.success(await work())) }
      }
    } onCancel: {
      answer.give(.failure(CancellationError()))
    }
  }

  /// `onLateFailure` gets the error of work that fails after the caller got `onTimeout`'s
  /// (for the log: the caller's answer no longer says why).
  static func run<R: Sendable>(
    within limit: Duration, onTimeout: @escaping @Sendable () -> any Error,
    onLateFailure: @escaping @Sendable (any Error) -> Void = { _ in },
    _ work: @escaping @Sendable () async throws -> R
  ) async throws -> R {
    let answer = Answer<R>()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
        guard answer.wait(continuation) else { return }
        let timer = DeadlineTimer.shared.schedule(at: .now + limit) { answer.give(.failure(onTimeout())) }
        Task {
          let result: Result<R, any Error>
          do {
            result = .success(try await work())
          } catch {
            result = .failure(error)
          }
          DeadlineTimer.shared.cancel(timer)
          if !answer.give(result), case .failure(let error) = result { onLateFailure(error) }
        }
      }
    } onCancel: {
      answer.give(.failure(CancellationError()))
    }
  }
}
