import Foundation
import Hummingbird
import RulesBackend
import RulesStore
import Synchronization

/// The store's last failed write, for readiness: a store that answers reads but fails every
/// write (SQLite's disk full, a read-only file or database, a trigger that refuses) is not
/// ready. `GET /readyz` answers 503 for `window` after a write failed, or until a write succeeds.
final class WriteFailures: Sendable {
  static let window: Duration = .seconds(30)

  private let last = Mutex<(at: ContinuousClock.Instant, error: String)?>(nil)

  func failed(_ error: String) {
    last.withLock { $0 = (ContinuousClock.now, error) }
  }

  func succeeded() {
    last.withLock { $0 = nil }
  }

  /// The whole seconds since the last failed write, when it is within the window and no write has succeeded since.
  var recent: Int? {
    last.withLock { last in
      guard let at = last?.at else { return nil }
      let elapsed = ContinuousClock.now - at
      return elapsed < Self.window ? Int(elapsed.components.seconds) : nil
    }
  }
}

/// What an evaluation inside a write threw (the catalog cannot read a stored state): the
/// request's or the catalog's trouble, not the store's, so it does not make the server unready.
struct EvaluationFailure: Error {
  var underlying: any Error
}

extension HTTPAPI {
  /// `stored(work)` for a call that writes: its failure (not its evaluation's) is remembered for
  /// `/readyz` (`WriteFailures`), its success clears it.
  func written<R: Sendable>(_ work: @escaping @Sendable () async throws -> R) async throws -> R {
    let failures = writeFailures
    do {
      return try await stored {
        do {
          let result = try await work()
          failures.succeeded()
          return result
        } catch let error as EvaluationFailure {
          throw error
        } catch {
          failures.failed(StoreError.text(error))
          throw error
        }
      }
    } catch let error as EvaluationFailure {
      throw error.underlying
    }
  }

  /// `body`, whose error is an `EvaluationFailure` (see `written`); but `NeedsAllDays`, which
  /// asks the store for every day, goes to the store as it is.
  static func evaluating<R>(_ body: () throws -> R) throws -> R {
    do {
      return try body()
    } catch let error as NeedsAllDays {
      throw error
    } catch {
      throw EvaluationFailure(underlying: error)
    }
  }

  /// 503 while a write failed recently (`WriteFailures`).
  func checkWrites() throws {
    guard let seconds = writeFailures.recent else { return }
    throw APIError(
      .serviceUnavailable, "store-unavailable",
      "a write to the store failed \(seconds) s ago; ready again once a write succeeds, or \(WriteFailures.window.components.seconds) s after the last failed one"
    )
  }
}
