import Foundation
import Hummingbird

/// A form's fields as a browser sends them (`application/x-www-form-urlencoded`: `+` a space,
/// `%XX` a byte), from a request's body or query. A field given twice keeps its first value.
struct ConsoleForm: Sendable {
  var fields: [String: String]

  subscript(_ name: String) -> String? { fields[name] }

  init(_ text: Substring) {
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&") {
      let name = pair.prefix { $0 != "=" }
      let value = pair.dropFirst(name.count + 1)
      guard let key = Self.decoded(name), fields[key] == nil else { continue }
      fields[key] = Self.decoded(value) ?? ""
    }
    self.fields = fields
  }

  /// The query of `request` as a form (a GET form's fields).
  static func query(_ request: Request) -> ConsoleForm {
    ConsoleForm(request.uri.query.map { Substring($0) } ?? "")
  }

  /// The body of `request` as a form (at most `limit` bytes; the console's gate has collected
  /// it already on the routes it guards).
  static func body(_ request: Request, limit: Int) async throws -> ConsoleForm {
    let buffer = try await request.body.collect(upTo: limit)
    return ConsoleForm(Substring(String(buffer: buffer)))
  }

  private static func decoded(_ text: Substring) -> String? {
    String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}
