import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import RulesExperiments
import StoreTestSupport
import Testing

@testable import RulesServer

/// The console's experiment pages: the list per catalog, and a report whose figures are those
/// of `GET /v1/admin/experiments/{name}` (the browser tests read every chart; here the users per
/// arm and every difference, and the refusals).
@Suite struct ConsoleExperimentTests {
  @Test func theReportPageShowsTheAPIsFigures() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let token = InProcessAPI.adminToken
        let cookie = try await ConsoleTests.signIn(client)
        let empty = try await ConsoleTests.send(client, .get, "/console/experiments", cookie: cookie)
        #expect(empty.status == .ok)
        #expect(String(buffer: empty.body).contains("No experiment yet"))

        let started = try await client.call(
          .post, "/v1/admin/experiments", token: token, body: RouteCases.startBody("shown"))
        #expect(started.status == .created, "\(started.text)")
        for id in (1...16).map({ "user-\($0)" }) {
          for date in ["2026-01-01", "2026-01-02", "2026-01-08"] {
            let put = try await client.call(
              .put, "/v1/catalogs/discipline/users/\(id)/days/\(date)", token: token,
              body: #"{"planned": true, "completed": true}"#)
            #expect(put.status == .ok)
          }
        }
        let listed = String(
          buffer: try await ConsoleTests.send(client, .get, "/console/experiments", cookie: cookie).body)
        #expect(ConsoleTests.attribute(listed, "data-experiment", "shown", "data-status") == "running", "\(listed)")

        let page = try await ConsoleTests.send(
          client, .get, "/console/experiments/shown?date=2026-01-20", cookie: cookie)
        #expect(page.status == .ok)
        let html = String(buffer: page.body)
        let answer = try ConsoleTests.json(
          try await client.call(.get, "/v1/admin/experiments/shown?date=2026-01-20", token: token).text)
        let report = try #require(answer["report"] as? NSDictionary)
        for arm in ["control", "variant"] {
          let users = (report[arm] as? NSDictionary)?["users"] as? Int
          #expect(ConsoleTests.attribute(html, "data-arm-users", arm, "data-value") == users.map(String.init))
        }
        let differences = try #require(report["differences"] as? [NSDictionary])
        #expect(differences.count > 5)
        for difference in differences {
          let metric = try #require(difference["metric"] as? String)
          guard let interval = difference["interval"] as? NSDictionary else {
            #expect(ConsoleTests.attribute(html, "data-difference", metric, "data-estimate") == "")
            continue
          }
          for key in ["estimate", "lower", "upper"] {
            // Foundation's JSON reader rounds some doubles in their last digit (the browser tests
            // compare them exactly).
            let shown = ConsoleTests.attribute(html, "data-difference", metric, "data-\(key)").flatMap(Double.init)
            let wanted = try #require(interval[key] as? Double)
            #expect(abs((shown ?? .nan) - wanted) < 1e-12, "\(metric) \(key): \(String(describing: shown))")
          }
        }
        #expect(html.contains("<svg class=\"interval\" role=\"img\" aria-label=\"Day 7: control: "))

        let unknown = try await ConsoleTests.send(client, .get, "/console/experiments/nope", cookie: cookie)
        #expect(unknown.status == .notFound)
        #expect(String(buffer: unknown.body).contains("there is no experiment &#39;nope&#39;"))
        let badDate = try await ConsoleTests.send(
          client, .get, "/console/experiments/shown?date=2026-02-30", cookie: cookie)
        #expect(badDate.status == .badRequest)
        #expect(try await ConsoleTests.send(client, .get, "/console/experiments/shown").status == .seeOther)
      }
    }
  }
}
