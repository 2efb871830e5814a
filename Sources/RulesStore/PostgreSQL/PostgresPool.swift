import Foundation
import Logging
import PostgresNIO
import Synchronization

/// PostgresNIO's connection pool, renewed after an outage. While it cannot connect, the pool
/// backs off up to a minute between attempts and, after a minute of failures, answers every
/// request with `connectionCreationCircuitBreakerTripped` until its next attempt: a database
/// back after an outage would go unused for up to a minute more. A request that meets that
/// answer has the pool tried with one connection of its own (at most once a second); when the
/// database answers, a new pool takes over at once and the old one is shut down.
final class PostgresPool: Sendable {
  private struct Current {
    var client: PostgresClient
    var runner: Task<Void, Never>
    var lastTry: ContinuousClock.Instant?
    var renewing = false
  }

  let configuration: PostgresClient.Configuration
  let probe: PostgresConnection.Configuration
  let logger: Logger
  private let current: Mutex<Current>

  init(configuration: PostgresClient.Configuration, probe: PostgresConnection.Configuration, logger: Logger) {
    self.configuration = configuration
    self.probe = probe
    self.logger = logger
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    current = Mutex(Current(client: client, runner: Task { await client.run() }))
  }

  /// The pool to use now.
  var client: PostgresClient { current.withLock { $0.client } }

  /// Tries one connection of its own; the error that says why it cannot connect, or nil.
  func connectionProblem() async -> (any Error)? {
    do {
      let connection = try await PostgresConnection.connect(configuration: probe, id: 0, logger: logger)
      try await connection.close()
      return nil
    } catch {
      return error
    }
  }

  /// Whether `error` says the pool has given up connecting (its circuit breaker is open).
  /// (The pool's error type is not public: it is known by its name.)
  static func poolGaveUp(_ error: any Error) -> Bool {
    if let error = error as? PSQLError, let underlying = error.underlying { return poolGaveUp(underlying) }
    return String(reflecting: error).contains("CircuitBreakerTripped")
  }

  /// After an error that says the pool gave up: a new pool when the database answers again.
  func renewIfGaveUp(after error: any Error) async {
    guard Self.poolGaveUp(error) else { return }
    let now = ContinuousClock.now
    let mine = current.withLock { current -> Bool in
      if current.renewing { return false }
      if let last = current.lastTry, now - last < .seconds(1) { return false }
      current.renewing = true
      current.lastTry = now
      return true
    }
    guard mine else { return }
    let problem = await connectionProblem()
    let old: Task<Void, Never>? = current.withLock { current in
      current.renewing = false
      guard problem == nil else { return nil }
      let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
      let old = current.runner
      current.client = client
      current.runner = Task { await client.run() }
      return old
    }
    if let old {
      logger.error("the PostgreSQL store answers again; its connection pool is renewed")
      old.cancel()
    }
  }

  /// Shuts the pool down.
  func close() async {
    let runner = current.withLock { $0.runner }
    runner.cancel()
    _ = await runner.value
  }
}
