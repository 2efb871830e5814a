import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// A rizq app's backend calls, through the client swift-openapi-generator made from the document
// the server serves (Sources/RizqClient/openapi.json): it puts three days of a user and reads
// their progress, every field typed (the streaks and metrics by name, badge ids as an enum).
//
//   swift run RizqClient URL [TOKEN]   # e.g. http://127.0.0.1:8080 and the admin token

/// `Authorization: Bearer TOKEN` on every request (the document's `adminToken` and `userToken`).
struct BearerToken: ClientMiddleware {
  let token: String

  func intercept(
    _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
    next: (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    request.headerFields[.authorization] = "Bearer \(token)"
    return try await next(request, body, baseURL)
  }
}

struct Failure: Error, CustomStringConvertible {
  var description: String
}

let arguments = CommandLine.arguments.dropFirst()
guard let address = arguments.first, let serverURL = URL(string: address) else {
  FileHandle.standardError.write(Data("usage: RizqClient URL [TOKEN]\n".utf8))
  exit(2)
}
let client = Client(
  serverURL: serverURL, transport: URLSessionTransport(),
  middlewares: arguments.dropFirst().first.map { [BearerToken(token: $0)] } ?? [])
let user = "typed-client"

do {
  // Three days of duas and habits, each answered with the user's evaluation as of that day.
  var answered: Components.Schemas.EvaluationRizq?
  for date in ["2026-01-05", "2026-01-06", "2026-01-07"] {
    let day = Components.Schemas.DayRizq(duasCompleted: 5, habitsCompleted: 4, habitsTotal: 4)
    switch try await client.putDay(path: .init(user: user, date: date), body: .json(day)) {
    case .ok(let ok): answered = try ok.body.json
    case .badRequest(let bad): throw Failure(description: "PUT \(date): 400 \(try bad.body.json.error.message)")
    default: throw Failure(description: "PUT \(date): an answer the document does not expect")
    }
  }

  // The progress as the store keeps it, read back.
  let progress: Components.Schemas.EvaluationRizq
  switch try await client.getProgress(path: .init(user: user), query: .init(date: "2026-01-07")) {
  case .ok(let ok): progress = try ok.body.json
  default: throw Failure(description: "GET progress: an answer the document does not expect")
  }
  let streak = progress.streaks.streak
  print("\(progress.catalog.rawValue) \(progress.user ?? user) as of \(progress.date)")
  print("  streak: \(streak.current) (best \(streak.best), freezes \(streak.freezes))")
  print(
    "  perfect: \(progress.streaks.perfect.current), total duas: \(progress.metrics.totalDuas), xp: \(progress.metrics.xp)"
  )
  let unlocked = progress.badges.unlocked.map { "\($0.id.rawValue) (\($0.date))" }
  print("  unlocked: \(unlocked.isEmpty ? "none" : unlocked.joined(separator: ", "))")
  print("  next locked: \(progress.badges.locked.first.map(\.id.rawValue) ?? "none")")

  // The day's answer and the progress are one evaluation of the same days.
  guard let answered, answered.streaks == progress.streaks, answered.badges.unlocked == progress.badges.unlocked
  else {
    throw Failure(description: "the last PUT's answer and GET progress differ")
  }
  guard streak.current == 3, progress.metrics.totalDuas == 15 else {
    throw Failure(description: "three days of 5 duas: expected a streak of 3 and 15 duas")
  }
} catch {
  FileHandle.standardError.write(Data("RizqClient: \(error)\n".utf8))
  exit(1)
}
