import Foundation
import Hummingbird

/// Who a request is from, as its `Authorization` header proved.
enum Principal: Sendable, Equatable {
  /// No token is configured: a loopback server, every route open but the admin-only ones.
  case open
  /// `RULES_API_TOKEN`, or a JWT with `"scope": "admin"`: every route.
  case admin
  /// A JWT for one user: that user's routes only, in the catalogs of its `catalogs` claim (any
  /// catalog without one).
  case user(String, catalogs: Set<String>?)

  /// Whether the principal may call a route of `access` with the route's `parameters`.
  ///
  /// Ids are compared by their bytes (UTF-8), as the store compares them: `café` spelled with
  /// a precomposed `é` and with `e` and a combining accent are two users, and a token for one
  /// does not open the other (Swift's `==` on strings would take them for one).
  func may(_ access: RouteAccess, parameters: Parameters) -> Bool {
    switch (self, access) {
    case (_, .public), (.admin, _): return true
    case (.open, .admin): return false
    case (.open, _): return true
    case (.user, .admin), (.user, .adminOrOpen): return false
    case (.user(let user, let catalogs), .ownUser):
      // Decoded as the handlers decode it (once), so the id checked is the id served; a path
      // the handlers would refuse (not UTF-8 once decoded) is refused here first.
      guard let raw = parameters.get("user"), let id = raw.removingPercentEncoding, Self.same(id, user),
        let catalog = parameters.get("catalog")
      else { return false }
      return Self.opens(catalogs, catalog)
    case (.user(_, let catalogs), .catalogUser):
      guard let catalog = parameters.get("catalog") else { return false }
      return Self.opens(catalogs, catalog)
    }
  }

  /// Whether two ids are the same bytes.
  static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

  private static func opens(_ catalogs: Set<String>?, _ catalog: String) -> Bool {
    guard let catalogs else { return true }
    return catalogs.contains { same($0, catalog) }
  }
}
