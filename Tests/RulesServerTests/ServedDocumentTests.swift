import Foundation
import HTTPTypes
import HummingbirdTesting
@_spi(Tooling) import RulesEngine
import StoreTestSupport
import Testing

@testable import RulesServer

/// `GET /v1/openapi.json` (#35): the generic document typed for the catalogs served, held to
/// docs/openapi.yaml, and answers that keep to it.
@Suite struct ServedDocumentTests {
  @Test func theBuiltInDocumentIsDocsOpenAPIYaml() throws {
    let file = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/openapi.yaml"), encoding: .utf8)
    #expect(GenericDocument.yaml == file, "run scripts/generate-openapi-source after editing docs/openapi.yaml")
  }

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func everyCatalogPathIsTheGenericOneTypedForTheCatalog() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let catalogs = api.api.served.set.order.map { api.api.served.set.byID[$0]! }
      let text = try await api.test { client in
        let answer = try await client.call(.get, "/v1/openapi.json")
        #expect(answer.status == .ok)
        return answer.text
      }
      let document = try Self.object(text)
      let paths = try #require(document["paths"] as? [String: Any])
      let generic = try OpenAPIDocument.load()
      guard case .object(let genericPaths)? = generic.root["paths"] else { throw StoreTestFailure("no paths") }
      #expect(!paths.keys.contains { $0.contains("{catalog}") }, "every {catalog} path is written per catalog")
      // Every path is a generic one, with the catalog's id in place of {catalog}, and its methods.
      for (path, item) in paths {
        var template = path
        for catalog in catalogs {
          template = template.replacingOccurrences(of: "/v1/catalogs/\(catalog.id)", with: "/v1/catalogs/{catalog}")
          template = template.replacingOccurrences(
            of: "/v1/admin/catalogs/\(catalog.id)/", with: "/v1/admin/catalogs/{catalog}/")
        }
        let genericItem = try #require(genericPaths.first { $0.0 == template }?.1, "\(path) is no generic path")
        let methods = Set(
          (item as? [String: Any] ?? [:]).keys.filter { ["get", "put", "post", "delete"].contains($0) })
        guard case .object(let genericPairs) = genericItem else { continue }
        #expect(
          methods == Set(genericPairs.map(\.0).filter { ["get", "put", "post", "delete"].contains($0) }), "\(path)")
      }
      let plain = genericPaths.filter { !$0.0.contains("{catalog}") }.count
      let perCatalog = genericPaths.count - plain
      #expect(paths.count == plain + perCatalog * catalogs.count)
      let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
      for catalog in catalogs {
        let day = try #require(schemas["Day_\(catalog.id)"] as? [String: Any])
        let properties = try #require(day["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(catalog.schema.inputs.map(\.name)), "\(catalog.id)")
        #expect(day["additionalProperties"] as? Bool == false)
        let put = (paths["/v1/catalogs/\(catalog.id)/users/{user}/days/{date}"] as? [String: Any])?["put"]
        let body = ((put as? [String: Any])?["requestBody"] as? [String: Any])?["content"] as? [String: Any]
        let reference = ((body?["application/json"] as? [String: Any])?["schema"] as? [String: Any])?["$ref"] as? String
        #expect(reference == "#/components/schemas/Day_\(catalog.id)")
      }
      // The document keeps the generic one's info and security schemes.
      #expect((document["openapi"] as? String) == "3.1.0")
      #expect((document["components"] as? [String: Any])?["securitySchemes"] != nil)
    }
  }

  @Test func aDayWithTheDocumentsInputsIsAcceptedAndAnsweredWithItsIDs() async throws {
    try await withStore(.sqlite) { store, _ in
      let api = try await InProcessAPI(store: store)
      let rizq = try #require(api.api.served.set.byID["rizq"])
      let (text, answer) = try await api.test { client in
        let document = try await client.call(.get, "/v1/openapi.json").text
        let answer = try await client.call(
          .put, "/v1/catalogs/rizq/users/amina/days/2026-01-05", token: InProcessAPI.adminToken,
          body: #"{"duas_completed": 3}"#)
        return (document, answer)
      }
      #expect(answer.status == .ok, "\(answer.text)")
      let schemas = try #require(
        (try Self.object(text)["components"] as? [String: Any])?["schemas"] as? [String: Any])
      let evaluation = try #require(schemas["Evaluation_rizq"] as? [String: Any])
      let properties = try #require(evaluation["properties"] as? [String: Any])
      let streaks = try #require((properties["streaks"] as? [String: Any])?["required"] as? [String])
      let metrics = try #require((properties["metrics"] as? [String: Any])?["required"] as? [String])
      let json = try Self.object(answer.text)
      #expect(Set(streaks) == Set((json["streaks"] as? [String: Any] ?? [:]).keys))
      #expect(Set(metrics) == Set((json["metrics"] as? [String: Any] ?? [:]).keys))
      #expect(Set(streaks) == Set(rizq.validated.catalog.streaks.map(\.name)))
    }
  }

  @Test func theDatePatternMatchesTheDaysThatExistAndNoOthers() throws {
    let pattern = ServedDocument.datePattern(through: try CalendarDay("2026-03-05"))
    let regex = try NSRegularExpression(pattern: pattern)
    func matches(_ text: String) -> Bool {
      regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
    for good in ["1900-01-01", "2024-02-29", "2000-02-29", "2025-12-31", "2026-01-31", "2026-02-28", "2026-03-05"] {
      #expect(matches(good), "\(good)")
    }
    for bad in [
      "1899-12-31", "1900-02-29", "2025-02-29", "2025-04-31", "2026-02-29", "2026-03-06", "2027-01-01", "2026-13-01",
      "2026-1-01", "x",
    ] {
      #expect(!matches(bad), "\(bad)")
    }
  }
}
