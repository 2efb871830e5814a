import Crypto
import Foundation
import JWTKit
import RulesBackend
import RulesStore

/// Turns a request's `Authorization: Bearer ...` into a `Principal`, or refuses it.
///
/// `RULES_API_TOKEN` is the admin token (compared in constant time). With `RULES_JWT_SECRET`
/// (HS256) or `RULES_JWT_PUBLIC_KEY` (a PEM file, ES256 or RS256: the app's login backend
/// signs, this server only verifies), a JSON Web Token is a user's token (`TokenClaims`).
struct Authenticator: Sendable {
  /// Why a request is refused: for the server's debug log only, never for the client.
  enum Refusal: String, Error {
    case missing = "no bearer token"
    case wrongToken = "not the admin token, and no JWT key is configured"
    case expired = "expired"
    case notYetValid = "not yet valid"
    case badSignature = "bad signature"
    case wrongAudience = "wrong audience"
    case badSubject = "no or a bad sub claim"
    case malformed = "malformed"
  }

  /// A configuration the server refuses to start with.
  struct ConfigurationError: Error, CustomStringConvertible {
    var description: String
  }

  /// The SHA-256 of the admin token: compared digest to digest, the time is the same whatever
  /// the token given.
  let adminDigest: SHA256.Digest?
  let keys: JWTKeyCollection?
  let audience: String?
  /// The algorithm of the JWT key, for the log at start.
  let algorithm: String?

  init(adminToken: String?, keys: JWTKeyCollection? = nil, algorithm: String? = nil, audience: String? = nil) {
    adminDigest = adminToken.map { SHA256.hash(data: Data($0.utf8)) }
    self.keys = keys
    self.algorithm = algorithm
    self.audience = audience
  }

  /// The fewest bytes of `RULES_API_TOKEN` (and of `RULES_JWT_SECRET`, RFC 7518 3.2).
  static let minimumTokenBytes = 32

  /// Whether requests need a token at all.
  var isConfigured: Bool { adminDigest != nil || keys != nil }

  /// RULES_API_TOKEN, RULES_JWT_SECRET, RULES_JWT_PUBLIC_KEY, RULES_JWT_AUDIENCE (each ignored
  /// when empty).
  static func fromEnvironment(_ environment: [String: String]) async throws -> Authenticator {
    func value(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
    let token = value("RULES_API_TOKEN")
    // As the JWT secret: whoever guesses it holds every route, and the console's cookie key
    // derives from it (issue #52: `RULES_API_TOKEN=a` started a server).
    if let token, token.utf8.count < minimumTokenBytes {
      throw ConfigurationError(
        description:
          "RULES_API_TOKEN must be at least \(minimumTokenBytes) bytes long (it is \(token.utf8.count)); make one with `openssl rand -hex 24`"
      )
    }
    let audience = value("RULES_JWT_AUDIENCE")
    switch (value("RULES_JWT_SECRET"), value("RULES_JWT_PUBLIC_KEY")) {
    case (nil, nil):
      return Authenticator(adminToken: token)
    case (.some, .some):
      throw ConfigurationError(description: "set RULES_JWT_SECRET or RULES_JWT_PUBLIC_KEY, not both")
    case (let secret?, nil):
      // RFC 7518 3.2: an HS256 key of at least 256 bits.
      guard secret.utf8.count >= 32 else {
        throw ConfigurationError(description: "RULES_JWT_SECRET must be at least 32 bytes long (HS256)")
      }
      let keys = JWTKeyCollection()
      await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
      return Authenticator(adminToken: token, keys: keys, algorithm: "HS256", audience: audience)
    case (nil, let path?):
      let pem: String
      do {
        pem = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw ConfigurationError(description: "RULES_JWT_PUBLIC_KEY: cannot read \(path)")
      }
      let keys = JWTKeyCollection()
      if let key = try? ES256PublicKey(pem: pem) {
        await keys.add(ecdsa: key)
        return Authenticator(adminToken: token, keys: keys, algorithm: "ES256", audience: audience)
      }
      if let key = try? Insecure.RSA.PublicKey(pem: pem) {
        await keys.add(rsa: key, digestAlgorithm: .sha256)
        return Authenticator(adminToken: token, keys: keys, algorithm: "RS256", audience: audience)
      }
      throw ConfigurationError(
        description:
          "RULES_JWT_PUBLIC_KEY: \(path) is not a PEM public key of P-256 (ES256) or RSA of 2048 bits or more (RS256)")
    }
  }

  /// The principal of a request with this `Authorization` header.
  func authenticate(_ authorization: String?) async -> Result<Principal, Refusal> {
    guard isConfigured else { return .success(.open) }
    guard let authorization, let token = Self.bearer(authorization) else { return .failure(.missing) }
    if let adminDigest, Self.equal(SHA256.hash(data: Data(token.utf8)), adminDigest) {
      return .success(.admin)
    }
    guard let keys else { return .failure(.wrongToken) }
    let claims: TokenClaims
    do {
      claims = try await keys.verify(token, as: TokenClaims.self)
    } catch let error as JWTError {
      switch error.errorType {
      case .claimVerificationFailure:
        return .failure(error.failedClaim is NotBeforeClaim ? .notYetValid : .expired)
      case .signatureVerificationFailed: return .failure(.badSignature)
      default: return .failure(.malformed)
      }
    } catch {
      return .failure(.malformed)
    }
    if let audience {
      guard let aud = claims.aud, (try? aud.verifyIntendedAudience(includes: audience)) != nil else {
        return .failure(.wrongAudience)
      }
    }
    if claims.isAdmin { return .success(.admin) }
    guard let user = claims.sub?.value, UserID.problem(user) == nil else { return .failure(.badSubject) }
    return .success(.user(user, catalogs: claims.catalogs.map(Set.init)))
  }

  /// When `token` stops opening the server: a JWT's `exp`; nil for the admin token (or a
  /// token that does not verify).
  func expiry(of token: String) async -> Date? {
    if let adminDigest, Self.equal(SHA256.hash(data: Data(token.utf8)), adminDigest) { return nil }
    return try? await keys?.verify(token, as: TokenClaims.self).exp.value
  }

  /// The token of `Bearer TOKEN` (the scheme in any case, RFC 9110 11.1).
  static func bearer(_ header: String) -> String? {
    let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }

  /// Two digests compared in constant time.
  static func equal(_ a: SHA256.Digest, _ b: SHA256.Digest) -> Bool {
    var difference: UInt8 = 0
    for (x, y) in zip(a, b) { difference |= x ^ y }
    return difference == 0
  }
}
