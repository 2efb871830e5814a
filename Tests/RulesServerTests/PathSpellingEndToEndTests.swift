import Foundation
import StoreTestSupport
import Testing

/// The bypass of #34 as it was found, over real HTTP with the built binary: curl sends the path
/// as written (`--path-as-is`), with no token.
@Suite struct PathSpellingEndToEndTests {
  @Test(arguments: Backend.all) func aTrailingSlashNoLongerSkipsTheToken(_ backend: Backend) async throws {
    try await withTemporaryFolder { folder in
      let server = try await ServerSession(backend, in: folder, token: "admin-s3cret-of-at-least-32-bytes")
      let bob = "/v1/catalogs/rizq/users/bob"
      #expect(try server.call("PUT", bob, route: AccessTests.user, body: #"{"start": "2026-01-01"}"#).status == 200)
      let asIs = ["--path-as-is"]
      for (method, path) in [
        ("GET", "/v1/events/"), ("DELETE", "\(bob)/"), ("POST", "/v1/admin/catalogs/reload/"),
        ("POST", "\(bob)/rebuild/"), ("PUT", "\(bob)/days/2026-01-02/"), ("GET", "/metrics/"),
        ("GET", "/v1/catalogs/rizq/stats/"), ("GET", "//v1/events"), ("GET", "/v1/catalogs/rizq/users//bob/progress"),
        ("GET", "/v1/./events"), ("GET", "/v1/x/../events"),
      ] {
        let answer = try server.process.request(method, path, body: "{}", useToken: false, options: asIs)
        #expect(answer.status == 401, "\(method) \(path): \(answer.status) \(answer.body)")
      }
      // Bob is still there, and the admin token reaches the same routes by the same spellings.
      let events = try server.process.request("GET", "/v1/events/", options: asIs)
      #expect(events.status == 200, "\(events.body)")
      #expect(try server.call("GET", "/v1/catalogs/rizq", route: "/v1/catalogs/{catalog}").status == 200)
      let deleted = try server.process.request("DELETE", "\(bob)/", options: asIs)
      #expect(deleted.status == 200, "\(deleted.body)")
      let again = try server.process.request("DELETE", "\(bob)//", options: asIs)
      #expect(again.status == 404, "\(again.body)")
    }
  }
}
