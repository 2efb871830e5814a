import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource
import RulesTestSupport
import Testing

/// `rules export`: the JSON an app loads without libyaml evaluates exactly as the YAML.
@Suite("exported catalogs")
struct ExportTests {
  static let catalogs = ShippedCatalogs.names

  /// The shipped catalog, and the same catalog exported and loaded back from JSON.
  static func both(_ name: String) throws -> (yaml: ValidatedCatalog, json: ValidatedCatalog, text: String) {
    let yaml = try Fixture.shipped(name)
    let text = CatalogExport.json(yaml).serialized()
    let path = "\(name).json"
    let loaded = ExportedCatalog.validate(Data(text.utf8), path: path)
    let json = try #require(loaded.validated, "\(loaded.diagnostics)")
    return (yaml, json, text)
  }

  @Test("exporting a loaded export gives the same JSON", arguments: catalogs)
  func fixpoint(name: String) throws {
    let (_, json, text) = try Self.both(name)
    #expect(CatalogExport.json(json).serialized() == text)
  }

  @Test("imports are merged and defaults written out")
  func merged() throws {
    let (_, _, text) = try Self.both("rizq")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "rules-catalog")
    #expect(object["format_version"] as? Int == 1)
    #expect(object["imports"] == nil)
    let metrics = try #require(object["metrics"] as? [[String: Any]])
    #expect(metrics.map { $0["key"] as? String } == ["total_duas", "week_dua_days", "xp", "level", "xp_to_next_level"])
    let streak = try #require((object["streaks"] as? [[String: Any]])?.first)
    #expect(streak["today"] as? String == "in-progress")
    #expect(streak["needs_start"] as? Bool == false)
    let input = try #require((object["inputs"] as? [[String: Any]])?.first)
    #expect(input["default"] as? Int == 0)
  }

  @Test(
    "a file that is not an export is refused with the reason",
    arguments: [
      ("[1, 2]", "x.json cannot be loaded: it is not a JSON object"),
      (
        "{\"catalog\": \"demo\"}",
        "x.json cannot be loaded: it is not an exported catalog ('format' is not 'rules-catalog')"
      ),
      (
        "{\"format\": \"rules-catalog\", \"format_version\": 2, \"catalog\": \"demo\"}",
        "x.json cannot be loaded: its format_version is not 1; export the catalog again with this version of rules"
      ),
    ])
  func notAnExport(text: String, message: String) {
    let document = ExportedCatalog.document(Data(text.utf8), path: "x.json")
    #expect(document.root == nil)
    #expect(document.diagnostics.map(\.message) == [message])
  }

  @Test("a broken export is not JSON")
  func notJSON() {
    let document = ExportedCatalog.document(Data("{\"format\": ".utf8), path: "x.json")
    #expect(document.diagnostics.first?.message.hasPrefix("x.json cannot be loaded: it is not JSON (") == true)
  }
}
