import Crypto
import Foundation
import JWTKit
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Issues a badge's Open Badges 3.0 credential as a VC-JWT, signed with the key of
/// `RULES_CREDENTIAL_KEY` (a PEM file: an EC P-256 private key, ES256, or an Ed25519 one,
/// EdDSA), and publishes its public key (`GET /.well-known/jwks.json`).
struct CredentialIssuer: Sendable {
  /// The issuer's URL, `iss` and the issuer profile's id.
  let issuer: String
  let keys: JWTKeyCollection
  /// The key's id: the RFC 7638 thumbprint of its public JWK.
  let kid: String
  /// `ES256` or `EdDSA`.
  let algorithm: String
  /// The public key set, as served.
  let jwks: String

  /// Why the server does not start: the message names the variable or the option.
  struct Refusal: Error, CustomStringConvertible {
    var description: String
  }

  /// The issuer of the environment's `RULES_CREDENTIAL_KEY` and `issuerURL`; nil when neither
  /// is set (credentials are off). A key that cannot be read, is not a P-256 or Ed25519 private
  /// key, or comes without an issuer URL (and a URL without a key) is refused.
  static func fromEnvironment(_ environment: [String: String], issuerURL: String?) async throws(Refusal)
    -> CredentialIssuer?
  {
    guard let path = environment["RULES_CREDENTIAL_KEY"], !path.isEmpty else {
      if issuerURL != nil {
        throw Refusal(
          description: "--issuer-url names the issuer of badge credentials; set RULES_CREDENTIAL_KEY (a PEM file) too")
      }
      return nil
    }
    guard let issuerURL else {
      throw Refusal(description: "RULES_CREDENTIAL_KEY is set: --issuer-url must name the issuer (https://...)")
    }
    guard let url = URL(string: issuerURL), ["https", "http"].contains(url.scheme ?? ""), url.host != nil,
      url.query == nil, url.fragment == nil
    else {
      throw Refusal(
        description: "--issuer-url must be an absolute http(s) URL without a query or fragment; it is '\(issuerURL)'")
    }
    guard let pem = FileManager.default.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self) }) else {
      throw Refusal(description: "RULES_CREDENTIAL_KEY: cannot read \(path)")
    }
    let keys = JWTKeyCollection()
    let jwk: [(String, String)]
    let algorithm: String
    if let key = try? ES256PrivateKey(pem: pem), let parameters = key.parameters {
      jwk = [("crv", "P-256"), ("kty", "EC"), ("x", parameters.x), ("y", parameters.y)]
      algorithm = "ES256"
      await keys.add(ecdsa: key, kid: JWKIdentifier(string: Self.thumbprint(jwk)))
    } else if let key = try? EdDSA.PrivateKey(pem: pem) {
      jwk = [("crv", "Ed25519"), ("kty", "OKP"), ("x", Self.base64URL(key.publicKey.rawRepresentation))]
      algorithm = "EdDSA"
      await keys.add(eddsa: key, kid: JWKIdentifier(string: Self.thumbprint(jwk)))
    } else {
      throw Refusal(
        description:
          "RULES_CREDENTIAL_KEY: \(path) is not an EC P-256 (ES256) or Ed25519 (EdDSA) private key in PEM; an RSA key, another curve or a public key is refused"
      )
    }
    let kid = Self.thumbprint(jwk)
    let published =
      jwk.map { (name: $0.0, value: JSONValue.string($0.1)) }
      + [("alg", .string(algorithm)), ("kid", .string(kid)), ("use", .string("sig"))]
    let jwks = JSONValue.object([("keys", .array([.object(published.map { ($0.name, $0.value) })]))])
    return CredentialIssuer(
      issuer: issuerURL.hasSuffix("/") ? String(issuerURL.dropLast()) : issuerURL, keys: keys, kid: kid,
      algorithm: algorithm, jwks: jwks.serialized(indent: nil))
  }

  /// RFC 7638: the SHA-256 of the public JWK's required members in lexical order, base64url.
  static func thumbprint(_ members: [(String, String)]) -> String {
    let text = "{" + members.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\"\($0.1)\"" }.joined(separator: ",") + "}"
    return base64URL(Data(SHA256.hash(data: Data(text.utf8))))
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func hex(_ bytes: some Sequence<UInt8>) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

  /// The claims of the credential of `badge`, unlocked by `user` on `date` in `catalog`.
  func claims(catalog: String, catalogName: String, badge: Badge, user: String, date: CalendarDay)
    -> BadgeCredentialClaims
  {
    // The same unlock gives the same credential: its id and salt are the unlock's digest.
    let unlock = SHA256.hash(data: Data("\(issuer)\n\(catalog)\n\(user)\n\(badge.id)\n\(date)".utf8))
    let bytes = Array(unlock)
    let salt = Self.hex(bytes[16..<32])
    let identityHash = "sha256$" + Self.hex(SHA256.hash(data: Data((user + salt).utf8)))
    let uuid = UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6] & 0x0f | 0x50, bytes[7],
        bytes[8] & 0x3f | 0x80, bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
    let id = "urn:uuid:" + uuid.uuidString.lowercased()
    let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? text }
    let description = badge.description ?? badge.name
    let criterion = badge.whenWritten ? badge.when.text : nil
    let prerequisites = badge.requires.map(\.id)
    var narrative = description
    if let criterion { narrative += " (unlocked when \(criterion))" }
    if !prerequisites.isEmpty { narrative += "; after \(prerequisites.joined(separator: ", "))" }
    let seconds = Int(date.number) * 86_400
    return BadgeCredentialClaims(
      iss: issuer, sub: identityHash, jti: id, nbf: seconds,
      vc: .init(
        context: [
          "https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json",
        ],
        type: ["VerifiableCredential", "OpenBadgeCredential"], id: id, name: badge.name,
        issuer: .init(id: issuer, type: ["Profile"], name: catalogName),
        validFrom: "\(date)T00:00:00Z",
        credentialSubject: .init(
          type: ["AchievementSubject"],
          identifier: [
            .init(
              type: "IdentityObject", identityType: "identifier", hashed: true, identityHash: identityHash, salt: salt)
          ],
          achievement: .init(
            id: "\(issuer)/v1/catalogs/\(encoded(catalog))#badge-\(encoded(badge.id))", type: ["Achievement"],
            name: badge.name, description: description, criteria: .init(narrative: narrative)))))
  }

  /// The credential signed: a compact JWS.
  func sign(_ claims: BadgeCredentialClaims) async throws -> String {
    var header = JWTHeader()
    header.typ = "JWT"
    return try await keys.sign(claims, kid: JWKIdentifier(string: kid), header: header)
  }
}
