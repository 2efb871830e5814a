import Foundation
import HTTPTypes
import StoreTestSupport
import Testing

@testable import RulesServer

/// What a phone takes from the server: the user's catalog and state, a badge's credential and
/// the key that verifies it (SyncRouteTests and CredentialTests go further).
extension RouteCases {
  static let sync: [RouteCase] = [userCatalog, userState, credential, credentialKeys]

  /// The issuer the harness's credentials name.
  static let issuerURL = "https://rewards.example.org"

  static let userCatalog = RouteCase(
    .get, "/v1/catalogs/{catalog}/users/{user}/catalog", .ownUser, sample: RouteCall(.get, user() + "/catalog"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, user() + "/catalog", as: .user("alice")))
      #expect(answer.status == .ok)
      let exported = try await api.call(RouteCall(.get, "/v1/catalogs/discipline"))
      #expect(answer.text == exported.text)
      let tag = try #require(answer.headers[.eTag])
      #expect(answer.headers[.cacheControl] == "private, no-cache")
      let kept = try await api.call(RouteCall(.get, user() + "/catalog", headers: ["If-None-Match": tag]))
      #expect(kept.status == .notModified)
      #expect(kept.text.isEmpty)
      // A user whose details alone are stored gets it (a new phone, before its first day).
      #expect(try await api.call(RouteCall(.put, user("carol"), as: .user("carol"), body: "{}")).status == .ok)
      let carol = try await api.call(RouteCall(.get, user("carol") + "/catalog", as: .user("carol")))
      #expect(carol.status == .ok && carol.text == exported.text)
    },
    refusals: { _ in
      [
        Refusal(
          "a user the store has no row of", RouteCall(.get, user("dave") + "/catalog"), 404, "unknown-user",
          "the catalog 'discipline' has no record of the user 'dave'; PUT the user's details or a day first"),
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/users/alice/catalog")),
      ]
        + badUsers({ user($0) + "/catalog" }, method: .get)
    })

  static let userState = RouteCase(
    .get, "/v1/catalogs/{catalog}/users/{user}/state", .ownUser, sample: RouteCall(.get, user() + "/state"),
    answers: { api in
      let answer = try await api.object(RouteCall(.get, user() + "/state", as: .user("alice")))
      #expect(answer["catalog"] as? String == "discipline")
      #expect(answer["rebuild"] as? Bool == false)
      let state = try #require(answer["state"] as? [String: Any])
      #expect(state["user"] as? String == "alice")
      let history = try #require(answer["history"] as? [String: Any])
      #expect(history["user"] as? String == "alice")
      // The days the state has not counted: the day of its date, in progress.
      let days = (history["days"] as? [[String: Any]] ?? []).compactMap { $0["date"] as? String }
      #expect(days == ["2026-01-07"])
    },
    refusals: { _ in
      [
        unknownUser(RouteCall(.get, user("carol") + "/state"), "carol"),
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/users/alice/state")),
      ] + badUsers({ user($0) + "/state" }, method: .get)
    })

  static let credential = RouteCase(
    .get, "/v1/catalogs/{catalog}/users/{user}/badges/{badge}/credential", .ownUser,
    sample: RouteCall(.get, user() + "/badges/first-week/credential"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, user() + "/badges/first-week/credential", as: .user("alice")))
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "application/jwt")
      #expect(answer.text.split(separator: ".").count == 3)
    },
    refusals: { _ in
      [
        Refusal(
          "a locked badge", RouteCall(.get, user() + "/badges/two-weeks/credential"), 404, "badge-locked",
          "the user 'alice' has not unlocked the badge 'two-weeks'; a locked badge has no credential"),
        Refusal(
          "an unknown badge", RouteCall(.get, user() + "/badges/nope/credential"), 404, "unknown-badge",
          "the catalog 'discipline' has no badge 'nope'; GET /v1/catalogs/discipline lists them"),
        Refusal(
          "a badge id with NUL", RouteCall(.get, user() + "/badges/first%00week/credential"), 400, "bad-parameter",
          "'badge' holds a NUL character (%00); no parameter may"),
        unknownUser(RouteCall(.get, user("carol") + "/badges/first-week/credential"), "carol"),
        unknownCatalog(RouteCall(.get, "/v1/catalogs/nope/users/alice/badges/first-week/credential")),
      ] + badUsers({ user($0) + "/badges/first-week/credential" }, method: .get)
    })

  static let credentialKeys = RouteCase(
    .get, "/.well-known/jwks.json", .public, sample: RouteCall(.get, "/.well-known/jwks.json"),
    answers: { api in
      let answer = try await api.call(RouteCall(.get, "/.well-known/jwks.json", as: .anonymous))
      #expect(answer.status == .ok)
      #expect(answer.headers[.contentType] == "application/jwk-set+json")
      #expect(answer.headers[.cacheControl] == "public, max-age=300")
      let set = try #require(RouteHarness.json(answer.text) as? [String: Any])
      let keys = try #require(set["keys"] as? [[String: Any]])
      #expect(keys.count == 1)
      #expect(keys.first?["kty"] as? String == "EC" && keys.first?["alg"] as? String == "ES256")
    })
}
