import Foundation
import HTTPTypes
import RulesTestSupport
import StoreTestSupport
import Testing

@testable import RulesServer

/// The catalogs: their list, one catalog, the reload, the stats and the leaderboards.
extension RouteCases {
  static let catalogs: [RouteCase] = [listCatalogs, getCatalog, reload, stats, leaderboard]

  static let servedList =
    #"[{"catalog":"discipline","name":"Discipline","version":1},{"catalog":"imanpath","name":"ImanPath","version":1},"#
    + #"{"catalog":"onward","name":"Onward","version":1},{"catalog":"rizq","name":"RIZQ","version":1},"#
    + #"{"catalog":"salahstreak","name":"SalahStreak","version":1}]"#

  static let listCatalogs = RouteCase(
    .get, "/v1/catalogs", .adminOrOpen, sample: RouteCall(.get, "/v1/catalogs"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, "/v1/catalogs"))
      #expect(answer.status == .ok)
      #expect(answer.text == servedList + "\n")
    })

  static let getCatalog = RouteCase(
    .get, "/v1/catalogs/{catalog}", .adminOrOpen, sample: RouteCall(.get, "/v1/catalogs/rizq"),
    answers: { api in
      let exported = try await api.object(RouteCall(.get, "/v1/catalogs/rizq"))
      #expect(exported["format"] as? String == "rules-catalog")
      #expect(exported["format_version"] as? Int == 1)
      #expect(exported["catalog"] as? String == "rizq")
      let inputs = exported["inputs"] as? [[String: Any]]
      #expect(inputs?.compactMap { $0["key"] as? String } == ["duas_completed", "habits_completed", "habits_total"])
    },
    refusals: { _ in
      [
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope")),
        Refusal(
          "a catalog id with NUL", RouteCall(.get, "/v1/catalogs/ri%00zq"), 400, "bad-parameter",
          "'catalog' holds a NUL character (%00); no parameter may"),
      ]
    })

  /// discipline.yaml at `version`, with one more badge.
  static func discipline(version: Int) throws -> String {
    var text = try String(
      contentsOf: repositoryRoot.appendingPathComponent("catalogs/discipline.yaml"), encoding: .utf8)
    text = text.replacingOccurrences(of: "\nversion: 1\n", with: "\nversion: \(version)\n")
    let badge = """
        - id: two-days
          name: Two days
          description: 2-day streak
          category: streak
          group: streaks
          when: training.current >= 2
      """
    return text.replacingOccurrences(of: "\nbadges:\n", with: "\nbadges:\n\(badge)\n")
  }

  static let reload = RouteCase(
    .post, "/v1/admin/catalogs/reload", .admin, sample: RouteCall(.post, "/v1/admin/catalogs/reload"),
    answers: { api in
      // The folder unchanged: every catalog as it was, its stored values not read again.
      let same = try await api.array(RouteCall(.post, "/v1/admin/catalogs/reload"))
      #expect(same.compactMap { $0["catalog"] as? String } == ShippedCatalogs.names)
      #expect(
        same.allSatisfy { ($0["ignored_inputs"] as? [Any])?.isEmpty == true && $0["unreadable_states"] is NSNull })
      // discipline changed: its version 2 is served, checked against what the store holds.
      let file = api.catalogs.appendingPathComponent("discipline.yaml")
      try discipline(version: 2).write(to: file, atomically: true, encoding: .utf8)
      let changed = try await api.call(RouteCall(.post, "/v1/admin/catalogs/reload"))
      #expect(changed.status == .ok)
      #expect(
        changed.text.hasPrefix(
          #"[{"catalog":"discipline","name":"Discipline","version":2,"ignored_inputs":[],"nearest_inputs":[],"unreadable_states":0},"#
        ),
        "\(changed.text)")
      let listed = try await api.call(RouteCall(.get, "/v1/catalogs"))
      #expect(listed.text.hasPrefix(#"[{"catalog":"discipline","name":"Discipline","version":2},"#))
      let day = try await api.object(RouteCall(.put, user() + "/days/2026-01-08", body: RouteHarness.trained))
      #expect(newBadges(day) == ["two-days"], "the badge version 2 added")
    },
    refusals: { api in
      // A catalog of the folder that fails `rules check`: the reload is refused whole.
      let file = api.catalogs.appendingPathComponent("discipline.yaml")
      try "catalog: discipline\nbadges: 3\n".write(to: file, atomically: true, encoding: .utf8)
      return [
        Refusal(
          "a catalog that fails rules check", RouteCall(.post, "/v1/admin/catalogs/reload"), 422, "catalog-invalid",
          "the catalogs were not reloaded; the ones served are unchanged: \(file.path):2:9: error: 'badges' must be a list of badges; found an integer [wrong-type]"
        )
      ]
    })

  static let stats = RouteCase(
    .get, "/v1/catalogs/{catalog}/stats", .adminOrOpen, sample: RouteCall(.get, "/v1/catalogs/discipline/stats"),
    answers: { api in
      // As of the latest date evaluated (Alice's 7th): Alice at 7, Bob at 3 since the 3rd.
      let latest = try await api.call(RouteCall(.get, "/v1/catalogs/discipline/stats"))
      #expect(latest.status == .ok)
      #expect(
        latest.text
          == #"{"catalog":"discipline","date":"2026-01-07","users":2,"users_evaluated":2,"users_evaluated_on_date":1,"#
          + #""unlocks":{"first-week":1,"momentum":2},"unlocks_on_date":{"first-week":1},"#
          + #""streaks":{"training":{"1":0,"2-6":1,"7-29":1,"30-99":0,"100+":0}},"streak_days_on_date":{"training":1}}"#
          + "\n")
      let third = try await api.object(RouteCall(.get, "/v1/catalogs/discipline/stats?date=2026-01-03"))
      #expect(third["date"] as? String == "2026-01-03")
      #expect(third["users_evaluated_on_date"] as? Int == 1)
      #expect(third["unlocks_on_date"] as? [String: Int] == ["momentum": 2])
      #expect(third["streak_days_on_date"] as? [String: Int] == ["training": 2])
      // A catalog nobody used: no date, zeros.
      let empty = try await api.object(RouteCall(.get, "/v1/catalogs/rizq/stats"))
      #expect(empty["date"] is NSNull)
      #expect(empty["users"] as? Int == 0)
    },
    refusals: { _ in
      [
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/stats")),
        Refusal(
          "an impossible date", RouteCall(.get, "/v1/catalogs/discipline/stats?date=2026-02-30"), 400, "bad-date",
          "'date': 2026-02-30 is not a day of the calendar"),
        Refusal(
          "a date that is not one", RouteCall(.get, "/v1/catalogs/discipline/stats?date=soon"), 400, "bad-date",
          "'date': 'soon' is not a date; write it as YYYY-MM-DD, e.g. 2026-01-31"),
        Refusal(
          "a date with NUL", RouteCall(.get, "/v1/catalogs/discipline/stats?date=%00"), 400, "bad-date",
          "'date' holds a NUL character (%00); no parameter may"),
      ]
    })

  static let board = "/v1/catalogs/discipline/leaderboards/training.current"

  static let leaderboard = RouteCase(
    .get, "/v1/catalogs/{catalog}/leaderboards/{name}", .catalogUser, sample: RouteCall(.get, board),
    answers: { api in
      let top =
        #"{"catalog":"discipline","name":"training.current","entries":[{"rank":1,"user":"alice","value":7},{"rank":2,"user":"bob","value":3}]}"#
        + "\n"
      // The admin token, and any user's token of the catalog.
      for caller in [RouteCall.Caller.admin, .user("bob"), .user("carol", catalogs: ["discipline"])] {
        let answer = try await api.call(RouteCall(.get, board, as: caller))
        #expect(answer.status == .ok, "\(caller)")
        #expect(answer.text == top, "\(caller)")
      }
      let first = try await api.object(RouteCall(.get, board + "?limit=1"))
      #expect((first["entries"] as? [[String: Any]])?.compactMap { $0["user"] as? String } == ["alice"])
      let aroundBob = try await api.object(RouteCall(.get, board + "?limit=1&around=bob"))
      #expect((aroundBob["entries"] as? [[String: Any]])?.compactMap { $0["user"] as? String } == ["bob"])
      let checkins = try await api.object(RouteCall(.get, "/v1/catalogs/discipline/leaderboards/checkins"))
      #expect((checkins["entries"] as? [[String: Any]])?.compactMap { $0["value"] as? Int } == [7, 3])
    },
    refusals: { _ in
      let names = "training.current, training.best, checkins"
      return [
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/leaderboards/training.current")),
        Refusal(
          "an unknown leaderboard", RouteCall(.get, "/v1/catalogs/discipline/leaderboards/xp"), 404,
          "unknown-leaderboard", "the catalog 'discipline' has no leaderboard 'xp'; its leaderboards are \(names)"),
        Refusal(
          "a limit of 0", RouteCall(.get, board + "?limit=0"), 400, "bad-limit",
          "'limit' must be an integer from 1 to 100; found '0'"),
        Refusal(
          "a limit over 100", RouteCall(.get, board + "?limit=101"), 400, "bad-limit",
          "'limit' must be an integer from 1 to 100; found '101'"),
        Refusal(
          "a limit that is no number", RouteCall(.get, board + "?limit=ten"), 400, "bad-limit",
          "'limit' must be an integer from 1 to 100; found 'ten'"),
        Refusal(
          "an around over 256 bytes", RouteCall(.get, board + "?around=\(longUser)"), 400, "bad-around",
          "'around': \(longUserMessage)"),
        Refusal(
          "an around that is not UTF-8", RouteCall(.get, board + "?around=%FF"), 400, "bad-around",
          "'around' is not valid percent-encoded UTF-8 (each %XX names a byte; together they must be UTF-8)"),
        Refusal(
          "an around with no standing", RouteCall(.get, board + "?around=carol"), 404, "unknown-user",
          "'around': the leaderboard 'training.current' of 'discipline' has no user 'carol' (not evaluated yet)"),
      ]
    })
}
