import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing
import YAMLReader

@Suite("JSON Schemas")
struct SchemaTests {
  @Test(
    "catalogs/catalog.schema.json, catalogs/tests/scenario.schema.json and examples/history.schema.json are current")
  func current() throws {
    try DocumentationTests.compare(JSONSchema.catalog().serialized() + "\n", with: "catalogs/catalog.schema.json")
    try DocumentationTests.compare(
      JSONSchema.scenario().serialized() + "\n", with: "catalogs/tests/scenario.schema.json")
    try DocumentationTests.compare(JSONSchema.history().serialized() + "\n", with: "examples/history.schema.json")
  }

  @Test("the history schema accepts every example history and a traveller's, and rejects a bad zone change")
  func histories() throws {
    let traveller = """
      timezone: Pacific/Auckland
      calendar: islamic-umalqura
      timezone_changes:
        - {at: 2026-03-10T09:30:00Z, timezone: America/Los_Angeles}
      days:
        - {date: 2026-03-09}
      """
    let texts = try Self.shipped("examples") + [traveller]
    #expect(try Self.validate(texts, schema: "examples/history.schema.json") == texts.map { _ in nil })
    let bad = "days: []\ntimezone_changes:\n  - {at: 2026-03-10T09:30:00Z}\n"
    #expect(try Self.validate([bad], schema: "examples/history.schema.json") == ["'timezone' is a required property"])
  }

  @Test("the locale schema matches its committed copy")
  func localeSchema() throws {
    try DocumentationTests.compare(
      JSONSchema.locale().serialized() + "\n", with: "catalogs/locales/locale.schema.json")
  }

  @Test("the locale schema accepts the shipped locale files and rejects a field no section has")
  func shippedLocales() throws {
    let texts = try Self.shipped("catalogs/locales/ar")
    #expect(texts.count == 2)
    #expect(try Self.validate(texts, schema: "catalogs/locales/locale.schema.json") == texts.map { _ in nil })
    #expect(
      try Self.validate(["badges:\n  first: {nmae: x}\n"], schema: "catalogs/locales/locale.schema.json") == [
        "Additional properties are not allowed ('nmae' was unexpected)"
      ])
  }

  /// Validates YAML texts (as JSON, read with our reader) against a committed schema with
  /// Python's `jsonschema`, the validator editors' tooling is built on; returns each text's
  /// verdict: nil when valid, else the validator's most relevant message.
  static func validate(_ texts: [String], schema: String) throws -> [String?] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rules-schema-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var paths: [String] = []
    for (index, text) in texts.enumerated() {
      let read = YAMLDocumentReader().read(SourceFile(path: "doc\(index).yaml", text: text))
      let root = try #require(read.root, "\(read.diagnostics)")
      let path = folder.appendingPathComponent("doc\(index).json").path
      try Data(JSONValue(root).serialized().utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let script = """
      import json, sys
      from jsonschema import Draft202012Validator
      from jsonschema.exceptions import best_match
      schema = json.load(open(sys.argv[1]))
      Draft202012Validator.check_schema(schema)
      validator = Draft202012Validator(schema)
      for path in sys.argv[2:]:
          error = best_match(validator.iter_errors(json.load(open(path))))
          print(json.dumps(error.message if error else None))
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      ["python3", "-c", script, DocumentationTests.repository.appendingPathComponent(schema).path] + paths
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "python3 with jsonschema is needed (pip install jsonschema)")
    return try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
      try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) as? String
    }
  }

  static func shipped(_ folder: String) throws -> [String] {
    let url = DocumentationTests.repository.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".yaml") }.sorted()
      .map { try String(contentsOf: url.appendingPathComponent($0), encoding: .utf8) }
  }

  @Test("the catalog schema accepts every shipped catalog and rule module")
  func shippedCatalogs() throws {
    let texts = try Self.shipped("catalogs") + Self.shipped("rules")
    #expect(texts.count == 6)
    #expect(try Self.validate(texts, schema: "catalogs/catalog.schema.json") == texts.map { _ in nil })
  }

  @Test("the scenario schema accepts every shipped scenario file")
  func shippedScenarios() throws {
    let texts = try Self.shipped("catalogs/tests")
    #expect(texts.count == 5)
    #expect(try Self.validate(texts, schema: "catalogs/tests/scenario.schema.json") == texts.map { _ in nil })
  }

  /// Mistakes `rules check` reports (see CatalogCheckTests), which the schema must reject too,
  /// with what the validator says.
  static let bad = [
    (
      "catalog: demo\nbadges:\n  - {id: a, name: A, whne: true}\n",
      "Additional properties are not allowed ('whne' was unexpected)"
    ),
    // A badge needs `when` or `requires`.
    (
      "catalog: demo\nbadges:\n  - {id: a, name: A, xp: 1}\n",
      "{'id': 'a', 'name': 'A', 'xp': 1} is not valid under any of the given schemas"
    ),
    ("catalog: demo\nbadges:\n  - {id: a, name: A, when: 'true', xp: -5}\n", "-5 is less than the minimum of 0"),
    ("catalog: Demo App\n", "'Demo App' does not match '^[a-z0-9][a-z0-9-]*$'"),
    ("catalog: demo\nbadges:\n  - {id: a, when: 'true'}\n", "'name' is a required property"),
    (
      "catalog: demo\nstreaks:\n  run: {type: daily, counts: 'true'}\n",
      "'daily' is not one of ['consecutive', 'elapsed', 'periodic']"
    ),
    ("catalog: demo\ninputs:\n  no-contact: {type: bool}\n", "'no-contact' does not match '^[a-z_][a-z0-9_]*$'"),
    (
      "catalog: demo\nmilestones:\n  streak: run\n  list:\n    - {id: one, day: first}\n",
      "'first' is not of type 'integer'"
    ),
    ("catalog: demo\nquotes: {rotation: weekly, list: []}\n", "'weekly' is not one of ['day-of-year', 'day']"),
    ("name: no id\n", "'catalog' is a required property"),
    (
      "module: levels\nmilestones: {streak: run, list: []}\n",
      "Additional properties are not allowed ('milestones' was unexpected)"
    ),
  ]

  @Test("the catalog schema rejects the mistakes rules check reports", arguments: bad)
  func badCatalog(text: String, message: String) throws {
    #expect(try Self.validate([text], schema: "catalogs/catalog.schema.json") == [message])
  }
}
