import Foundation
import HTTPTypes
import HummingbirdTesting
import StoreTestSupport
import Testing

@testable import RulesServer

/// `GET /v1/catalogs/{catalog}/users/{user}/badges/{badge}/explanation` (#38, "why not yet"):
/// the content of `rules explain --format json` for the user's stored days, on both stores.
@Suite struct ExplanationTests {
  /// Three weeks of a training app's user (examples/discipline.yaml's days): a rest day, one
  /// missed session, `momentum` and `first-week` unlocked, `two-weeks` and `showing-up` not.
  static let days: [(String, Bool, Bool)] = {
    var days: [(String, Bool, Bool)] = []
    for number in 1...21 {
      let date = "2026-01-" + (number < 10 ? "0\(number)" : "\(number)")
      let rest = [4, 11, 16].contains(number)
      days.append((date, !rest, number != 8 && !rest))
    }
    return days
  }()

  static let history: String = {
    var lines = ["user: alice", "days:"]
    for (date, planned, completed) in days {
      lines.append("  - {date: \(date), planned: \(planned), completed: \(completed)}")
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  static func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, "\(text)")
  }

  /// The API over `backend` with alice's days put one by one, as her app would.
  static func withAlice(
    _ backend: Backend, _ body: @Sendable (any TestClientProtocol, String) async throws -> Void
  ) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      let token = try await TestTokens.hs256(TestTokens.claims("alice"))
      try await api.test { client in
        for (date, planned, completed) in days {
          let answer = try await client.call(
            .put, "/v1/catalogs/discipline/users/alice/days/\(date)", token: token,
            body: #"{"planned": \#(planned), "completed": \#(completed)}"#)
          #expect(answer.status == .ok, "\(date): \(answer.text)")
        }
        try await body(client, token)
      }
    }
  }

  @Test(arguments: Backend.all) func theAnswerIsRulesExplainForTheStoredDays(_ backend: Backend) async throws {
    try Binary.requireBuilt()
    try await withTemporaryFolder { folder in
      let file = folder.appendingPathComponent("alice.yaml")
      try Self.history.write(to: file, atomically: true, encoding: .utf8)
      try await Self.withAlice(backend) { client, token in
        for badge in ["momentum", "first-week", "two-weeks", "showing-up"] {
          for date in ["2026-01-21", "2026-01-10"] {
            let answer = try await client.call(
              .get, "/v1/catalogs/discipline/users/alice/badges/\(badge)/explanation?date=\(date)", token: token)
            #expect(answer.status == .ok, "\(badge) \(date): \(answer.text)")
            let cli = try Binary.run(
              "rules", ["explain", "discipline", badge, "--history", file.path, "--date", date, "--format", "json"])
            #expect(cli.status == 0, "\(cli.stderr)")
            #expect(try Self.object(answer.text) == Self.object(cli.stdout), "\(badge) as of \(date)")
          }
        }
      }
    }
  }

  @Test(arguments: Backend.all) func aLockedBadgeSaysWhatIsMissing(_ backend: Backend) async throws {
    try await Self.withAlice(backend) { client, token in
      let locked = try Self.object(
        try await client.call(
          .get, "/v1/catalogs/discipline/users/alice/badges/two-weeks/explanation?date=2026-01-21", token: token
        ).text)
      #expect(locked["state"] as? String == "locked")
      #expect(locked["unlocked_on"] is NSNull)
      #expect(locked["when"] as? String == "training.current >= 14")
      let missing = try #require(locked["missing"] as? [NSDictionary])
      #expect(missing.count == 1)
      #expect(missing.first?["text"] as? String == "training.current >= 14")
      #expect(missing.first?["left"] as? Int == 11)
      #expect(missing.first?["right"] as? Int == 14)
      #expect(missing.first?["holds"] as? Bool == false)
      let progress = try #require(locked["progress"] as? NSDictionary)
      #expect(progress["current"] as? Int == 11)
      #expect(progress["target"] as? Int == 14)
      // An unlocked badge: its date as the store holds it, nothing missing.
      let unlocked = try Self.object(
        try await client.call(
          .get, "/v1/catalogs/discipline/users/alice/badges/first-week/explanation?date=2026-01-21", token: token
        ).text)
      #expect(unlocked["state"] as? String == "unlocked")
      #expect(unlocked["unlocked_on"] as? String == "2026-01-17")
      #expect((unlocked["missing"] as? [Any])?.isEmpty == true)
      #expect(unlocked["holds"] as? Bool == true, "the streak is 11 on the 21st, at least 7")
    }
  }

  @Test(arguments: Backend.all) func badInputAnswersItsError(_ backend: Backend) async throws {
    try await Self.withAlice(backend) { client, token in
      let bob = try await TestTokens.hs256(TestTokens.claims("bob"))
      let base = "/v1/catalogs/discipline/users"
      let cases: [(HTTPRequest.Method, String, String?, String)] = [
        (.get, "\(base)/alice/badges/nope/explanation", token, "404 unknown-badge"),
        (.get, "\(base)/bob/badges/momentum/explanation", bob, "404 unknown-user"),
        (
          .get, "/v1/catalogs/nope/users/alice/badges/momentum/explanation", InProcessAPI.adminToken,
          "404 unknown-catalog"
        ),
        (.get, "\(base)/alice/badges/momentum/explanation?date=2026-02-30", token, "400 bad-date"),
        (.get, "\(base)/alice/badges/momentum/explanation?locale=%FF", token, "400 bad-locale"),
        (.get, "\(base)/alice/badges/mo%00mentum/explanation", token, "400 bad-parameter"),
        (.get, "\(base)/alice/badges/momentum/explanation", bob, "403 forbidden"),
        (.get, "\(base)/alice/badges/momentum/explanation", nil, "401 unauthorized"),
        (.put, "\(base)/alice/badges/momentum/explanation", token, "405 method-not-allowed"),
      ]
      for (method, path, caller, expected) in cases {
        let answer = try await client.call(method, path, token: caller)
        #expect(PathSpellingTests.outcome(answer) == expected, "\(method) \(path): \(answer.text)")
      }
      // The admin token reads any user's explanation.
      let admin = try await client.call(
        .get, "\(base)/alice/badges/momentum/explanation?date=2026-01-21", token: InProcessAPI.adminToken)
      #expect(try Self.object(admin.text)["state"] as? String == "unlocked")
    }
  }
}
