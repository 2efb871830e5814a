import Foundation
import JWTKit

/// The claims a test signs: any of them may be missing, and nothing is checked when signing.
struct TestClaims: JWTPayload {
  var sub: String?
  var exp: Int?
  var nbf: Int?
  var aud: String?
  var catalogs: [String]?
  var scope: String?

  func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// JSON Web Tokens signed as an app's login backend would sign them.
enum TestTokens {
  /// The server's RULES_JWT_SECRET in the tests (HS256 needs 32 bytes at least).
  static let secret = "a-test-secret-of-more-than-32-bytes-0123456789"

  static var now: Int { Int(Date().timeIntervalSince1970) }

  /// Claims for `user` valid from now for an hour, unless told otherwise.
  static func claims(
    _ user: String?, expiresIn: Int? = 3600, notBeforeIn: Int? = nil, catalogs: [String]? = nil,
    scope: String? = nil, audience: String? = nil
  ) -> TestClaims {
    TestClaims(
      sub: user, exp: expiresIn.map { now + $0 }, nbf: notBeforeIn.map { now + $0 }, aud: audience,
      catalogs: catalogs, scope: scope)
  }

  static func hs256(_ claims: TestClaims, secret: String = secret) async throws -> String {
    let keys = JWTKeyCollection()
    await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
    return try await keys.sign(claims)
  }

  static func es256(_ claims: TestClaims, key: ES256PrivateKey) async throws -> String {
    let keys = JWTKeyCollection()
    await keys.add(ecdsa: key)
    return try await keys.sign(claims)
  }

  /// A token of `alg: none`, unsigned: never accepted.
  static func unsigned(_ claims: TestClaims) throws -> String {
    func part(_ data: Data) -> String {
      data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
    }
    let header = part(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
    return header + "." + part(try JSONEncoder().encode(claims)) + "."
  }
}
