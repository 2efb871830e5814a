import Foundation
import Hummingbird
import HummingbirdCore

/// The checks every text parameter of a request passes before a handler reads it: no NUL
/// (PostgreSQL refuses it in text, SQLite would keep it; 400 on both), and a query value is
/// validly percent-encoded UTF-8 (Hummingbird would read `%FF` as U+FFFD).
extension HTTPAPI {
  /// Why `raw` (a path segment or a query value as sent, percent-encoded) cannot be parameter
  /// `name`'s value, or nil.
  static func parameterProblem(_ name: String, raw: Substring) -> String? {
    if holdsNUL(raw) { return nulMessage(name) }
    // Without an escape the text is the UTF-8 it arrived as; Foundation's decoding (bridged,
    // slow) only for one with an escape.
    if raw.utf8.contains(UInt8(ascii: "%")), raw.removingPercentEncoding == nil {
      return
        "'\(name)' is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"
    }
    return nil
  }

  /// The codes of the path parameters that have their own (the others: `bad-parameter`).
  static let pathCodes = ["user": "bad-user", "date": "bad-date"]

  /// 400 when a path parameter of the route holds NUL: `bad-user`, `bad-date`, else
  /// `bad-parameter`. The route table runs it before every handler.
  static func checkPathParameters(_ context: APIRequestContext) throws {
    for (name, value) in context.parameters where holdsNUL(value) {
      throw APIError(.badRequest, pathCodes[String(name)] ?? "bad-parameter", nulMessage(String(name)))
    }
  }

  /// A NUL byte, or its escape `%00`, read byte by byte (Foundation's `contains` for a string
  /// is bridged: it cost more than the rest of a cached answer's checks).
  private static func holdsNUL(_ raw: Substring) -> Bool {
    var percents = 0  // how many bytes of "%00" end at this one
    for byte in raw.utf8 {
      if byte == 0 { return true }
      switch (percents, byte) {
      case (_, UInt8(ascii: "%")): percents = 1
      case (1, UInt8(ascii: "0")): percents = 2
      case (2, UInt8(ascii: "0")): return true
      default: percents = 0
      }
    }
    return false
  }

  private static func nulMessage(_ name: String) -> String { "'\(name)' holds a NUL character (%00); no parameter may" }

  /// The query's parameters, once those the route reads (`codes`' keys) are checked: one that
  /// holds NUL or is not valid percent-encoded UTF-8 is 400 with its code (`codes`).
  static func query(_ request: Request, codes: [String: String]) throws -> FlatDictionary<Substring, Substring> {
    if let raw = request.uri.query {
      for pair in raw.split(separator: "&") {
        let key = pair.prefix { $0 != "=" }
        // Foundation's decoding (slow, and bridged) only for a name that has an escape.
        let name = key.contains("%") ? String(key).removingPercentEncoding ?? String(key) : String(key)
        guard let code = codes[name] else { continue }
        let value = pair.dropFirst(key.count + 1)
        if let problem = parameterProblem(name, raw: value) { throw APIError(.badRequest, code, problem) }
      }
    }
    return request.uri.queryParameters
  }
}
