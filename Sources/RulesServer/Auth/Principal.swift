import Foundation
import Hummingbird

/// Who a request is from, as its `Authorization` header proved.
enum Principal: Sendable, Equatable {
  /// No token is configured: a loopback server, every route open.
  case open
  /// `RULES_API_TOKEN`, or a JWT with `"scope": "admin"`: every route.
  case admin
  /// A JWT for one user: that user's routes only, in the catalogs of its `catalogs` claim (any
  /// catalog without one).
  case user(String, catalogs: Set<String>?)

  /// The routes a user token opens: its user's, under `/v1/catalogs/{catalog}/users/{user}`.
  static let userRoutes: Set<String> = [
    "/v1/catalogs/{catalog}/users/{user}",
    "/v1/catalogs/{catalog}/users/{user}/days/{date}",
    "/v1/catalogs/{catalog}/users/{user}/progress",
  ]

  /// The catalog-wide routes a user token reads (GET), in the catalogs it opens: the
  /// leaderboards (an app shows them). Stats stay the admin's.
  static let catalogRoutes: Set<String> = ["/v1/catalogs/{catalog}/leaderboards/{name}"]

  /// Whether the principal may call the route `endpoint` (the router's template; nil for a
  /// path no route has) with these parameters.
  func may(_ method: HTTPRequest.Method, endpoint: String?, parameters: Parameters) -> Bool {
    switch self {
    case .open, .admin: return true
    case .user(let user, let catalogs):
      // A path no route has answers 404 whoever asks.
      guard let endpoint else { return true }
      if Self.catalogRoutes.contains(endpoint) {
        guard method == .get, let catalog = parameters.get("catalog") else { return false }
        return catalogs?.contains(catalog) ?? true
      }
      guard Self.userRoutes.contains(endpoint), method == .get || method == .put,
        let rawUser = parameters.get("user"), let catalog = parameters.get("catalog")
      else { return false }
      // Decoded as the handlers decode it (once), so the id checked is the id served; a path
      // the handlers would refuse (not UTF-8 once decoded) is refused here first.
      guard rawUser.removingPercentEncoding == user else { return false }
      return catalogs?.contains(catalog) ?? true
    }
  }
}
