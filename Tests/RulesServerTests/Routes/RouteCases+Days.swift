import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// A user's day, progress and a badge's explanation.
extension RouteCases {
  static let days: [RouteCase] = [putDay, progress, explanation]

  static let putDay = RouteCase(
    .put, "/v1/catalogs/{catalog}/users/{user}/days/{date}", .ownUser,
    sample: RouteCall(.put, user() + "/days/2026-01-07", body: RouteHarness.trained),
    answers: { api in
      // The user's own token; the same request twice gives the same answer, nothing new.
      let eighth = RouteCall(.put, user() + "/days/2026-01-08", as: .user("alice"), body: RouteHarness.trained)
      let first = try await api.call(eighth)
      let again = try await api.call(eighth)
      #expect(first.status == .ok && again.status == .ok, "\(first.text)")
      #expect(first.text == again.text)
      let evaluation = try #require(RouteHarness.json(first.text) as? [String: Any])
      #expect(evaluation["catalog"] as? String == "discipline")
      #expect(evaluation["user"] as? String == "alice")
      #expect(evaluation["date"] as? String == "2026-01-08")
      #expect(training(evaluation) == [8, 8])
      #expect((evaluation["metrics"] as? [String: Any])?["checkins"] as? Int == 8)
      #expect(unlocked(evaluation) == ["momentum 2026-01-03", "first-week 2026-01-07"])
      // A badge unlocked by a PUT is new once.
      for date in ["2026-01-01", "2026-01-02"] {
        _ = try await api.object(RouteCall(.put, user("carol") + "/days/\(date)", body: RouteHarness.trained))
      }
      let third = RouteCall(.put, user("carol") + "/days/2026-01-03", body: RouteHarness.trained)
      #expect(newBadges(try await api.object(third)) == ["momentum"])
      #expect(newBadges(try await api.object(third)) == [])
      // A missing input takes its default; a whole number with a fraction is an integer.
      let rest = try await api.object(RouteCall(.put, user() + "/days/2026-01-09", body: "{}"))
      #expect(training(rest) == [8, 8], "a day not planned neither extends nor breaks the streak")
      let rizq = try await api.object(
        RouteCall(
          .put, user(catalog: "rizq") + "/days/2026-01-05",
          body: #"{"duas_completed": 3.0, "habits_completed": 1, "habits_total": 1}"#))
      #expect((rizq["metrics"] as? [String: Any])?["total_duas"] as? Int == 3)
      // An enum's member by its name.
      let salah = try await api.object(
        RouteCall(.put, user(catalog: "salahstreak") + "/days/2026-01-05", body: #"{"fajr": "done", "isha": "qada"}"#))
      #expect(salah["date"] as? String == "2026-01-05")
      // The texts in the language asked for.
      let arabic = try await api.object(
        RouteCall(.put, user(catalog: "rizq") + "/days/2026-01-05?locale=ar", body: #"{"duas_completed": 3}"#))
      #expect(arabic["locale"] as? String == "ar")
      let header = try await api.object(
        RouteCall(
          .put, user(catalog: "rizq") + "/days/2026-01-05", body: #"{"duas_completed": 3}"#,
          headers: ["Accept-Language": "fr, ar-EG;q=0.9"]))
      #expect(header["locale"] as? String == "ar-EG")
      // Read back: the day is stored.
      let progress = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-08"))
      #expect(training(progress) == [8, 8])
    },
    refusals: { _ in
      let day = user() + "/days/2026-01-05"
      let put = { (body: String) in RouteCall(.put, day, body: body) }
      let rizq = { (body: String) in RouteCall(.put, user(catalog: "rizq") + "/days/2026-01-05", body: body) }
      let salah = { (body: String) in RouteCall(.put, user(catalog: "salahstreak") + "/days/2026-01-05", body: body) }
      let future = twoDaysAhead()
      return [
        unknownCatalog(RouteCall(.put, "/v1/catalogs/nope/users/alice/days/2026-01-05", body: "{}")),
        Refusal(
          "an unknown input", put(#"{"planned": true, "complete": true}"#), 400, "unknown-input",
          "unknown input 'complete'; did you mean 'completed'?"),
        Refusal(
          "a value of the wrong type", put(#"{"planned": "yes"}"#), 400, "bad-value",
          "planned must be true or false; found a string ('yes')"),
        Refusal(
          "a number where a boolean goes", put(#"{"planned": 1}"#), 400, "bad-value",
          "planned must be true or false; found the integer 1"),
        Refusal(
          "a value over its maximum", rizq(#"{"duas_completed": 1001}"#), 400, "bad-value",
          "duas_completed must be at most 1000; found 1001"),
        Refusal(
          "a value under its minimum", rizq(#"{"duas_completed": -1}"#), 400, "bad-value",
          "duas_completed must be at least 0; found -1"),
        Refusal(
          "a string where an integer goes", rizq(#"{"duas_completed": "3"}"#), 400, "bad-value",
          "duas_completed must be an integer; found a string ('3')"),
        Refusal(
          "an unknown input with no near name", put(#"{"mood": 3}"#), 400, "unknown-input", "unknown input 'mood'"),
        Refusal(
          "a key twice", put(#"{"planned": true, "planned": false}"#), 400, "bad-json",
          "the body is not valid JSON: the key 'planned' appears twice (at byte 28)"),
        Refusal(
          "two bad inputs", put(#"{"planned": "yes", "complete": true}"#), 400, "bad-value",
          "planned must be true or false; found a string ('yes'); unknown input 'complete'; did you mean 'completed'?"),
        Refusal(
          "an enum's unknown member", salah(#"{"fajr": "late"}"#), 400, "bad-value",
          "'late' is not a value of fajr (pending, done, missed, qada)"),
        Refusal(
          "an enum of the wrong type", salah(#"{"fajr": true}"#), 400, "bad-value",
          "fajr must be one of pending, done, missed, qada; found true"),
        Refusal(
          "a fraction where an integer goes", rizq(#"{"duas_completed": 3.5}"#), 400, "bad-value",
          "duas_completed must be an integer; found the number 3.5"),
        Refusal(
          "a body that is not JSON", put(#"{"planned": true,"#), 400, "bad-json",
          "the body is not valid JSON: expected a key in quotes (at byte 18)"),
        Refusal(
          "a body that is not an object", put("[true]"), 400, "bad-json",
          "the body must be a JSON object; found an array"),
        Refusal("a body over 64 KiB", put(tooLargeBody), 413, "too-large", "the body is over 64 KiB"),
        Refusal(
          "an impossible date", RouteCall(.put, user() + "/days/2026-02-30", body: "{}"), 400, "bad-date",
          "2026-02-30 is not a day of the calendar"),
        Refusal(
          "a date that is not one", RouteCall(.put, user() + "/days/yesterday", body: "{}"), 400, "bad-date",
          "'yesterday' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31"),
        Refusal(
          "a date before 1900", RouteCall(.put, user() + "/days/1899-12-31", body: "{}"), 400, "bad-date",
          "1899-12-31 is outside the years the engine handles (1900 to 2199)"),
        Refusal(
          "a date with NUL", RouteCall(.put, user() + "/days/2026-01-0%00", body: "{}"), 400, "bad-date",
          "'date' holds a NUL character (%00); no parameter may"),
        Refusal(
          "a day after the user's today", RouteCall(.put, user() + "/days/\(future)", body: RouteHarness.trained), 400,
          "future-date", futureDate(future)),
        Refusal(
          "a day of a new user after their today",
          RouteCall(.put, user("carol") + "/days/2099-01-01", body: RouteHarness.trained), 400, "future-date",
          futureDate("2099-01-01")),
      ]
        + badQuery(.put, day).filter { $0.code == "bad-locale" }.map { refusal in
          var call = refusal.call
          call.body = RouteHarness.trained
          return Refusal(refusal.what, call, refusal.status, refusal.code, refusal.message)
        } + badUsers({ user($0) + "/days/2026-01-05" }, method: .put, body: RouteHarness.trained)
    })

  static let progress = RouteCase(
    .get, "/v1/catalogs/{catalog}/users/{user}/progress", .ownUser,
    sample: RouteCall(.get, user() + "/progress?date=2026-01-07"),
    answers: { api in
      let evaluation = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-07", as: .user("alice")))
      #expect(evaluation["user"] as? String == "alice")
      #expect(evaluation["date"] as? String == "2026-01-07")
      #expect(training(evaluation) == [7, 7])
      #expect(unlocked(evaluation) == ["momentum 2026-01-03", "first-week 2026-01-07"])
      #expect(newBadges(evaluation) == [])
      // A read saves nothing, whatever its date (a future one included).
      let before = try api.snapshot()
      let later = try await api.object(RouteCall(.get, user() + "/progress?date=2099-01-01"))
      #expect(later["date"] as? String == "2099-01-01")
      let after = try api.snapshot()
      #expect(after == before, "\(after.difference(from: before))")
      // An id percent-encoded is the same user.
      let encoded = try await api.call(
        RouteCall(.get, "/v1/catalogs/discipline/users/al%69ce/progress?date=2026-01-07"))
      #expect(RouteHarness.json(encoded.text) as? NSDictionary == evaluation as NSDictionary)
    },
    refusals: { _ in
      [
        unknownUser(RouteCall(.get, user("carol") + "/progress"), "carol"),
        unknownUser(RouteCall(.get, user(catalog: "rizq") + "/progress"), "alice", catalog: "rizq"),
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/users/alice/progress")),
      ] + badQuery(.get, user() + "/progress") + badUsers({ user($0) + "/progress" }, method: .get)
    })

  static let explanation = RouteCase(
    .get, "/v1/catalogs/{catalog}/users/{user}/badges/{badge}/explanation", .ownUser,
    sample: RouteCall(.get, user() + "/badges/first-week/explanation?date=2026-01-07"),
    answers: { api in
      let unlocked = try await api.object(
        RouteCall(.get, user() + "/badges/first-week/explanation?date=2026-01-07", as: .user("alice")))
      #expect(unlocked["badge"] as? String == "first-week")
      #expect(unlocked["state"] as? String == "unlocked")
      #expect(unlocked["unlocked_on"] as? String == "2026-01-07")
      #expect((unlocked["missing"] as? [Any])?.isEmpty == true)
      let locked = try await api.object(RouteCall(.get, user() + "/badges/two-weeks/explanation?date=2026-01-07"))
      #expect(locked["state"] as? String == "locked")
      #expect(locked["when"] as? String == "training.current >= 14")
      #expect(
        (locked["missing"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == ["training.current >= 14"])
      let progress = locked["progress"] as? [String: Any]
      #expect(progress?["current"] as? Int == 7 && progress?["target"] as? Int == 14)
    },
    refusals: { _ in
      let path = user() + "/badges/first-week/explanation"
      return [
        Refusal(
          "an unknown badge", RouteCall(.get, user() + "/badges/nope/explanation"), 404, "unknown-badge",
          "the catalog 'discipline' has no badge 'nope'; GET /v1/catalogs/discipline lists them"),
        Refusal(
          "a badge id with NUL", RouteCall(.get, user() + "/badges/first%00week/explanation"), 400, "bad-parameter",
          "'badge' holds a NUL character (%00); no parameter may"),
        unknownUser(RouteCall(.get, user("carol") + "/badges/first-week/explanation"), "carol"),
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/users/alice/badges/first-week/explanation")),
      ] + badQuery(.get, path) + badUsers({ user($0) + "/badges/first-week/explanation" }, method: .get)
    })
}
