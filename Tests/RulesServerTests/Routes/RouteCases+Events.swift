import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// The event log.
extension RouteCases {
  static let events: [RouteCase] = [listEvents]

  static let listEvents = RouteCase(
    .get, "/v1/events", .admin, sample: RouteCall(.get, "/v1/events"),
    answers: { api in
      let all = try await api.object(RouteCall(.get, "/v1/events"))
      let events = try #require(all["events"] as? [[String: Any]])
      let ids = events.compactMap { $0["id"] as? Int }
      #expect(!ids.isEmpty && ids == ids.sorted() && Set(ids).count == ids.count, "\(ids)")
      #expect(all["next"] as? Int == ids.last)
      let unlocks = events.filter { $0["kind"] as? String == "badge.unlocked" }.map {
        "\($0["user"] ?? "") \($0["subject"] ?? "") \($0["date"] ?? "")"
      }
      #expect(
        unlocks.sorted() == ["alice first-week 2026-01-07", "alice momentum 2026-01-03", "bob momentum 2026-01-03"])
      // Filtered: Bob's unlock, whole.
      let bob = try await api.call(RouteCall(.get, "/v1/events?user=bob&kind=badge.unlocked&catalog=discipline"))
      let bobEvents = try #require((RouteHarness.json(bob.text) as? [String: Any])?["events"] as? [[String: Any]])
      #expect(bobEvents.count == 1)
      let id = try #require(bobEvents.first?["id"] as? Int)
      // The revision that evaluated; no experiment runs, so no arm.
      let revision = try StoreTestSupport.loadCatalog("discipline").revision
      #expect(
        bob.text
          == #"{"events":[{"id":\#(id),"catalog":"discipline","catalog_version":1,"user":"bob","date":"2026-01-03","kind":"badge.unlocked","subject":"momentum","data":{},"catalog_revision":"\#(revision)"}],"next":\#(id)}"#
          + "\n")
      // The cursor: after the last, nothing, and next stays; a limit.
      let last = try #require(ids.last)
      let after = try await api.call(RouteCall(.get, "/v1/events?after=\(last)"))
      #expect(after.text == #"{"events":[],"next":\#(last)}"# + "\n")
      let one = try await api.object(RouteCall(.get, "/v1/events?limit=1"))
      #expect((one["events"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [ids[0]])
      #expect(one["next"] as? Int == ids[0])
      let none = try await api.object(RouteCall(.get, "/v1/events?catalog=rizq"))
      #expect((none["events"] as? [Any])?.isEmpty == true)
      #expect(none["next"] as? Int == 0)
    },
    refusals: { _ in
      let kinds =
        "badge.unlocked, milestone.reached, streak.started, streak.extended, streak.broken, streak.protected, freeze.earned, level.reached, freeze.granted, streak.restored"
      let bad = { (query: String, message: String) in
        Refusal("'\(query)'", RouteCall(.get, "/v1/events?\(query)"), 400, "bad-parameter", message)
      }
      return [
        bad("after=-1", "'after' must be an event id (a whole number from 0); found '-1'"),
        bad("after=first", "'after' must be an event id (a whole number from 0); found 'first'"),
        bad(
          "after=9223372036854775808",
          "'after' must be an event id (a whole number from 0); found '9223372036854775808'"),
        bad("limit=0", "'limit' must be a whole number from 1 to 1000; found '0'"),
        bad("limit=1001", "'limit' must be a whole number from 1 to 1000; found '1001'"),
        bad("catalog=", "'catalog' must be a catalog id; found nothing"),
        bad(
          "catalog=\(String(repeating: "c", count: 257))",
          "'catalog' must be a catalog id of at most 256 bytes; found 257"),
        bad("user=\(longUser)", "'user': \(longUserMessage)"),
        bad("user=%01", "'user': the user id contains a control character (U+0001)"),
        bad("kind=badge", "'kind' must be one of \(kinds); found 'badge'"),
        bad("after=%00", "'after' holds a NUL character (%00); no parameter may"),
        bad(
          "user=%FF",
          "'user' is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"),
      ]
    })
}
