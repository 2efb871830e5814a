import Crypto
import Foundation
import Hummingbird

/// The console's sessions: a cookie the server signs when an admin signs in with the admin
/// token, and the CSRF token of each session's forms. The cookie holds a random id and its
/// expiry, signed with a key derived from the admin token (so it holds across restarts and
/// replicas with the same token, and a new token signs everyone out); with admin JWTs only, the
/// key is the process's own. The cookie is HttpOnly (page scripts cannot read it),
/// SameSite=Strict (no other site's page sends it), scoped to `/console`, Secure when the
/// browser reached the console over https (a TLS proxy in front), and lasts `lifetime`, or
/// until the admin JWT it was opened with expires. The store keeps only the sessions signed
/// out before their expiry (`console_signouts`), which every server then refuses.
struct ConsoleSessions: Sendable {
  static let cookie = "rules_console"
  static let lifetime = 8 * 60 * 60

  private let key: SymmetricKey

  init(authenticator: Authenticator) {
    if let digest = authenticator.adminDigest {
      key = SymmetricKey(data: SHA256.hash(data: Data("rules-console-session".utf8) + Data(digest)))
    } else {
      key = SymmetricKey(size: .bits256)
    }
  }

  /// A new session's cookie value, expiring `lifetime` seconds from `now`, or at `ending`
  /// when that is sooner (the admin JWT it was opened with expires then).
  func newSession(now: Date = Date(), ending: Date? = nil) -> String {
    let id = Self.base64URL(Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }))
    let expiry = min(
      Int(now.timeIntervalSince1970) + Self.lifetime, ending.map { Int($0.timeIntervalSince1970) } ?? .max)
    let payload = "v1.\(id).\(expiry)"
    return payload + "." + mac(payload)
  }

  /// The session id and expiry (Unix seconds) of a cookie value this server signed that has not
  /// expired, else nil.
  func signed(_ value: String, now: Date = Date()) -> (id: String, expiry: Int)? {
    let parts = value.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "v1", let expiry = Int(parts[2]),
      let given = Self.data(base64URL: String(parts[3]))
    else { return nil }
    let payload = parts[0...2].joined(separator: ".")
    guard HMAC<SHA256>.isValidAuthenticationCode(given, authenticating: Data(payload.utf8), using: key) else {
      return nil
    }
    guard Double(expiry) > now.timeIntervalSince1970 else { return nil }
    return (String(parts[1]), expiry)
  }

  /// The session id of a cookie value this server signed that has not expired, else nil.
  func session(_ value: String, now: Date = Date()) -> String? { signed(value, now: now)?.id }

  /// The session of a request's cookie, with its expiry, if it holds a valid one (signed and
  /// not expired: `ConsoleGate` asks the store whether it was signed out).
  func signedSession(of request: Request) -> (id: String, expiry: Int)? {
    for header in request.headers[values: .cookie] {
      for pair in header.split(separator: ";") {
        let trimmed = pair.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix(Self.cookie + "=") else { continue }
        if let session = signed(String(trimmed.dropFirst(Self.cookie.count + 1))) { return session }
      }
    }
    return nil
  }

  /// The session of a request's cookie, if it holds a valid one.
  func session(of request: Request) -> String? { signedSession(of: request)?.id }

  /// The CSRF token of a session's forms (derived: a page and the check compute the same).
  func csrf(session: String) -> String { mac("csrf." + session) }

  /// The CSRF token of the request's session ("" without one: a caller with the bearer token).
  func csrf(of request: Request) -> String { session(of: request).map(csrf(session:)) ?? "" }

  /// Whether `given` is the session's CSRF token (compared in constant time).
  func checks(csrf given: String, session: String) -> Bool {
    guard let data = Self.data(base64URL: given) else { return false }
    return HMAC<SHA256>.isValidAuthenticationCode(data, authenticating: Data(("csrf." + session).utf8), using: key)
  }

  /// `Set-Cookie` for a new session (its `Max-Age` the seconds to its expiry); `secure` when
  /// the browser came over https.
  func setCookie(_ value: String, secure: Bool, now: Date = Date()) -> String {
    let left = signed(value, now: now).map { $0.expiry - Int(now.timeIntervalSince1970) } ?? Self.lifetime
    return "\(Self.cookie)=\(value); Path=/console; Max-Age=\(max(0, left)); HttpOnly; SameSite=Strict"
      + (secure ? "; Secure" : "")
  }

  /// `Set-Cookie` that ends the session in the browser.
  static let clearCookie = "\(cookie)=; Path=/console; Max-Age=0; HttpOnly; SameSite=Strict"

  private func mac(_ text: String) -> String {
    Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key)))
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  static func data(base64URL text: String) -> Data? {
    guard text.utf8.count <= 128 else { return nil }
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.utf8.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }
}
