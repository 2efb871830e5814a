import Foundation
import HTTPTypes
import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesServer

/// The route table is the API: docs/openapi.yaml lists exactly its routes, each with the
/// security its access declares, and the table refuses a route twice.
@Suite struct RouteTableTests {
  /// The OpenAPI `security` of a route of `access`: nil for the document's default (the admin token).
  static func security(_ access: RouteAccess) -> [String]? {
    switch access {
    case .public: return []
    case .admin, .adminOrOpen: return nil
    case .ownUser, .catalogUser: return ["adminToken", "userToken"]
    }
  }

  @Test func theDocumentListsExactlyTheTablesRoutesWithTheirAccess() async throws {
    try await withStore(.sqlite) { store, _ in
      let table = try await InProcessAPI(store: store).table
      let document = try OpenAPIDocument.load()
      guard case .object(let paths)? = document.root["paths"] else { throw StoreTestFailure("no paths") }
      var documented: Set<String> = []
      for (path, item) in paths {
        guard case .object(let operations) = item else { continue }
        for (method, _) in operations where ["get", "put", "post", "delete", "patch"].contains(method) {
          documented.insert("\(method.uppercased()) \(path)")
        }
      }
      // The console's pages (docs/console.md) are HTML for people, not the API.
      let api = table.routes.filter { !$0.isConsole }
      let served = Set(api.map { "\($0.method.rawValue) \($0.path)" })
      #expect(served.subtracting(documented).isEmpty, "served, not in docs/openapi.yaml")
      #expect(documented.subtracting(served).isEmpty, "in docs/openapi.yaml, not served")
      for route in api {
        let operation = document.operation(route.path, route.method.rawValue)
        var security: [String]?
        if case .array(let requirements)? = operation?["security"] {
          security = requirements.compactMap { requirement in
            if case .object(let pairs) = requirement { return pairs.first?.0 }
            return nil
          }
        }
        #expect(
          security == Self.security(route.access),
          "\(route.method) \(route.path): security \(String(describing: security))")
      }
    }
  }

  @Test func theMethodsOfAPathComeFromTheTable() async throws {
    try await withStore(.sqlite) { store, _ in
      let table = try await InProcessAPI(store: store).table
      #expect(table.allowedMethods("/v1/catalogs/rizq/users/a") == [.put, .delete])
      #expect(table.allowedMethods("/v1/catalogs") == [.get])
      #expect(table.allowedMethods("/v1/nothing").isEmpty)
      #expect(table.isPublic("/healthz") && table.isPublic("/v1/openapi.json"))
      #expect(!table.isPublic("/v1/catalogs") && !table.isPublic("/v1/nothing"))
    }
  }

  @Test func canonicalPathsAreTheOnesTheRouterReads() {
    let cases: [(String, String)] = [
      ("/v1/events", "/v1/events"), ("/v1/events/", "/v1/events"), ("//v1//events//", "/v1/events"),
      ("/v1/./events", "/v1/events"), ("/v1/x/../events", "/v1/events"), ("/v1/%2E/events", "/v1/events"),
      ("/v1/x/%2e%2E/events", "/v1/events"), ("/../../v1/events", "/v1/events"), ("/", "/"), ("//", "/"),
      ("/v1/events;x=1", "/v1/events;x=1"), ("/v1/users/a%2Fb", "/v1/users/a%2Fb"), ("/v1/...", "/v1/..."),
    ]
    for (path, canonical) in cases {
      #expect(CanonicalPath.canonical(path[...]) == canonical[...], "\(path)")
    }
  }
}
