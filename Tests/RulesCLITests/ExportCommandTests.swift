import Foundation
import Testing

@Suite("rules export and rules schema")
struct ExportCommandTests {
  @Test("rules export writes the catalog as JSON with its format version")
  func export() throws {
    let result = try CLI.run(["export", "discipline"])
    #expect(result.status == 0)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["format"] as? String == "rules-catalog")
    #expect(object["catalog"] as? String == "discipline")
    #expect((object["badges"] as? [Any])?.count == 4)
  }

  @Test("rules export --output writes the file; a catalog with errors is refused")
  func output() throws {
    let sandbox = try Sandbox(["bad.yaml": "catalog: demo\nbadges:\n  - {id: a, name: A, whne: true}\n"])
    let good = try CLI.run(
      ["export", CLI.repository.appendingPathComponent("catalogs/rizq.yaml").path, "-o", "rizq.json"], in: sandbox.url)
    #expect(good.status == 0)
    #expect(try sandbox.read("rizq.json").count > 1000)
    let bad = try CLI.run(["export", "bad.yaml", "-o", "bad.json"], in: sandbox.url)
    #expect(bad.status == 1)
    #expect(
      bad.stderr.hasPrefix("bad.yaml:3:22: error: unknown key 'whne' in badge 'a'; did you mean 'when'? [unknown-key]"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.url.appendingPathComponent("bad.json").path))
  }

  @Test("rules schema prints the committed schemas")
  func schema() throws {
    for (kind, path) in [
      ("catalog", "catalogs/catalog.schema.json"), ("scenario", "catalogs/tests/scenario.schema.json"),
      ("history", "examples/history.schema.json"),
      ("locale", "catalogs/locales/locale.schema.json"),
    ] {
      let result = try CLI.run(["schema", "--kind", kind])
      let committed = try String(contentsOf: CLI.repository.appendingPathComponent(path), encoding: .utf8)
      #expect(result.status == 0)
      #expect(result.stdout == committed)
    }
  }
}
