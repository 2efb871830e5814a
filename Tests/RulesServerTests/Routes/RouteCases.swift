import Foundation
import HTTPTypes
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The tests of every route of the API, one `RouteCase` each (`RouteSuiteTests` holds the list
/// to the route table: a route without a case fails).
enum RouteCases {
  static let all: [RouteCase] =
    probes + catalogs + users + pauses + support + days + events + revisions + experiments + sync

  /// discipline's paths of a user.
  static func user(_ user: String = "alice", catalog: String = "discipline") -> String {
    "/v1/catalogs/\(catalog)/users/\(user)"
  }

  /// A user id one byte too long.
  static let longUser = String(repeating: "x", count: 257)
  static let longUserMessage = "the user id is 257 bytes long; at most 256 are allowed"
  static let notUTF8User =
    "the user id in the path is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"

  /// A body over the 64 KiB the API takes.
  static let tooLargeBody = #"{"planned": ""# + String(repeating: "a", count: 70_000) + #""}"#

  /// The bad user ids of a user's path (`path(user)`), each with its answer.
  static func badUsers(_ path: @Sendable (String) -> String, method: HTTPMethod, body: String? = nil) -> [Refusal] {
    [
      Refusal(
        "a user id over 256 bytes", RouteCall(method, path(longUser), body: body), 400, "bad-user", longUserMessage),
      Refusal(
        "a user id that is not UTF-8", RouteCall(method, path("al%FFice"), body: body), 400, "bad-user",
        notUTF8User),
      Refusal(
        "a user id with a control character", RouteCall(method, path("al%01ice"), body: body), 400, "bad-user",
        "the user id contains a control character (U+0001)"),
      // Issue 52: C1 controls and the bidirectional overrides and isolates were taken, and shown
      // raw in the console.
      Refusal(
        "a user id with a C1 control", RouteCall(method, path("al%C2%85ice"), body: body), 400, "bad-user",
        "the user id contains a control character (U+0085)"),
      Refusal(
        "a user id with a right-to-left override", RouteCall(method, path("al%E2%80%AEice"), body: body), 400,
        "bad-user",
        "the user id contains a bidirectional override or isolate (U+202E), which would reorder the text shown after it"
      ),
      Refusal(
        "a user id with a left-to-right isolate", RouteCall(method, path("al%E2%81%A6ice"), body: body), 400,
        "bad-user",
        "the user id contains a bidirectional override or isolate (U+2066), which would reorder the text shown after it"
      ),
      Refusal(
        "a user id with NUL", RouteCall(method, path("al%00ice"), body: body), 400, "bad-user",
        "'user' holds a NUL character (%00); no parameter may"),
    ]
  }

  typealias HTTPMethod = HTTPRequest.Method

  static func unknownCatalog(_ call: RouteCall) -> Refusal {
    Refusal(
      "an unknown catalog", call, 404, "unknown-catalog", "there is no catalog 'nope'; GET /v1/catalogs lists them")
  }

  static func unknownUser(_ call: RouteCall, _ user: String, catalog: String = "discipline") -> Refusal {
    Refusal(
      "a user with no record", call, 404, "unknown-user", "the catalog '\(catalog)' has no record of the user '\(user)'"
    )
  }

  /// The refusals of a `date` and a `locale` in the query of `path` (which has no query yet).
  static func badQuery(_ method: HTTPMethod, _ path: String) -> [Refusal] {
    [
      Refusal(
        "an impossible date", RouteCall(method, path + "?date=2026-02-30"), 400, "bad-date",
        "2026-02-30 is not a day of the calendar"),
      Refusal(
        "a date that is not one", RouteCall(method, path + "?date=soon"), 400, "bad-date",
        "'soon' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31"),
      Refusal(
        "a date before 1900", RouteCall(method, path + "?date=1899-12-31"), 400, "bad-date",
        "1899-12-31 is outside the years the engine handles (1900 to 2199)"),
      Refusal(
        "a date with NUL", RouteCall(method, path + "?date=2026-01-0%00"), 400, "bad-date",
        "'date' holds a NUL character (%00); no parameter may"),
      Refusal(
        "a locale that is not a language tag", RouteCall(method, path + "?locale=x"), 400, "bad-locale",
        "'x' is not a language tag; write a BCP 47 tag such as ar, ar-EG or zh-Hant-TW (ASCII letters and digits in subtags separated by '-')"
      ),
      Refusal(
        "a locale that is not UTF-8", RouteCall(method, path + "?locale=%FF"), 400, "bad-locale",
        "'locale' is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"),
    ]
  }

  /// The message of a day after the user's today and the slack, for a user in UTC.
  static func futureDate(_ date: String) -> String {
    let today = CalendarDay.today(in: TimeZone(identifier: "UTC")!)
    return
      "\(date) is in the future: the user's today is \(today) (UTC); days up to \(today + 1) (today and one day of slack) may be written"
  }

  static func twoDaysAhead() -> String { "\(CalendarDay.today(in: TimeZone(identifier: "UTC")!) + 2)" }

  /// The ids of an evaluation's unlocked badges, with their dates.
  static func unlocked(_ evaluation: [String: Any]) -> [String] {
    let badges = evaluation["badges"] as? [String: Any]
    return (badges?["unlocked"] as? [[String: Any]] ?? []).map { "\($0["id"] ?? "") \($0["date"] ?? "")" }
  }

  static func newBadges(_ evaluation: [String: Any]) -> [String]? {
    (evaluation["badges"] as? [String: Any])?["new"] as? [String]
  }

  /// The `training` streak's current and best.
  static func training(_ evaluation: [String: Any]) -> [Int] {
    let streak = (evaluation["streaks"] as? [String: Any])?["training"] as? [String: Any]
    return [streak?["current"] as? Int ?? -1, streak?["best"] as? Int ?? -1]
  }
}
