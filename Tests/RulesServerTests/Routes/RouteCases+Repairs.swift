import Foundation
import HTTPTypes
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import Testing

@testable import RulesServer

/// Repairs a user makes (issue 54, item 3): `PUT .../repairs/{date}` (the user's own token or
/// admin) and its `DELETE` (admin), in a catalog `mend` served beside the shipped ones: its
/// `daily` streak takes a repair up to two days late, one a year. Alice's days there run from
/// seven days before today to yesterday, the sixth and the second before today missed.
extension RouteCases {
  static let repairs: [RouteCase] = [putRepair, deleteRepair]

  static let mendCatalog = """
    catalog: mend
    name: Mend
    inputs:
      done: {type: bool}
    streaks:
      daily:
        counts: done
        repairs: {within_days: 2, max: 1, per: year}
      plain:
        counts: done
    """

  static func mend(_ user: String = "alice") -> String { Self.user(user, catalog: "mend") }

  /// Puts Alice's days in `mend`: seven days before today to yesterday, the sixth and the
  /// second before today missed.
  static func mendAlice(_ api: RouteHarness) async throws {
    let today = RouteCases.today()
    for back in (1...7).reversed() {
      let put = try await api.call(
        RouteCall(.put, mend() + "/days/\(today + -back)", body: #"{"done": \#(back != 2 && back != 6)}"#))
      #expect(put.status == .ok, "\(put.text)")
    }
  }

  /// The current of `daily` and `plain`.
  static func mended(_ evaluation: [String: Any]) -> [Int] {
    let streaks = evaluation["streaks"] as? [String: Any]
    return ["daily", "plain"].map { ((streaks?[$0] as? [String: Any])?["current"] as? Int) ?? -1 }
  }

  static let putRepair = RouteCase(
    .put, "/v1/catalogs/{catalog}/users/{user}/repairs/{date}", .ownUser, catalogs: ["mend.yaml": mendCatalog],
    sample: RouteCall(.put, mend() + "/repairs/\(RouteCases.today() + -2)"),
    answers: { api in
      try await mendAlice(api)
      let today = RouteCases.today()
      let broken = today + -2
      #expect(mended(try await api.object(RouteCall(.get, mend() + "/progress"))) == [1, 1])
      // Alice's own token: the day is covered for `daily` (which takes repairs), not `plain`.
      let repaired = try await api.call(RouteCall(.put, mend() + "/repairs/\(broken)").from(.user("alice")))
      #expect(repaired.status == .ok, "\(repaired.text)")
      let evaluation = RouteHarness.json(repaired.text) as? [String: Any] ?? [:]
      #expect(mended(evaluation) == [4, 1])
      // The answer is the evaluation progress gives from then on.
      let progress = try await api.call(RouteCall(.get, mend() + "/progress"))
      #expect(progress.text == repaired.text)
      #expect(
        try await aliceEvents(api, "streak.repaired", catalog: "mend") == [
          #"daily \#(broken) {"date":"\#(broken)","made":"\#(today)","streak":"daily"}"#
        ])
      // The phone's history lists it.
      let state = try await api.object(RouteCall(.get, mend() + "/state"))
      let history = state["history"] as? [String: Any]
      let listed = (history?["repairs"] as? [[String: Any]] ?? []).map {
        "\($0["date"] ?? "") \($0["made"] ?? "") \($0["streaks"] ?? "")"
      }
      #expect(listed.count == 1 && listed[0].hasPrefix("\(broken) \(today) "), "\(listed)")
      // The same repair again writes and tells nothing, and answers the same.
      let again = try await api.call(RouteCall(.put, mend() + "/repairs/\(broken)"))
      #expect(again.status == .ok && again.text == repaired.text, "\(again.text)")
      #expect(try await aliceEvents(api, "streak.repaired", catalog: "mend").count == 1)
      // Yesterday missed too: its repair is over the budget (one a year), in the refusals.
      let missed = try await api.call(RouteCall(.put, mend() + "/days/\(today + -1)", body: #"{"done": false}"#))
      #expect(missed.status == .ok, "\(missed.text)")
    },
    refusals: { _ in
      let today = RouteCases.today()
      let put = { (date: String) in RouteCall(.put, Self.mend() + "/repairs/\(date)") }
      return [
        Refusal(
          "today", put("\(today)"), 409, "repair-refused",
          "too-late: \(today) is not before today (\(today)): today cannot have broken a streak yet"),
        Refusal(
          "a day over the budget", put("\(today + -1)"), 409, "repair-refused",
          "over-budget: no repair is left: 'daily' already had 1 made in \(String(today.description.prefix(4))), at most 1 a year"
        ),
        Refusal(
          "a day that counted", put("\(today + -3)"), 409, "repair-refused",
          "nothing-broken: \(today + -3) broke no streak that takes repairs ('daily'): it counted, was skipped or paused, or was covered"
        ),
        Refusal(
          "a day too long ago", put("\(today + -6)"), 409, "repair-refused",
          "too-late: \(today + -6) is 6 days before today (\(today)): 'daily' takes them at most 2 days back"),
        Refusal(
          "a day before the streak began", put("\(today + -9)"), 409, "repair-refused",
          "nothing-broken: \(today + -9) broke no streak that takes repairs ('daily'): it counted, was skipped or paused, or was covered"
        ),
        Refusal(
          "an impossible day", put("2026-02-30"), 400, "bad-date", "2026-02-30 is not a day of the calendar"),
        Refusal(
          "a catalog without repairs", RouteCall(.put, Self.user() + "/repairs/2026-01-08"), 409, "repair-refused",
          "nothing-broken: the catalog 'discipline' has no streak that takes repairs"),
        unknownUser(RouteCall(.put, Self.mend("zed") + "/repairs/\(today + -2)"), "zed", catalog: "mend"),
        unknownCatalog(RouteCall(.put, "/v1/catalogs/nope/users/alice/repairs/2026-01-08")),
      ] + badUsers({ user($0, catalog: "mend") + "/repairs/\(today + -2)" }, method: .put)
    })

  static let deleteRepair = RouteCase(
    .delete, "/v1/catalogs/{catalog}/users/{user}/repairs/{date}", .admin, catalogs: ["mend.yaml": mendCatalog],
    sample: RouteCall(.delete, mend() + "/repairs/\(RouteCases.today() + -2)"),
    answers: { api in
      try await mendAlice(api)
      let broken = RouteCases.today() + -2
      let repaired = try await api.call(RouteCall(.put, mend() + "/repairs/\(broken)"))
      #expect(repaired.status == .ok, "\(repaired.text)")
      // Taken back: the day breaks the streak again.
      let back = try await api.call(RouteCall(.delete, mend() + "/repairs/\(broken)"))
      #expect(back.status == .ok, "\(back.text)")
      #expect(mended(RouteHarness.json(back.text) as? [String: Any] ?? [:]) == [1, 1])
      let progress = try await api.call(RouteCall(.get, mend() + "/progress"))
      #expect(progress.text == back.text)
      // Made again (the budget counts what is kept: one a year), then kept for the refusals.
      let mendedAgain = try await api.call(RouteCall(.put, mend() + "/repairs/\(broken)"))
      #expect(mendedAgain.status == .ok && mendedAgain.text == repaired.text, "\(mendedAgain.text)")
    },
    refusals: { _ in
      let today = RouteCases.today()
      return [
        Refusal(
          "a day not repaired", RouteCall(.delete, Self.mend() + "/repairs/\(today + -3)"), 404, "unknown-repair",
          "the user 'alice' has no repair of \(today + -3) in the catalog 'mend'"),
        Refusal(
          "an impossible day", RouteCall(.delete, Self.mend() + "/repairs/2026-02-30"), 400, "bad-date",
          "2026-02-30 is not a day of the calendar"),
        unknownUser(RouteCall(.delete, Self.mend("zed") + "/repairs/\(today + -2)"), "zed", catalog: "mend"),
        unknownCatalog(RouteCall(.delete, "/v1/catalogs/nope/users/alice/repairs/2026-01-08")),
      ] + badUsers({ user($0, catalog: "mend") + "/repairs/\(today + -2)" }, method: .delete)
    })
}
