import Foundation
import Hummingbird
import NIOCore
import RulesBackend
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesStore

/// Badges a user can take elsewhere (docs/store.md, "Badges a user can take elsewhere"):
/// `GET /v1/catalogs/{catalog}/users/{user}/badges/{badge}/credential`, an unlocked badge's Open
/// Badges 3.0 `OpenBadgeCredential` as a VC-JWT (`application/jwt`), and `GET
/// /.well-known/jwks.json`, the key that verifies it. Without `RULES_CREDENTIAL_KEY` the first is
/// 404 `credentials-disabled` and the key set is empty.
struct CredentialsController: Sendable {
  let api: HTTPAPI

  func issuer() throws -> CredentialIssuer {
    guard let issuer = api.credentials else {
      throw APIError(
        .notFound, "credentials-disabled",
        "this server issues no badge credentials: it starts with RULES_CREDENTIAL_KEY and --issuer-url to issue them")
    }
    return issuer
  }

  func credential(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let issuer = try issuer()
    let control = try api.catalog(context)
    let user = try api.user(context)
    let catalog = api.armed(control, user: user).catalog
    let raw = context.parameters.get("badge") ?? ""
    let id = raw.removingPercentEncoding ?? raw
    guard let badge = catalog.validated.badges.first(where: { $0.badge.id == id })?.badge else {
      throw APIError(
        .notFound, "unknown-badge",
        "the catalog '\(catalog.id)' has no badge '\(id)'; GET /v1/catalogs/\(catalog.id) lists them")
    }
    let store = api.store
    let loaded = try await api.stored { try await store.readUser(catalog: catalog.id, user: user, allDays: false) }
    guard let loaded, loaded.state != nil || !loaded.days.isEmpty else {
      throw APIError(.notFound, "unknown-user", "the catalog '\(catalog.id)' has no record of the user '\(user)'")
    }
    // What the store holds: the unlock saved with the user's state (a repeating badge's first).
    let unlocks = try loaded.state.map { try StoreCatalog.state($0, for: catalog.engine).unlocks } ?? []
    guard let date = unlocks.filter({ $0.id == id }).map(\.date).min() else {
      throw APIError(
        .notFound, "badge-locked",
        "the user '\(user)' has not unlocked the badge '\(id)'; a locked badge has no credential")
    }
    let claims = issuer.claims(catalog: catalog.id, catalogName: catalog.name, badge: badge, user: user, date: date)
    let token = try await issuer.sign(claims)
    var headers: HTTPFields = [.contentType: "application/jwt", .cacheControl: "private, no-cache"]
    headers[.contentLength] = String(token.utf8.count)
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: token)))
  }

  /// The key set; empty when the server has no credential key (no credential of it verifies).
  func jwks(_ request: Request, _ context: APIRequestContext) async throws -> Response {
    let headers: HTTPFields = [
      .contentType: "application/jwk-set+json", .cacheControl: "public, max-age=300",
    ]
    let body = (api.credentials?.jwks ?? #"{"keys":[]}"#) + "\n"
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
  }
}
