import Hummingbird
import RulesSite

/// `serve --request-timeout`: a request not answered within the limit (from its head) is
/// answered 503 `timeout`, and its work is cancelled: the handler's task is, so a store call
/// it waits for lets go at once (its transaction finishes or fails by itself in the background,
/// never half, as after the store timeout) and a long computation (a candidate's impact over
/// every user) stops at its next check. A console page gets the same answer as a page.
struct RequestTimeoutMiddleware<Context: RequestContext>: RouterMiddleware {
  let limit: Duration
  /// The answer for a console page (HTML), else nil: the API's JSON error.
  let page: @Sendable (Request) -> Response?

  /// What a request that ran out of time is told.
  static func error(_ limit: Duration) -> APIError {
    APIError(
      .serviceUnavailable, "timeout",
      "the request was not answered within \(Self.seconds(limit)) (the server's --request-timeout); its work was stopped: try again later"
    )
  }

  static func seconds(_ limit: Duration) -> String {
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    try await withoutActuallyEscaping(next) { next in
      let handler = Handler(next: next)
      return try await withThrowingTaskGroup(of: Response?.self) { group in
        group.addTask { try await handler.next(request, context) }
        group.addTask {
          try? await Task.sleep(for: limit)
          return nil
        }
        defer { group.cancelAll() }
        // The first to end: the answer, or the timer (nil).
        if let answer = try await group.next(), let response = answer { return response }
        group.cancelAll()
        context.logger.warning("request timed out", metadata: ["limit": "\(Self.seconds(limit))"])
        if let page = page(request) { return page }
        throw Self.error(limit)
      }
    }
  }

  /// The handler, sent to the task that runs it; the task group ends before the middleware
  /// returns, so it never outlives its caller.
  private struct Handler: @unchecked Sendable {
    let next: (Request, Context) async throws -> Response
  }
}
