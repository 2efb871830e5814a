import Foundation
import Hummingbird
import Logging

/// Every answer carries `X-Request-Id`: the client's when it is sane (1 to 64 letters, digits
/// and `-._:`), else a new one. The id is the `hb.request.id` of every log line of the request.
struct RequestIDMiddleware: RouterMiddleware {
  typealias Context = APIRequestContext

  static let header = HTTPFields.Element.Name("X-Request-Id")!
  static let maxLength = 64

  /// The client's id when it may go into an answer and a log line as it is, else nil.
  static func sanitized(_ given: String?) -> String? {
    guard let given, (1...maxLength).contains(given.utf8.count) else { return nil }
    let allowed = given.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: ":"):
        return true
      default: return false
      }
    }
    return allowed ? given : nil
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
    -> Response
  {
    let id = Self.sanitized(request.headers[Self.header]) ?? UUID().uuidString.lowercased()
    var context = context
    // Hummingbird's own id (a counter) gives way, so each line has one id: the client's.
    context.logger[metadataKey: "hb.request.id"] = .string(id)
    var response: Response
    do {
      response = try await next(request, context)
    } catch let error as any HTTPResponseError {
      response = try error.response(from: request, context: context)
    }
    response.headers[Self.header] = id
    return response
  }
}
