import HTTPTypes

/// A request the API refuses, and its exact answer: the status, the error's code and message
/// (`{"error": {"code": ..., "message": ...}}`) and the headers that go with it.
struct Refusal: Sendable, CustomStringConvertible {
  /// What is wrong with the request, for a failure's message.
  let what: String
  let call: RouteCall
  let status: Int
  let code: String
  /// The error's message, exactly.
  let message: String
  /// Headers the answer must carry (`Allow`, `WWW-Authenticate`).
  var headers: [String: String] = [:]

  init(
    _ what: String, _ call: RouteCall, _ status: Int, _ code: String, _ message: String,
    headers: [String: String] = [:]
  ) {
    self.what = what
    self.call = call
    self.status = status
    self.code = code
    self.message = message
    self.headers = headers
  }

  var description: String { "\(what): \(call)" }

  /// Whether `actual` is the message: exactly, but for `{n}`, which stands for a whole number
  /// that changes from run to run (seconds, a column).
  func matches(_ actual: String) -> Bool {
    let parts = message.components(separatedBy: "{n}")
    var rest = Substring(actual)
    for (index, part) in parts.enumerated() {
      if index > 0 {
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        if digits.isEmpty { return false }
        rest = rest.dropFirst(digits.count)
      }
      guard rest.hasPrefix(part) else { return false }
      rest = rest.dropFirst(part.count)
    }
    return rest.isEmpty
  }
}
