import Foundation
import HTTPTypes
import HummingbirdTesting
import StoreTestSupport
import Testing

@testable import RulesServer

/// A whole number written with a fraction (`65.0`) is an integer, as JSON Schema reads the
/// served document's `integer` (schemathesis's `positive_data_acceptance` sends both spellings).
@Suite struct WholeNumberTests {
  @Test(arguments: Backend.all) func aWholeNumberWithAFractionIsAnInteger(_ backend: Backend) async throws {
    try await withStore(backend) { store, _ in
      let api = try await InProcessAPI(store: store)
      try await api.test { client in
        let path = "/v1/catalogs/rizq/users/amina/days/2026-01-05"
        let token = InProcessAPI.adminToken
        let whole = try await client.call(.put, path, token: token, body: #"{"duas_completed": 3.0}"#)
        #expect(whole.status == .ok, "\(whole.text)")
        let plain = try await client.call(.put, path, token: token, body: #"{"duas_completed": 3}"#)
        #expect(plain.status == .ok)
        let metrics = { (text: String) in
          (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["metrics"] as? NSDictionary
        }
        #expect(metrics(whole.text) != nil)
        #expect(metrics(whole.text) == metrics(plain.text), "3.0 counts as 3")
        for (body, message) in [
          (#"{"duas_completed": 3.5}"#, "duas_completed must be an integer; found the number 3.5"),
          (#"{"duas_completed": 1e300}"#, "duas_completed must be an integer; found the number"),
        ] {
          let answer = try await client.call(.put, path, token: token, body: body)
          #expect(PathSpellingTests.outcome(answer) == "400 bad-value", "\(body)")
          #expect(answer.text.contains(message), "\(answer.text)")
        }
      }
    }
  }
}
