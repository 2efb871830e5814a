import Synchronization

/// Runs work that may hang (a store call while the database is unreachable) with a deadline:
/// the caller gets `onTimeout`'s error when the work has not finished in time, and the work
/// goes on in the background until it ends or fails by itself (the store's own timeouts end
/// it; what it would have saved is saved then or not at all, never half). The deadlines share
/// one thread (`DeadlineTimer`).
enum Deadline {
  /// A continuation resumed once, by whichever of the work and the timer is first.
  private final class Answer<R: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<R, any Error>?>

    init(_ continuation: CheckedContinuation<R, any Error>) {
      self.continuation = Mutex(continuation)
    }

    /// Resumes the caller with `result`; false when it was resumed already.
    @discardableResult
    func give(_ result: Result<R, any Error>) -> Bool {
      let waiting = continuation.withLock { continuation in
        defer { continuation = nil }
        return continuation
      }
      waiting?.resume(with: result)
      return waiting != nil
    }
  }

  /// `onLateFailure` gets the error of work that fails after the caller got `onTimeout`'s
  /// (for the log: the caller's answer no longer says why).
  static func run<R: Sendable>(
    within limit: Duration, onTimeout: @escaping @Sendable () -> any Error,
    onLateFailure: @escaping @Sendable (any Error) -> Void = { _ in },
    _ work: @escaping @Sendable () async throws -> R
  ) async throws -> R {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
      let answer = Answer(continuation)
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
  }
}
