import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import StoreTestSupport
import Testing

@testable import RulesServer

/// User ids are compared by their bytes everywhere (#34): `café` with a precomposed `é` (NFC)
/// and with `e` and a combining accent (NFD) are two users, in the store and to a token.
@Suite struct UserIDBytesTests {
  static let composed = "caf\u{E9}"  // NFC
  static let decomposed = "cafe\u{301}"  // NFD
  static let composedPath = "caf%C3%A9"
  static let decomposedPath = "cafe%CC%81"

  @Test(arguments: Backend.all) func aTokenOpensOnlyTheUserOfItsExactBytes(_ backend: Backend) async throws {
    #expect(Self.composed == Self.decomposed, "Swift's == takes the two spellings for one string")
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      let composedToken = try await TestTokens.hs256(TestTokens.claims(Self.composed))
      let decomposedToken = try await TestTokens.hs256(TestTokens.claims(Self.decomposed))
      try await api.test { client in
        let day = { (user: String) in "/v1/catalogs/discipline/users/\(user)/days/2026-01-05" }
        let progress = { (user: String) in "/v1/catalogs/discipline/users/\(user)/progress" }
        let body = #"{"planned": true, "completed": true}"#
        // The NFD user's own token writes its day; the NFC user's token cannot, nor read it.
        #expect(try await client.call(.put, day(Self.decomposedPath), token: decomposedToken, body: body).status == .ok)
        let write = try await client.call(.put, day(Self.decomposedPath), token: composedToken, body: body)
        #expect(write.status == .forbidden)
        #expect(PathSpellingTests.outcome(write) == "403 forbidden")
        let read = try await client.call(.get, progress(Self.decomposedPath), token: composedToken)
        #expect(read.status == .forbidden)
        // The NFC user has no record: the store keeps the two apart.
        let own = try await client.call(.get, progress(Self.composedPath), token: composedToken)
        #expect(PathSpellingTests.outcome(own) == "404 unknown-user")
        #expect(try await client.call(.get, progress(Self.decomposedPath), token: decomposedToken).status == .ok)
      }
    }
  }

  @Test func principalsCompareIdsByBytes() {
    let user = Principal.user(Self.composed, catalogs: ["discipline"])
    let other: Parameters = ["catalog": "discipline", "user": Self.decomposedPath[...]]
    #expect(!user.may(.ownUser, parameters: other))
    let parameters: Parameters = ["catalog": "discipline", "user": Self.composedPath[...]]
    #expect(user.may(.ownUser, parameters: parameters))
    #expect(!user.may(.admin, parameters: parameters))
    #expect(!user.may(.adminOrOpen, parameters: parameters))
    #expect(Principal.open.may(.adminOrOpen, parameters: parameters))
    #expect(!Principal.open.may(.admin, parameters: parameters))
  }
}
