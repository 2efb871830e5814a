import Foundation
import HTTPTypes
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

@testable import RulesServer

/// A user's pauses (issue 39, item 4). discipline sets no `pauses` policy: no cap, and a pause
/// starts today or later.
extension RouteCases {
  static let pauses: [RouteCase] = [putPause, deletePause]

  static func today() -> CalendarDay { CalendarDay.today(in: TimeZone(identifier: "UTC")!) }

  static func pause(_ from: CalendarDay, user: String = "alice") -> String { Self.user(user) + "/pauses/\(from)" }

  static func pausesAnswer(_ pauses: [(CalendarDay, CalendarDay)], user: String = "alice") -> String {
    let list = pauses.map { #"{"from":"\#($0.0)","to":"\#($0.1)"}"# }.joined(separator: ",")
    return #"{"catalog":"discipline","user":"\#(user)","pauses":[\#(list)]}"# + "\n"
  }

  static let putPause = RouteCase(
    .put, "/v1/catalogs/{catalog}/users/{user}/pauses/{from}", .ownUser,
    sample: RouteCall(.put, pause(today()), body: #"{"to": "\#(today() + 2)"}"#),
    answers: { api in
      let today = RouteCases.today()
      for _ in 1...2 {  // the same pause again: the same answer
        let answer = try await api.call(RouteCall(.put, pause(today), body: #"{"to": "\#(today + 2)"}"#))
        #expect(answer.status == .ok, "\(answer.text)")
        #expect(answer.text == pausesAnswer([(today, today + 2)]))
      }
      // A second, with the user's own token; a PUT of the same first day replaces its end.
      let later = try await api.call(
        RouteCall(.put, pause(today + 10), as: .user("alice"), body: #"{"to": "\#(today + 10)"}"#))
      #expect(later.text == pausesAnswer([(today, today + 2), (today + 10, today + 10)]))
      let longer = try await api.call(RouteCall(.put, pause(today), body: #"{"to": "\#(today + 5)"}"#))
      #expect(longer.text == pausesAnswer([(today, today + 5), (today + 10, today + 10)]))
      // Alice's progress is read as before (discipline's streaks are not pausable).
      let progress = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-07"))
      #expect(training(progress) == [7, 7])
      // A refused pause leaves the server ready.
      let refused = try await api.call(RouteCall(.put, pause(today + -1), body: #"{"to": "\#(today)"}"#))
      #expect(refused.status == .conflict, "\(refused.text)")
      #expect(try await api.call(RouteCall(.get, "/readyz")).status == .ok)
      // A user the catalog has no record of yet gets their row.
      let carol = try await api.call(
        RouteCall(.put, pause(today, user: "carol"), as: .user("carol"), body: #"{"to": "\#(today)"}"#))
      #expect(carol.text == pausesAnswer([(today, today)], user: "carol"))
      // Issue 52: at most 100 pauses a user, whatever the catalog allows (discipline: no cap).
      for index in 0..<100 {
        let day = today + 2 * index
        let put = try await api.call(RouteCall(.put, pause(day, user: "dave"), body: #"{"to": "\#(day)"}"#))
        #expect(put.status == .ok, "\(index): \(put.text)")
      }
      let past = today + 200
      let refusedPause = try await api.call(RouteCall(.put, pause(past, user: "dave"), body: #"{"to": "\#(past)"}"#))
      #expect(refusedPause.status == .conflict)
      #expect(
        refusedPause.text
          == #"{"error":{"code":"pause-refused","message":"the user holds 100 pauses, the most a user may hold (100); delete one first"}}"#
          + "\n")
      // A PUT of a pause the user holds (a new end) is no new pause; a DELETE makes room.
      #expect(
        try await api.call(RouteCall(.put, pause(today, user: "dave"), body: #"{"to": "\#(today)"}"#)).status == .ok)
      #expect(try await api.call(RouteCall(.delete, pause(today, user: "dave"))).status == .ok)
      #expect(
        try await api.call(RouteCall(.put, pause(past, user: "dave"), body: #"{"to": "\#(past)"}"#)).status == .ok)
    },
    refusals: { _ in
      let today = RouteCases.today()
      let put = { (from: String, body: String) in RouteCall(.put, Self.user() + "/pauses/\(from)", body: body) }
      return [
        Refusal(
          "a first day that is not a date", put("soon", #"{"to": "2026-01-01"}"#), 400, "bad-date",
          "'soon' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31"),
        Refusal(
          "an impossible last day", put("\(today)", #"{"to": "2026-02-30"}"#), 400, "bad-date",
          "2026-02-30 is not a day of the calendar"),
        Refusal(
          "a body without to", put("\(today)", "{}"), 400, "missing-field",
          "the body needs 'to', the last paused day (YYYY-MM-DD)"),
        Refusal(
          "a last day of the wrong type", put("\(today)", #"{"to": 3}"#), 400, "bad-value",
          "'to' must be a date, YYYY-MM-DD; found the integer 3"),
        Refusal(
          "an unknown field", put("\(today)", #"{"to": "\#(today)", "reason": "holiday"}"#), 400, "unknown-field",
          "unknown field 'reason'; the body holds 'to', the last paused day"),
        Refusal(
          "a pause that ends before it starts", put("\(today + 3)", #"{"to": "\#(today + 1)"}"#), 400, "bad-value",
          "'to' (\(today + 1)) is before the pause's first day (\(today + 3)); 'to' is the last paused day"),
        Refusal(
          "a pause that starts yesterday", put("\(today + -1)", #"{"to": "\#(today)"}"#), 409, "pause-refused",
          "a pause starts today (\(today)) or later; \(today + -1) is in the past"),
        Refusal(
          "a pause over another", put("\(today + 4)", #"{"to": "\#(today + 12)"}"#), 409, "pause-refused",
          "the pause \(today + 4) to \(today + 12) overlaps the pause \(today) to \(today + 5); a day is paused once"),
        Refusal(
          "a body that is not JSON", put("\(today)", #"{"to": "#), 400, "bad-json",
          "the body is not valid JSON: the text ends where a value should be (at byte 8)"),
        Refusal("a body over 64 KiB", put("\(today)", tooLargeBody), 413, "too-large", "the body is over 64 KiB"),
        unknownCatalog(RouteCall(.put, "/v1/catalogs/nope/users/alice/pauses/\(today)", body: "{}")),
      ] + badUsers({ user($0) + "/pauses/\(today)" }, method: .put, body: #"{"to": "\#(today)"}"#)
    })

  static let deletePause = RouteCase(
    .delete, "/v1/catalogs/{catalog}/users/{user}/pauses/{from}", .ownUser,
    sample: RouteCall(.delete, pause(today())),
    answers: { api in
      let today = RouteCases.today()
      _ = try await api.call(RouteCall(.put, pause(today), body: #"{"to": "\#(today + 1)"}"#))
      _ = try await api.call(RouteCall(.put, pause(today + 7), body: #"{"to": "\#(today + 8)"}"#))
      let deleted = try await api.call(RouteCall(.delete, pause(today + 7), as: .user("alice")))
      #expect(deleted.status == .ok, "\(deleted.text)")
      #expect(deleted.text == pausesAnswer([(today, today + 1)]))
      // A refusal is the request's, not the store's: the server stays ready and writes on.
      let unknown = try await api.call(RouteCall(.delete, pause(today + 7)))
      #expect(unknown.status == .notFound, "\(unknown.text)")
      let ready = try await api.call(RouteCall(.get, "/readyz"))
      #expect(ready.status == .ok, "\(ready.text)")
      // Its days may be paused again.
      let again = try await api.call(RouteCall(.put, pause(today + 8), body: #"{"to": "\#(today + 8)"}"#))
      #expect(again.text == pausesAnswer([(today, today + 1), (today + 8, today + 8)]))
    },
    refusals: { _ in
      let today = RouteCases.today()
      return [
        Refusal(
          "a day no pause starts on", RouteCall(.delete, pause(today + 1)), 404, "unknown-pause",
          "the user 'alice' has no pause from \(today + 1) in the catalog 'discipline'"),
        Refusal(
          "a user without pauses", RouteCall(.delete, pause(today, user: "bob")), 404, "unknown-pause",
          "the user 'bob' has no pause from \(today) in the catalog 'discipline'"),
        Refusal(
          "a first day that is not a date", RouteCall(.delete, user() + "/pauses/2026-13-01"), 400, "bad-date",
          "2026-13-01 is not a day of the calendar"),
        unknownCatalog(RouteCall(.delete, "/v1/catalogs/nope/users/alice/pauses/\(today)")),
      ] + badUsers({ user($0) + "/pauses/\(today)" }, method: .delete)
    })
}
