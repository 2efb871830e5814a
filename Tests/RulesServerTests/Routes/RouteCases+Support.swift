import Foundation
import HTTPTypes
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

@testable import RulesServer

/// Support's tools (issue 39, item 5), admin only: freezes granted and days restored, each with
/// its event. discipline's `training` streak counts planned and completed days, skips the
/// days not planned, and breaks on a planned day not completed.
extension RouteCases {
  static let support: [RouteCase] = [postFreezes, postRestore]

  static let grantBody = #"{"streak": "training", "count": 2, "reason": " the app crashed "}"#

  /// The answer's lists, without the moments (`at`).
  static func supportLists(_ text: String) -> [String] {
    let answer = RouteHarness.json(text) as? [String: Any]
    let grants = (answer?["freeze_grants"] as? [[String: Any]] ?? []).map {
      "grant \($0["streak"] ?? "") \($0["count"] ?? "") \($0["date"] ?? "") \($0["reason"] ?? "") \($0["at"] != nil)"
    }
    let restores = (answer?["restores"] as? [[String: Any]] ?? []).map {
      "restore \($0["streak"] ?? "") \($0["from"] ?? "") \($0["through"] ?? "") \($0["reason"] ?? "") \($0["at"] != nil)"
    }
    return grants + restores
  }

  /// The `training` streak's current and freezes.
  static func trainingFreezes(_ evaluation: [String: Any]) -> [Int] {
    let streak = (evaluation["streaks"] as? [String: Any])?["training"] as? [String: Any]
    return [streak?["current"] as? Int ?? -1, streak?["freezes"] as? Int ?? -1]
  }

  /// The events of `kind` of Alice: subject, date and data.
  static func aliceEvents(_ api: RouteHarness, _ kind: String) async throws -> [String] {
    let all = try await api.object(RouteCall(.get, "/v1/events?user=alice&catalog=discipline&kind=\(kind)"))
    return (all["events"] as? [[String: Any]] ?? []).map { event in
      let data =
        (try? JSONSerialization.data(withJSONObject: event["data"] ?? [:], options: .sortedKeys))
        .map { String(decoding: $0, as: UTF8.self) } ?? ""
      return "\(event["subject"] ?? "") \(event["date"] ?? "") \(data)"
    }
  }

  static let postFreezes = RouteCase(
    .post, "/v1/catalogs/{catalog}/users/{user}/freezes", .admin,
    sample: RouteCall(.post, user() + "/freezes", body: grantBody),
    answers: { api in
      let today = RouteCases.today()
      let granted = try await api.call(RouteCall(.post, user() + "/freezes", body: grantBody))
      #expect(granted.status == .created, "\(granted.text)")
      #expect(supportLists(granted.text) == ["grant training 2 \(today) the app crashed true"])
      // Alice's today holds them; the days before do not.
      let now = try await api.object(RouteCall(.get, user() + "/progress"))
      #expect(trainingFreezes(now) == [7, 2])
      let before = try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-07"))
      #expect(trainingFreezes(before) == [7, 0])
      // Each POST is a grant of its own; each is told once, and none again as earned.
      // `1.0` is the integer 1, as JSON Schema reads it.
      let again = try await api.call(
        RouteCall(.post, user() + "/freezes", body: #"{"streak": "training", "count": 1.0, "reason": "sorry"}"#))
      #expect(
        supportLists(again.text) == [
          "grant training 2 \(today) the app crashed true", "grant training 1 \(today) sorry true",
        ])
      #expect(trainingFreezes(try await api.object(RouteCall(.get, user() + "/progress"))) == [7, 3])
      #expect(
        try await aliceEvents(api, "freeze.granted") == [
          #"training \#(today) {"count":2,"reason":"the app crashed","streak":"training"}"#,
          #"training \#(today) {"count":1,"reason":"sorry","streak":"training"}"#,
        ])
      #expect(try await aliceEvents(api, "freeze.earned") == [])
      // Issue 52: a grant retried (after a 503) with its Idempotency-Key is the grant given:
      // nothing more is given or told, the answer is the same; the key for another grant is 409.
      let keyed = RouteCall(
        .post, user() + "/freezes", body: #"{"streak": "training", "count": 1, "reason": "retried"}"#,
        headers: ["Idempotency-Key": "grant-7f3a"])
      let first = try await api.call(keyed)
      #expect(first.status == .created, "\(first.text)")
      let retried = try await api.call(keyed)
      #expect(retried.status == .created && retried.text == first.text, "\(retried.text)")
      #expect(trainingFreezes(try await api.object(RouteCall(.get, user() + "/progress"))) == [7, 4])
      #expect(try await aliceEvents(api, "freeze.granted").count == 3)
      let conflict = try await api.call(
        RouteCall(
          .post, user() + "/freezes", body: #"{"streak": "training", "count": 2, "reason": "retried"}"#,
          headers: ["Idempotency-Key": "grant-7f3a"]))
      #expect(conflict.status == .conflict, "\(conflict.text)")
      #expect(
        conflict.text
          == #"{"error":{"code":"idempotency-conflict","message":"the Idempotency-Key 'grant-7f3a' was given for another grant (1 freezes of 'training'); use a new key for a new grant"}}"#
          + "\n")
      // A refusal leaves the server ready.
      let refused = try await api.call(
        RouteCall(.post, user() + "/freezes", body: #"{"streak": "nope", "count": 1, "reason": "x"}"#))
      #expect(refused.status == .notFound, "\(refused.text)")
      #expect(try await api.call(RouteCall(.get, "/readyz")).status == .ok)
    },
    refusals: { _ in
      let post = { (body: String) in RouteCall(.post, Self.user() + "/freezes", body: body) }
      return [
        Refusal(
          "an unknown streak", post(#"{"streak": "trainin", "count": 1, "reason": "x"}"#), 404, "unknown-streak",
          "the catalog 'discipline' has no streak 'trainin'; its consecutive streaks are training"),
        Refusal(
          "no count", post(#"{"streak": "training", "reason": "x"}"#), 400, "missing-field",
          "the body needs 'count': the streak, how many freezes, and why"),
        Refusal(
          "no streak and no reason", post(#"{"count": 1}"#), 400, "missing-field",
          "the body needs 'streak' and 'reason': the streak, how many freezes, and why"),
        Refusal(
          "no freezes", post(#"{"streak": "training", "count": 0, "reason": "x"}"#), 400, "bad-value",
          "'count' must be from 1 to 365; found 0"),
        Refusal(
          "a count that is text", post(#"{"streak": "training", "count": "2", "reason": "x"}"#), 400, "bad-value",
          "'count' must be an integer from 1 to 365; found a string ('2')"),
        Refusal(
          "a reason of spaces", post(#"{"streak": "training", "count": 1, "reason": "  "}"#), 400, "bad-value",
          "'reason' must say why, in 1 to 500 characters; found none"),
        Refusal(
          "an unknown field", post(#"{"streak": "training", "count": 1, "reason": "x", "date": "2026-01-01"}"#), 400,
          "unknown-field", "unknown field 'date'; the body holds 'streak', 'count' and 'reason'"),
        unknownUser(
          RouteCall(.post, Self.user("zed") + "/freezes", body: #"{"streak": "training", "count": 1, "reason": "x"}"#),
          "zed"),
        unknownCatalog(RouteCall(.post, "/v1/catalogs/nope/users/alice/freezes", body: grantBody)),
        Refusal(
          "an Idempotency-Key with a space",
          RouteCall(.post, Self.user() + "/freezes", body: grantBody, headers: ["Idempotency-Key": "a b"]), 400,
          "bad-value", "the Idempotency-Key must be 1 to 255 visible ASCII characters (no spaces)"),
      ] + badUsers({ user($0) + "/freezes" }, method: .post, body: grantBody)
    })

  static let restoreBody = #"{"through": "2026-01-08", "reason": "the app crashed"}"#

  static let postRestore = RouteCase(
    .post, "/v1/catalogs/{catalog}/users/{user}/streaks/{name}/restore", .admin,
    sample: RouteCall(.post, user() + "/streaks/training/restore", body: restoreBody),
    answers: { api in
      // 01-08 planned and not completed breaks Alice's streak of 7; 01-09 starts one again.
      for (date, body) in [
        ("2026-01-08", #"{"planned": true, "completed": false}"#), ("2026-01-09", RouteHarness.trained),
      ] {
        let put = try await api.call(RouteCall(.put, user() + "/days/\(date)", body: body))
        #expect(put.status == .ok, "\(put.text)")
      }
      #expect(trainingFreezes(try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-09"))) == [1, 0])
      let restored = try await api.call(RouteCall(.post, user() + "/streaks/training/restore", body: restoreBody))
      #expect(restored.status == .created, "\(restored.text)")
      #expect(supportLists(restored.text) == ["restore training 2026-01-08 2026-01-08 the app crashed true"])
      // 01-08 is covered: the 7 days go on to 8 on 01-09, and are read so from then on.
      #expect(trainingFreezes(try await api.object(RouteCall(.get, user() + "/progress?date=2026-01-09"))) == [8, 0])
      #expect(trainingFreezes(try await api.object(RouteCall(.get, user() + "/progress"))) == [8, 0])
      #expect(
        try await aliceEvents(api, "streak.restored") == [
          #"training 2026-01-08 {"from":"2026-01-08","reason":"the app crashed","streak":"training","through":"2026-01-08"}"#
        ])
      // Issue 52: the same restore again (retried after a 503) is the one given: the same
      // answer, nothing more written or told.
      let retried = try await api.call(RouteCall(.post, user() + "/streaks/training/restore", body: restoreBody))
      #expect(retried.status == .created && retried.text == restored.text, "\(retried.text)")
      #expect(try await aliceEvents(api, "streak.restored").count == 1)
      // Through a later day: the streak counted on 01-09 and was not broken since.
      let nothing = try await api.call(
        RouteCall(.post, user() + "/streaks/training/restore", body: #"{"through": "2026-01-09", "reason": "x"}"#))
      #expect(nothing.status == .conflict, "\(nothing.text)")
    },
    refusals: { _ in
      let today = RouteCases.today()
      let post = { (streak: String, body: String) in
        RouteCall(.post, Self.user() + "/streaks/\(streak)/restore", body: body)
      }
      return [
        Refusal(
          "a day the streak counted", post("training", #"{"through": "2026-01-07", "reason": "x"}"#), 409,
          "support-refused", "the streak 'training' counted on 2026-01-07: there is nothing to restore"),
        Refusal(
          "a day before the streak ever counted", post("training", #"{"through": "2025-12-31", "reason": "x"}"#),
          409, "support-refused", "the streak 'training' never counted up to 2025-12-31: there is nothing to restore"),
        Refusal(
          "a day after the user's today", post("training", #"{"through": "\#(today + 1)", "reason": "x"}"#), 400,
          "future-date",
          "'through' (\(today + 1)) is after the user's today (\(today)); a restore covers days that have begun"),
        Refusal(
          "an unknown streak", post("trainin", restoreBody), 404, "unknown-streak",
          "the catalog 'discipline' has no streak 'trainin'; its consecutive streaks are training"),
        Refusal(
          "an impossible day", post("training", #"{"through": "2026-02-30", "reason": "x"}"#), 400, "bad-date",
          "2026-02-30 is not a day of the calendar"),
        Refusal(
          "no reason", post("training", #"{"through": "2026-01-08"}"#), 400, "missing-field",
          "the body needs 'reason': the last day to restore (YYYY-MM-DD) and why"),
        Refusal(
          "a day that is a number", post("training", #"{"through": 8, "reason": "x"}"#), 400, "bad-value",
          "'through' must be a date, YYYY-MM-DD; found the integer 8"),
        Refusal(
          "an unknown field", post("training", #"{"through": "2026-01-08", "reason": "x", "from": "2026-01-01"}"#),
          400, "unknown-field", "unknown field 'from'; the body holds 'through' and 'reason'"),
        unknownUser(
          RouteCall(.post, Self.user("zed") + "/streaks/training/restore", body: restoreBody), "zed"),
        unknownCatalog(RouteCall(.post, "/v1/catalogs/nope/users/alice/streaks/training/restore", body: restoreBody)),
      ] + badUsers({ user($0) + "/streaks/training/restore" }, method: .post, body: restoreBody)
    })
}
