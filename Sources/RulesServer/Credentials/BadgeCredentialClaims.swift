import Foundation
import JWTKit

/// The claims of a badge's Open Badges 3.0 credential as a VC-JWT (docs/store.md, "Badges a
/// user can take elsewhere"): the JWT's registered claims and `vc`, an `OpenBadgeCredential`.
struct BadgeCredentialClaims: JWTPayload, Equatable {
  /// The issuer's URL (`serve --issuer-url`).
  var iss: String
  /// The subject: the salted hash that `vc.credentialSubject.identifier` holds.
  var sub: String
  /// The credential's id, `urn:uuid:...` (the same for the same unlock: asking again gives the
  /// same credential).
  var jti: String
  /// The unlock's date, 00:00 UTC, in seconds since 1970.
  var nbf: Int
  var vc: Credential

  struct Credential: Codable, Equatable {
    var context: [String]
    var type: [String]
    var id: String
    var name: String
    var issuer: Profile
    var validFrom: String
    var credentialSubject: Subject

    enum CodingKeys: String, CodingKey {
      case context = "@context"
      case type, id, name, issuer, validFrom, credentialSubject
    }
  }

  struct Profile: Codable, Equatable {
    var id: String
    var type: [String]
    var name: String
  }

  struct Subject: Codable, Equatable {
    var type: [String]
    var identifier: [Identity]
    var achievement: Achievement
  }

  /// Open Badges 3.0's IdentityObject: the user's id hashed with a salt (`sha256$HEX` of the
  /// id followed by the salt), so a credential carried elsewhere does not show the id.
  struct Identity: Codable, Equatable {
    var type: String
    var identityType: String
    var hashed: Bool
    var identityHash: String
    var salt: String
  }

  struct Achievement: Codable, Equatable {
    var id: String
    var type: [String]
    var name: String
    var description: String
    var criteria: Criteria
  }

  struct Criteria: Codable, Equatable {
    var narrative: String
  }

  /// The signature is checked by the key collection; a credential has no expiry.
  func verify(using algorithm: some JWTAlgorithm) async throws {}
}
