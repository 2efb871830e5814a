import Foundation
import HTTPTypes
import HummingbirdTesting
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesServer

/// `GET /v1/catalogs/{c}/leaderboards/{id}?period=` for a catalog's declared leaderboards: the
/// current period by default, past periods by id, each answer naming its period's id, first and
/// last day; `period` of another form, on an all-time leaderboard, or outside the engine's
/// years refused with 400 `bad-period` saying the form expected; the all-time standings as they
/// were.
@Suite struct PeriodLeaderboardRouteTests {
  static func folder(_ root: URL) throws -> String {
    let folder = root.appendingPathComponent("served")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try PeriodLeaderboardTests.yaml.write(
      to: folder.appendingPathComponent("league.yaml"), atomically: true, encoding: .utf8)
    return folder.path
  }

  @Test(arguments: Backend.all) func periods(_ backend: Backend) async throws {
    try await withStore(backend) { store, root in
      let api = try await InProcessAPI(store: store, catalogs: try Self.folder(root))
      try await api.test { client in
        let token = InProcessAPI.adminToken
        // 2026-05-24 is a Sunday, the last day of 2026-W21; 05-25 starts 2026-W22.
        for (user, date, duas) in [
          ("amina", "2026-05-24", 5), ("amina", "2026-05-25", 3), ("bilal", "2026-05-24", 2),
          ("bilal", "2026-05-25", 7), ("chen", "2026-05-25", 3),
        ] {
          let put = try await client.call(
            .put, "/v1/catalogs/league/users/\(user)/days/\(date)", token: token, body: #"{"duas": \#(duas)}"#)
          #expect(put.status == .ok, "\(put.text)")
        }
        func get(_ query: String) async throws -> (String, String) {
          let answer = try await client.call(.get, "/v1/catalogs/league/leaderboards/\(query)", token: token)
          return (PathSpellingTests.outcome(answer), answer.text.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(
          try await get("weekly?period=2026-W22").1
            == #"{"catalog":"league","name":"weekly","period":"2026-W22","start":"2026-05-25","end":"2026-05-31","entries":[{"rank":1,"user":"bilal","value":7},{"rank":2,"user":"amina","value":3},{"rank":2,"user":"chen","value":3}]}"#
        )
        #expect(
          try await get("weekly?period=2026-W21&limit=1").1
            == #"{"catalog":"league","name":"weekly","period":"2026-W21","start":"2026-05-18","end":"2026-05-24","entries":[{"rank":1,"user":"amina","value":5}]}"#
        )
        #expect(
          try await get("monthly?period=2026-05&around=chen&limit=1").1
            == #"{"catalog":"league","name":"monthly","period":"2026-05","start":"2026-05-01","end":"2026-05-31","entries":[{"rank":3,"user":"chen","value":3}]}"#
        )
        #expect(
          try await get("daily?period=2026-05-24").1
            == #"{"catalog":"league","name":"daily","period":"2026-05-24","start":"2026-05-24","end":"2026-05-24","entries":[{"rank":1,"user":"amina","value":5},{"rank":2,"user":"bilal","value":2}]}"#
        )
        // A period nobody was evaluated in: no entries. The default is the period of today (UTC).
        #expect(try await get("weekly?period=2027-W01").1.hasSuffix(#""entries":[]}"#))
        let today = CalendarDay(Date(), in: TimeZone(identifier: "UTC")!)
        let current = Period.containing(today, kind: .month)
        #expect(
          try await get("monthly").1
            == #"{"catalog":"league","name":"monthly","period":"\#(current.id)","start":"\#(current.start)","end":"\#(CalendarDay(number: current.end.number - 1))","entries":[]}"#
        )
        #expect(try await get("lifetime").1.contains(#""period":"all","start":"1900-01-01""#))
        #expect(try await get("weekly?period=2026-W22&around=nobody").0 == "404 unknown-user")
        // Bad periods, each by its answer.
        for (query, message) in [
          (
            "weekly?period=2026-05",
            "'period': the leaderboard 'weekly' starts again each week; its period is a week, YYYY-Www (2026-W22) within the years the engine handles; found '2026-05'"
          ),
          (
            "weekly?period=2027-W53",
            "'period': the leaderboard 'weekly' starts again each week; its period is a week, YYYY-Www (2026-W22) within the years the engine handles; found '2027-W53'"
          ),
          (
            "hijri?period=1447-13",
            "'period': the leaderboard 'hijri' starts again each hijri month; its period is a Hijri month, YYYY-MM (1447-09) within the years the engine handles; found '1447-13'"
          ),
          (
            "daily?period=2026-02-30",
            "'period': the leaderboard 'daily' starts again each day; its period is a date, YYYY-MM-DD (2026-05-09) within the years the engine handles; found '2026-02-30'"
          ),
          (
            "lifetime?period=2026",
            "'period': the leaderboard 'lifetime' never starts again; its period is 'all' within the years the engine handles; found '2026'"
          ),
          (
            "month_duas?period=2026-05",
            "'period': the leaderboard 'month_duas' is all-time and takes no period; found '2026-05'"
          ),
        ] {
          let (outcome, text) = try await get(query)
          #expect(outcome == "400 bad-period", "\(query)")
          #expect(text.contains(message), "\(text)")
        }
        // The all-time standings are as they were, and the unknown names list the declared ids.
        #expect(
          try await get("month_duas").1
            == #"{"catalog":"league","name":"month_duas","entries":[{"rank":1,"user":"bilal","value":9},{"rank":2,"user":"amina","value":8},{"rank":3,"user":"chen","value":3}]}"#
        )
        // The console's page of a period: the picker, the period's days and the periods around
        // it, the rows the API ranks; a bad period is refused as the API refuses it.
        let cookie = try await ConsoleTests.signIn(client)
        let page = try await ConsoleTests.send(
          client, .get, "/console/catalogs/league/leaderboards/weekly?period=2026-W22", cookie: cookie)
        #expect(page.status == .ok)
        let html = page.text
        #expect(html.contains(#"data-period="2026-W22" data-start="2026-05-25" data-end="2026-05-31""#), "\(html)")
        #expect(html.contains(#"data-period-previous="2026-W21""#) && html.contains(#"data-period-next="2026-W23""#))
        #expect(html.contains(#"<table data-leaderboard="weekly" data-board-period="2026-W22">"#))
        #expect(html.contains(#"<input type="hidden" name="period" value="2026-W22">"#))
        for (rank, user, value) in [("1", "bilal", "7"), ("2", "amina", "3"), ("2", "chen", "3")] {
          #expect(ConsoleTests.attribute(html, "data-user", user, "data-value") == value)
          #expect(html.contains(#"<tr data-rank="\#(rank)" data-user="\#(user)""#), "\(user)")
        }
        let badPage = try await ConsoleTests.send(
          client, .get, "/console/catalogs/league/leaderboards/weekly?period=2026-22", cookie: cookie)
        #expect(badPage.status == .badRequest)
        let allTime = try await ConsoleTests.send(
          client, .get, "/console/catalogs/league/leaderboards/month_duas", cookie: cookie)
        #expect(allTime.status == .ok && !allTime.text.contains("data-period-picker"))
        let unknown = try await get("yearly")
        #expect(unknown.0 == "404 unknown-leaderboard")
        #expect(
          unknown.1.contains(
            "the catalog 'league' has no leaderboard 'yearly'; its leaderboards are month_duas, weekly, monthly, hijri, daily, lifetime"
          ), "\(unknown.1)")
      }
    }
  }
}
