import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesTestSupport
import Testing

/// `rules export`'s JSON as the tooling reads it: the shipped catalogs' scenarios run from it
/// day by day as from the YAML, and an export written to a file loads back.
@Suite("exported catalogs, with the tooling")
struct ExportedCatalogFileTests {
  /// The shipped catalog checked from its file, and the same catalog exported and loaded back
  /// from JSON.
  static func both(_ name: String) throws -> (yaml: ValidatedCatalog, json: ValidatedCatalog) {
    let path = ShippedCatalogs.folder.appendingPathComponent("\(name).yaml").path
    let checked = CatalogFiles.validate(path: path)
    let yaml = try #require(checked.validated, "\(checked.diagnostics)")
    let loaded = ExportedCatalog.validate(Data(CatalogExport.json(yaml).serialized().utf8), path: "\(name).json")
    let json = try #require(loaded.validated, "\(loaded.diagnostics)")
    return (yaml, json)
  }

  @Test("every scenario gives the same checks, day by day, from the exported JSON", arguments: ShippedCatalogs.names)
  func scenarios(name: String) throws {
    let (yaml, json) = try Self.both(name)
    let path = ShippedCatalogs.folder.appendingPathComponent("tests/\(name).yaml").path
    let document = YAMLDocuments.reader()(path)
    let (file, problems) = ScenarioDecoder.decode(
      document.root, file: path, catalogPath: "catalogs/\(name).yaml", catalog: yaml)
    let scenarios = try #require(file, "\(problems)").scenarios
    #expect(!scenarios.isEmpty)
    let (fromYAML, fromJSON) = (Engine(yaml), Engine(json))
    for scenario in scenarios {
      let expected = try ScenarioRunner.checks(scenario, engine: fromYAML).map { $0.json.serialized() }
      let found = try ScenarioRunner.checks(scenario, engine: fromJSON).map { $0.json.serialized() }
      #expect(!expected.isEmpty)
      #expect(found == expected, "\(scenario.name)")
      #expect(ScenarioRunner.run(scenario, engine: fromJSON).failures.isEmpty, "\(scenario.name)")
    }
  }

  /// The examples whose catalogs use the goals users ask for (issue 54): each key of the
  /// catalog format the export must write and read back.
  static let examples = ["examples/goals/goals.yaml:examples/goals/tests/goals.yaml"]

  @Test(
    "an example's scenarios give the same checks from its export, which exports to the same text", arguments: examples)
  func exampleScenarios(paths: String) throws {
    let (catalogPath, testsPath) = (String(paths.split(separator: ":")[0]), String(paths.split(separator: ":")[1]))
    let root = ShippedCatalogs.folder.deletingLastPathComponent()
    let checked = CatalogFiles.validate(path: root.appendingPathComponent(catalogPath).path)
    let yaml = try #require(checked.validated, "\(checked.diagnostics)")
    let text = CatalogExport.json(yaml).serialized()
    let loaded = ExportedCatalog.validate(Data(text.utf8), path: "example.json")
    let json = try #require(loaded.validated, "\(loaded.diagnostics)")
    #expect(CatalogExport.json(json).serialized() == text)
    let path = root.appendingPathComponent(testsPath).path
    let (file, problems) = ScenarioDecoder.decode(
      YAMLDocuments.reader()(path).root, file: path, catalogPath: catalogPath, catalog: yaml)
    let scenarios = try #require(file, "\(problems)").scenarios
    let (fromYAML, fromJSON) = (Engine(yaml), Engine(json))
    for scenario in scenarios {
      let expected = try ScenarioRunner.checks(scenario, engine: fromYAML).map { $0.json.serialized() }
      let found = try ScenarioRunner.checks(scenario, engine: fromJSON).map { $0.json.serialized() }
      #expect(!expected.isEmpty)
      #expect(found == expected, "\(scenario.name)")
      #expect(ScenarioRunner.run(scenario, engine: fromJSON).failures.isEmpty, "\(scenario.name)")
    }
  }

  @Test("an export written to a file loads back, and exporting it gives the same text")
  func fileRoundTrip() throws {
    let (yaml, _) = try Self.both("rizq")
    let text = CatalogExport.json(yaml).serialized()
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let again = CatalogFiles.validateExported(path: path)
    #expect(again.diagnostics.isEmpty, "\(again.diagnostics)")
    let loaded = try #require(again.validated)
    #expect(loaded.catalog.translations.locales == ["ar"])
    #expect(CatalogExport.json(loaded).serialized() == text)
    let missing = CatalogFiles.validateExported(path: path + ".missing")
    #expect(missing.validated == nil)
    #expect(missing.diagnostics.map(\.id) == [.fileUnreadable])
  }
}
