import Foundation
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesExperiments
import RulesStore
import StoreTestSupport
import Testing

@testable import RulesServer

/// The event log and the leaderboards name the arms: each event carries the revision that
/// evaluated and, while the experiment runs, `experiment: {name, arm}`; each leaderboard entry
/// its user's arm.
@Suite struct ExperimentArmsTests {
  static func object(_ text: String) -> [String: Any]? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
  }

  @Test(arguments: Backend.all)
  func eventsAndLeaderboardsNameTheArms(_ backend: Backend) async throws {
    let ids = (1...12).map { "user-\($0)" }
    let assignment = Assignment(experiment: "arms", share: Share(parsing: "50%")!)
    let control = try StoreTestSupport.loadCatalog("discipline").revision
    let variant = RouteCases.variantRevision
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let token = InProcessAPI.adminToken
        let put = { (user: String, date: String) in
          try await client.call(
            .put, "/v1/catalogs/discipline/users/\(user)/days/\(date)", token: token,
            body: #"{"planned": true, "completed": true}"#)
        }
        // Before the experiment: the served revision, no arm, on events and the leaderboard.
        #expect(try await put("before", "2026-01-01").status == .ok)
        let board = "/v1/catalogs/discipline/leaderboards/training.current"
        let plain = try await client.call(.get, board, token: token)
        #expect(!plain.text.contains("\"arm\""), "\(plain.text)")
        #expect(try await store.experiments(catalog: "discipline").isEmpty)

        let started = try await client.call(
          .post, "/v1/admin/experiments", token: token, body: RouteCases.startBody("arms"))
        #expect(started.status == .created, "\(started.text)")
        for id in ids {
          for date in ["2026-01-01", "2026-01-02"] { #expect(try await put(id, date).status == .ok) }
        }
        let listed = try await client.call(.get, "/v1/events?limit=1000", token: token)
        let events = try #require(Self.object(listed.text)?["events"] as? [[String: Any]])
        var seen: Set<String> = []
        for event in events {
          let user = try #require(event["user"] as? String)
          let revision = event["catalog_revision"] as? String
          if user == "before" {
            #expect(revision == control && event["experiment"] == nil, "\(event)")
            continue
          }
          let arm = assignment.arm(of: user)
          #expect(revision == (arm == .variant ? variant : control), "\(event)")
          #expect(event["experiment"] as? [String: String] == ["name": "arms", "arm": arm.rawValue], "\(event)")
          seen.insert(arm.rawValue)
        }
        #expect(seen == ["control", "variant"], "both arms have events")

        let ranked = try await client.call(.get, board + "?limit=100", token: token)
        let entries = try #require(Self.object(ranked.text)?["entries"] as? [[String: Any]])
        #expect(entries.count == ids.count + 1)
        for entry in entries {
          let user = try #require(entry["user"] as? String)
          #expect(entry["arm"] as? String == assignment.arm(of: user).rawValue, "\(entry)")
          #expect(entry["rank"] is Int && entry["value"] is Int, "\(entry)")
        }

        // Stopped: the events keep their revisions, no arm is named any more.
        let stopped = try await client.call(.post, "/v1/admin/experiments/arms/stop", token: token)
        #expect(stopped.status == .ok, "\(stopped.text)")
        let after = try await client.call(.get, "/v1/events?limit=1000", token: token)
        #expect(!after.text.contains(#""experiment""#))
        #expect(after.text.contains(#""catalog_revision":"\#(variant)""#))
        #expect(!(try await client.call(.get, board, token: token)).text.contains("\"arm\""))
        // The store lists the catalog's experiments, ended ones too (the console's list).
        let kept = try await store.experiments(catalog: "discipline")
        #expect(kept.map(\.name) == ["arms"] && kept.map(\.status) == ["stopped"])
        #expect(try await store.experiments(catalog: "rizq").isEmpty)
      }
    }
  }

  /// Support's tools count a user under their arm's catalog: the `freeze.granted` event of a
  /// variant's user carries the variant's revision, a control user's the served one.
  @Test(arguments: Backend.all)
  func supportIsGivenUnderTheUsersArm(_ backend: Backend) async throws {
    let (variantUser, controlUser) = RouteCases.armedUsers("support-arms")
    let control = try StoreTestSupport.loadCatalog("discipline").revision
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let token = InProcessAPI.adminToken
        let started = try await client.call(
          .post, "/v1/admin/experiments", token: token, body: RouteCases.startBody("support-arms"))
        #expect(started.status == .created, "\(started.text)")
        for user in [variantUser, controlUser] {
          let put = try await client.call(
            .put, "/v1/catalogs/discipline/users/\(user)/days/2026-01-01", token: token,
            body: #"{"planned": true, "completed": true}"#)
          #expect(put.status == .ok, "\(put.text)")
          let granted = try await client.call(
            .post, "/v1/catalogs/discipline/users/\(user)/freezes", token: token,
            body: #"{"streak": "training", "count": 1, "reason": "outage"}"#)
          #expect(granted.status == .created, "\(granted.text)")
        }
        let listed = try await client.call(.get, "/v1/events?limit=1000", token: token)
        let events = try #require(Self.object(listed.text)?["events"] as? [[String: Any]])
        let grants = events.filter { $0["kind"] as? String == "freeze.granted" }
        let revisions = Dictionary(
          grants.map { ($0["user"] as? String ?? "", $0["catalog_revision"] as? String ?? "") },
          uniquingKeysWith: { $1 })
        #expect(revisions == [variantUser: RouteCases.variantRevision, controlUser: control], "\(grants)")
      }
    }
  }
}
