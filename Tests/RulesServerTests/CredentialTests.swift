import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import JWTKit
import StoreTestSupport
import Testing

@testable import RulesServer

/// Badges a user can take elsewhere (issue 56, item 5): an unlocked badge's Open Badges 3.0
/// credential as a VC-JWT, verified against the key the server publishes.
@Suite struct CredentialTests {
  static let issuerURL = "https://rewards.example.org"

  /// A PEM file of `pem` in `folder`.
  static func keyFile(_ pem: String, in folder: URL, name: String = "key.pem") throws -> String {
    let file = folder.appendingPathComponent(name)
    try pem.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  static func refusal(_ environment: [String: String], issuerURL: String?) async -> String? {
    do {
      _ = try await CredentialIssuer.fromEnvironment(environment, issuerURL: issuerURL)
      return nil
    } catch {
      return error.description
    }
  }

  static func object(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary, "\(text)")
  }

  @Test func keysThatCannotIssueAreRefusedAtStart() async throws {
    try await withTemporaryFolder { folder in
      let p384 = try Self.keyFile(P384.Signing.PrivateKey().pemRepresentation, in: folder, name: "p384.pem")
      let publicKey = try Self.keyFile(
        P256.Signing.PrivateKey().publicKey.pemRepresentation, in: folder, name: "public.pem")
      let good = try Self.keyFile(P256.Signing.PrivateKey().pemRepresentation, in: folder)
      #expect(await Self.refusal([:], issuerURL: nil) == nil)
      #expect(
        await Self.refusal([:], issuerURL: Self.issuerURL)
          == "--issuer-url names the issuer of badge credentials; set RULES_CREDENTIAL_KEY (a PEM file) too")
      #expect(
        await Self.refusal(["RULES_CREDENTIAL_KEY": good], issuerURL: nil)
          == "RULES_CREDENTIAL_KEY is set: --issuer-url must name the issuer (https://...)")
      for url in ["rewards.example.org", "ftp://rewards.example.org", "https://rewards.example.org/?a=1"] {
        #expect(
          await Self.refusal(["RULES_CREDENTIAL_KEY": good], issuerURL: url)
            == "--issuer-url must be an absolute http(s) URL without a query or fragment; it is '\(url)'")
      }
      #expect(
        await Self.refusal(["RULES_CREDENTIAL_KEY": folder.path + "/missing.pem"], issuerURL: Self.issuerURL)
          == "RULES_CREDENTIAL_KEY: cannot read \(folder.path)/missing.pem")
      for path in [p384, publicKey] {
        #expect(
          await Self.refusal(["RULES_CREDENTIAL_KEY": path], issuerURL: Self.issuerURL)
            == "RULES_CREDENTIAL_KEY: \(path) is not an EC P-256 (ES256) or Ed25519 (EdDSA) private key in PEM; an RSA key, another curve or a public key is refused"
        )
      }
      #expect(await Self.refusal(["RULES_CREDENTIAL_KEY": good], issuerURL: Self.issuerURL) == nil)
    }
  }

  @Test func serveRefusesAKeyItCannotUse() throws {
    try Binary.requireBuilt()
    let result = try Binary.run(
      "rules-server",
      [
        "serve", "--store", "sqlite:" + NSTemporaryDirectory() + "credential-refused.sqlite", "--port", "0",
        "--issuer-url", Self.issuerURL,
      ],
      environment: ["RULES_CREDENTIAL_KEY": "/nonexistent/key.pem"])
    #expect(result.status == 64)
    #expect(result.stderr == "error: RULES_CREDENTIAL_KEY: cannot read /nonexistent/key.pem\n")
  }

  /// Alice's three weeks of training (ExplanationTests.days): `momentum` and `first-week`
  /// unlocked, `two-weeks` not.
  @Test(arguments: Backend.all, ["ES256", "EdDSA"])
  func anUnlockedBadgesCredentialVerifiesAgainstThePublishedKey(_ backend: Backend, _ algorithm: String)
    async throws
  {
    try await withTemporaryFolder { folder in
      let pem =
        algorithm == "ES256"
        ? P256.Signing.PrivateKey().pemRepresentation : Curve25519.Signing.PrivateKey().pemRepresentation
      let issuer = try #require(
        try await CredentialIssuer.fromEnvironment(
          ["RULES_CREDENTIAL_KEY": try Self.keyFile(pem, in: folder)], issuerURL: Self.issuerURL))
      try await withStore(backend) { store, _ in
        let api = try await InProcessAPI(store: store, credentials: issuer)
        let token = try await TestTokens.hs256(TestTokens.claims("alice"))
        try await api.test { client in
          for (date, planned, completed) in ExplanationTests.days {
            let answer = try await client.call(
              .put, "/v1/catalogs/discipline/users/alice/days/\(date)", token: token,
              body: #"{"planned": \#(planned), "completed": \#(completed)}"#)
            #expect(answer.status == .ok, "\(date): \(answer.text)")
          }
          let progress = try Self.object(
            try await client.call(.get, "/v1/catalogs/discipline/users/alice/progress?date=2026-01-21", token: token)
              .text)
          let unlocked = try #require((progress["badges"] as? NSDictionary)?["unlocked"] as? [NSDictionary])
          let firstWeek = try #require(unlocked.first { $0["id"] as? String == "first-week" })
          let unlockDate = try #require(firstWeek["date"] as? String)

          let answer = try await client.call(
            .get, "/v1/catalogs/discipline/users/alice/badges/first-week/credential", token: token)
          #expect(answer.status == .ok, "\(answer.text)")
          #expect(answer.headers[.contentType] == "application/jwt")
          let jwks = try await client.call(.get, "/.well-known/jwks.json")
          #expect(jwks.status == .ok)
          #expect(jwks.headers[.contentType] == "application/jwk-set+json")

          // A verifier that knows only the published key set.
          let verifier = JWTKeyCollection()
          try await verifier.add(jwksJSON: jwks.text)
          let claims = try await verifier.verify(answer.text, as: BadgeCredentialClaims.self)
          let header = try Self.object(
            String(
              decoding: try #require(
                Data(base64Encoded: Self.padded(String(answer.text.split(separator: ".")[0])))), as: UTF8.self))
          #expect(header["alg"] as? String == algorithm)
          #expect(header["typ"] as? String == "JWT")
          let key = try #require((try Self.object(jwks.text)["keys"] as? [NSDictionary])?.first)
          #expect(header["kid"] as? String == key["kid"] as? String)
          #expect(key["alg"] as? String == algorithm)

          let dayNumber = try #require(CalendarDayNumber.of(unlockDate))
          #expect(claims.iss == Self.issuerURL)
          #expect(claims.nbf == dayNumber * 86_400)
          #expect(claims.jti.hasPrefix("urn:uuid:"))
          #expect(claims.vc.id == claims.jti)
          #expect(
            claims.vc.context == [
              "https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
            ])
          #expect(claims.vc.type == ["VerifiableCredential", "OpenBadgeCredential"])
          #expect(claims.vc.issuer == .init(id: Self.issuerURL, type: ["Profile"], name: "Discipline"))
          #expect(claims.vc.validFrom == "\(unlockDate)T00:00:00Z")
          #expect(claims.vc.name == "First week locked in")
          let subject = claims.vc.credentialSubject
          #expect(subject.type == ["AchievementSubject"])
          let identity = try #require(subject.identifier.first)
          #expect(identity.hashed && identity.identityType == "identifier" && identity.type == "IdentityObject")
          let hash = SHA256.hash(data: Data(("alice" + identity.salt).utf8)).map { String(format: "%02x", $0) }
            .joined()
          #expect(identity.identityHash == "sha256$" + hash)
          #expect(claims.sub == identity.identityHash)
          #expect(
            subject.achievement
              == .init(
                id: "\(Self.issuerURL)/v1/catalogs/discipline#badge-first-week", type: ["Achievement"],
                name: "First week locked in", description: "7-day streak",
                criteria: .init(narrative: "7-day streak (unlocked when training.current >= 7)")))

          // The same unlock asked again is the same credential; a changed payload does not verify.
          let again = try await client.call(
            .get, "/v1/catalogs/discipline/users/alice/badges/first-week/credential", token: token)
          let claimsAgain = try await verifier.verify(again.text, as: BadgeCredentialClaims.self)
          #expect(claimsAgain == claims)
          var parts = answer.text.split(separator: ".").map(String.init)
          var forged = claims
          forged.vc.name = "Two weeks of discipline"
          parts[1] = CredentialIssuer.base64URL(try JSONEncoder().encode(forged))
          await #expect(throws: (any Error).self) {
            _ = try await verifier.verify(parts.joined(separator: "."), as: BadgeCredentialClaims.self)
          }

          // Refusals, each by its exact answer.
          for (path, code, message) in [
            (
              "/v1/catalogs/discipline/users/alice/badges/two-weeks/credential", "badge-locked",
              "the user 'alice' has not unlocked the badge 'two-weeks'; a locked badge has no credential"
            ),
            (
              "/v1/catalogs/discipline/users/alice/badges/nope/credential", "unknown-badge",
              "the catalog 'discipline' has no badge 'nope'; GET /v1/catalogs/discipline lists them"
            ),
            (
              "/v1/catalogs/discipline/users/bob/badges/first-week/credential", "unknown-user",
              "the catalog 'discipline' has no record of the user 'bob'"
            ),
          ] {
            let refused = try await client.call(.get, path, token: InProcessAPI.adminToken)
            #expect(refused.status == .notFound, "\(path)")
            #expect(
              try Self.object(refused.text)["error"] as? NSDictionary == ["code": code, "message": message], "\(path)")
          }
          let other = try await TestTokens.hs256(TestTokens.claims("bob"))
          #expect(
            try await client.call(
              .get, "/v1/catalogs/discipline/users/alice/badges/first-week/credential", token: other
            ).status == .forbidden)
        }
      }
    }
  }

  @Test(arguments: Backend.all) func withoutAKeyNoCredentialIsIssued(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let keys = try await client.call(.get, "/.well-known/jwks.json")
        #expect(keys.status == .ok)
        #expect(keys.text == #"{"keys":[]}"# + "\n")
        let answer = try await client.call(
          .get, "/v1/catalogs/discipline/users/alice/badges/first-week/credential", token: InProcessAPI.adminToken)
        #expect(answer.status == .notFound)
        #expect(
          try Self.object(answer.text)["error"] as? NSDictionary == [
            "code": "credentials-disabled",
            "message":
              "this server issues no badge credentials: it starts with RULES_CREDENTIAL_KEY and --issuer-url to issue them",
          ])
      }
    }
  }

  static func padded(_ base64URL: String) -> String {
    var text = base64URL.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while text.count % 4 != 0 { text += "=" }
    return text
  }
}

/// A date's day number since 1970-01-01, for the `nbf` a credential must carry.
enum CalendarDayNumber {
  static func of(_ text: String) -> Int? {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = text.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3,
      let date = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    else { return nil }
    return Int(date.timeIntervalSince1970) / 86_400
  }
}
