import Foundation
import JWTKit

/// The claims of a user's or an admin's JSON Web Token.
///
/// `exp` is required (a phone's token must not open a user's data for ever), `nbf` optional;
/// both are checked with `leeway` seconds of clock skew. `sub` names the only user the token
/// opens; `catalogs`, when present, the only catalogs; `"scope": "admin"` (one of its
/// space-separated scopes) makes it an admin token. `aud` must name the server's audience when
/// RULES_JWT_AUDIENCE is set.
struct TokenClaims: JWTPayload {
  static let leeway: TimeInterval = 60

  var sub: SubjectClaim?
  var exp: ExpirationClaim
  var nbf: NotBeforeClaim?
  var aud: AudienceClaim?
  var catalogs: [String]?
  var scope: String?

  var isAdmin: Bool { scope?.split(separator: " ").contains("admin") ?? false }

  func verify(using algorithm: some JWTAlgorithm) async throws {
    let now = Date()
    try exp.verifyNotExpired(currentDate: now.addingTimeInterval(-Self.leeway))
    try nbf?.verifyNotBefore(currentDate: now.addingTimeInterval(Self.leeway))
  }
}
