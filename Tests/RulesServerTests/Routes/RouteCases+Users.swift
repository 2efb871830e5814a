import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// A user's details, the deletion and the rebuild.
extension RouteCases {
  static let users: [RouteCase] = [putUser, deleteUser, rebuild]

  static func userAnswer(
    _ user: String, start: String?, zone: String?, changes: String = "[]", calendar: String?,
    dayStartsAt: String? = nil
  ) -> String {
    func text(_ value: String?) -> String { value.map { "\"\($0)\"" } ?? "null" }
    return
      #"{"catalog":"discipline","user":"\#(user)","start":\#(text(start)),"timezone":\#(text(zone)),"timezone_changes":\#(changes),"calendar":\#(text(calendar)),"day_starts_at":\#(text(dayStartsAt))}"#
      + "\n"
  }

  static let putUser = RouteCase(
    .put, "/v1/catalogs/{catalog}/users/{user}", .ownUser,
    sample: RouteCall(.put, user(), body: #"{"start": "2026-01-01", "timezone": "UTC"}"#),
    answers: { api in
      let berlin = RouteCall(.put, user(), body: #"{"start": "2026-01-01", "timezone": "Europe/Berlin"}"#)
      for _ in 1...2 {  // the same answer again: a PUT is idempotent
        let answer = try await api.call(berlin)
        #expect(answer.status == .ok)
        #expect(answer.text == userAnswer("alice", start: "2026-01-01", zone: "Europe/Berlin", calendar: nil))
      }
      // The user's own token; the zone's changes and the calendar.
      let travels = try await api.call(
        RouteCall(
          .put, user(), as: .user("alice"),
          body:
            #"{"timezone": "UTC", "timezone_changes": [{"at": "2026-01-05T09:30:00Z", "timezone": "Asia/Tokyo"}], "calendar": "islamic-umalqura", "day_starts_at": "02:30"}"#
        ))
      #expect(travels.status == .ok, "\(travels.text)")
      #expect(
        travels.text
          == userAnswer(
            "alice", start: nil, zone: "UTC", changes: #"[{"at":"2026-01-05T09:30:00Z","timezone":"Asia/Tokyo"}]"#,
            calendar: "islamic-umalqura", dayStartsAt: "02:30"))
      // Each left out, or null, is cleared.
      for body in [
        "{}", #"{"start": null, "timezone": null, "timezone_changes": null, "calendar": null, "day_starts_at": null}"#,
      ] {
        let cleared = try await api.call(RouteCall(.put, user(), body: body))
        #expect(cleared.text == userAnswer("alice", start: nil, zone: nil, calendar: nil), "\(body)")
      }
      // Alice's days are still hers.
      let progress = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-07"))
      #expect(training(progress) == [7, 7])
      // A new user's details make no record to evaluate.
      let carol = try await api.call(RouteCall(.put, user("carol"), as: .user("carol"), body: "{}"))
      #expect(carol.text == userAnswer("carol", start: nil, zone: nil, calendar: nil))
    },
    refusals: { _ in
      let put = { (body: String) in RouteCall(.put, user(), body: body) }
      let notAZone = "is not a time zone; use an IANA name such as Europe/Berlin or America/New_York"
      return [
        unknownCatalog(RouteCall(.put, "/v1/catalogs/nope/users/alice", body: "{}")),
        Refusal(
          "an impossible start", put(#"{"start": "2026-02-30"}"#), 400, "bad-date",
          "2026-02-30 is not a day of the calendar"),
        Refusal(
          "a start that is not a date", put(#"{"start": "soon"}"#), 400, "bad-date",
          "'soon' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31"),
        Refusal(
          "a start after 2199", put(#"{"start": "2200-01-01"}"#), 400, "bad-date",
          "2200-01-01 is outside the years the engine handles (1900 to 2199)"),
        Refusal(
          "a start of the wrong type", put(#"{"start": 20260101}"#), 400, "bad-value",
          "'start' must be a string; found the integer 20260101"),
        Refusal(
          "an unknown time zone", put(#"{"timezone": "Mars/Olympus"}"#), 400, "bad-value",
          "'Mars/Olympus' \(notAZone)"),
        Refusal("a time zone of 0", put(#"{"timezone": "0"}"#), 400, "bad-value", "'0' \(notAZone)"),
        Refusal(
          "a time zone of the wrong type", put(#"{"timezone": true}"#), 400, "bad-value",
          "'timezone' must be a string; found true"),
        Refusal(
          "a change without its zone designator",
          put(#"{"timezone_changes": [{"at": "2026-03-10", "timezone": "Pacific/Auckland"}]}"#), 400, "bad-value",
          "'timezone_changes': 'at' must be a moment with its zone, ISO 8601, e.g. 2026-03-10T09:30:00Z or 2026-03-10T22:30:00+13:00; found '2026-03-10'"
        ),
        Refusal(
          "a change to an unknown zone",
          put(#"{"timezone_changes": [{"at": "2026-03-10T09:30:00Z", "timezone": "Mars/Olympus"}]}"#), 400,
          "bad-value", "'timezone_changes': 'Mars/Olympus' \(notAZone)"),
        Refusal(
          "changes out of time order",
          put(
            #"{"timezone_changes": [{"at": "2026-03-10T09:30:00Z", "timezone": "UTC"}, {"at": "2026-03-01T00:00:00Z", "timezone": "UTC"}]}"#
          ), 400, "bad-value",
          "'timezone_changes': the time zone changes must be in time order, one per moment: change 2 (2026-03-01T00:00:00Z) does not come after change 1 (2026-03-10T09:30:00Z)"
        ),
        Refusal(
          "changes of the wrong type", put(#"{"timezone_changes": "UTC"}"#), 400, "bad-value",
          #"'timezone_changes': must be a list of {"at": ..., "timezone": ...}; found a string ('UTC')"#),
        Refusal(
          "an unknown calendar", put(#"{"calendar": "lunar"}"#), 400, "bad-value",
          "'calendar': 'lunar' is not a calendar; use one of gregorian, islamic-umalqura, islamic, islamic-civil, islamic-tbla, persian, hebrew, indian, buddhist, japanese, republic-of-china, chinese, coptic, ethiopic, ethiopic-amete-alem, iso8601"
        ),
        Refusal(
          "a calendar of the wrong type", put(#"{"calendar": 1}"#), 400, "bad-value",
          "'calendar' must be a string; found the integer 1"),
        Refusal(
          "a day start after noon", put(#"{"day_starts_at": "13:00"}"#), 400, "bad-value",
          "'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '13:00'"),
        Refusal(
          "a day start without its minutes", put(#"{"day_starts_at": "4"}"#), 400, "bad-value",
          "'day_starts_at' must be a time from 00:00 to 12:00, written HH:MM; found '4'"),
        Refusal(
          "a day start of the wrong type", put(#"{"day_starts_at": 240}"#), 400, "bad-value",
          "'day_starts_at' must be a string; found the integer 240"),
        Refusal(
          "an unknown field", put(#"{"begin": "2026-01-01"}"#), 400, "unknown-field",
          "unknown field 'begin'; the body may hold start, timezone, timezone_changes, calendar and day_starts_at"),
        Refusal(
          "a body that is not JSON", put(#"{"start": "#), 400, "bad-json",
          "the body is not valid JSON: the text ends where a value should be (at byte 11)"),
        Refusal(
          "a body that is not an object", put("[]"), 400, "bad-json", "the body must be a JSON object; found an array"),
        Refusal(
          "an empty body", put(""), 400, "bad-json",
          "the body is not valid JSON: the text ends where a value should be (at byte 1)"),
        Refusal("a body over 64 KiB", put(tooLargeBody), 413, "too-large", "the body is over 64 KiB"),
      ] + badUsers({ user($0) }, method: .put, body: "{}")
    })

  static let deleteUser = RouteCase(
    .delete, "/v1/catalogs/{catalog}/users/{user}", .admin, sample: RouteCall(.delete, user()),
    answers: { api in
      let answer = try await api.call(RouteCall(.delete, user("bob")))
      #expect(answer.status == .ok)
      #expect(answer.text == #"{"catalog":"discipline","user":"bob","deleted":true}"# + "\n")
      // Read back: Bob has no record, his events are gone; Alice is as she was.
      try await api.expect(unknownUser(RouteCall(.get, user("bob") + "/progress"), "bob"))
      let events = try await api.object(RouteCall(.get, "/v1/events?user=bob"))
      #expect((events["events"] as? [Any])?.isEmpty == true, "\(events)")
      let alice = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-07"))
      #expect(training(alice) == [7, 7])
      let board = try await api.object(RouteCall(.get, RouteCases.board))
      #expect((board["entries"] as? [[String: Any]])?.compactMap { $0["user"] as? String } == ["alice"])
    },
    refusals: { _ in
      [
        unknownUser(RouteCall(.delete, user("bob")), "bob"),
        unknownUser(RouteCall(.delete, user("carol")), "carol"),
        unknownUser(RouteCall(.delete, user("alice", catalog: "rizq")), "alice", catalog: "rizq"),
        unknownCatalog(RouteCall(.delete, "/v1/catalogs/nope/users/alice")),
      ] + badUsers({ user($0) }, method: .delete)
    })

  static let rebuild = RouteCase(
    .post, "/v1/catalogs/{catalog}/users/{user}/rebuild", .admin,
    sample: RouteCall(.post, user() + "/rebuild?date=2026-01-07"),
    answers: { api in
      // As of the saved state's date, and as of a date asked; the unlocks are kept.
      for path in [user() + "/rebuild", user() + "/rebuild?date=2026-01-07"] {
        let rebuilt = try await api.object(RouteCall(.post, path))
        #expect(rebuilt["user"] as? String == "alice")
        #expect(rebuilt["date"] as? String == "2026-01-07")
        #expect(training(rebuilt) == [7, 7])
        #expect(unlocked(rebuilt) == ["momentum 2026-01-03", "first-week 2026-01-07"])
        #expect(newBadges(rebuilt) == [])
      }
      // As of an earlier date: counted to that day, the unlocks kept.
      let earlier = try await api.object(RouteCall(.post, user() + "/rebuild?date=2026-01-04"))
      #expect(training(earlier) == [4, 4])
      #expect(unlocked(earlier) == ["momentum 2026-01-03", "first-week 2026-01-07"])
      let progress = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-04"))
      #expect(training(progress) == [4, 4])
    },
    refusals: { _ in
      let future = twoDaysAhead()
      return [
        Refusal(
          "a date after the user's today", RouteCall(.post, user() + "/rebuild?date=\(future)"), 400, "future-date",
          futureDate(future)),
        Refusal(
          "a date in 2099", RouteCall(.post, user() + "/rebuild?date=2099-01-01"), 400, "future-date",
          futureDate("2099-01-01")),
        unknownUser(RouteCall(.post, user("carol") + "/rebuild"), "carol"),
        unknownCatalog(RouteCall(.post, "/v1/catalogs/nope/users/alice/rebuild")),
      ] + badQuery(.post, user() + "/rebuild") + badUsers({ user($0) + "/rebuild" }, method: .post)
    })
}
