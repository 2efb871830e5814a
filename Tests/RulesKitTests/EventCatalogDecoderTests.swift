import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing

/// The repository, found from this file's place.
private let repository = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func source(_ relative: String) -> SourceFile {
  let data = (try? Data(contentsOf: repository.appendingPathComponent(relative))) ?? Data()
  return SourceFile(path: relative, bytes: Array(data))
}

private func yamlFiles(in folder: String) -> [String] {
  let names =
    (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent(folder).path)) ?? []
  return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
}

/// The shipped catalogs and rule modules.
private let shippedFiles = yamlFiles(in: "catalogs") + yamlFiles(in: "rules")

/// The 402 cases of the YAML test suite (the reader's fixture, packed from
/// /work/shared/data's copy by scripts/pack-yaml-test-suite.py).
private let yamlTestSuite: [SourceFile] = {
  struct Suite: Decodable {
    struct Case: Decodable {
      var id: String
      var yaml: String
    }
    var cases: [Case]
  }
  let url = repository.appendingPathComponent("Tests/YAMLReaderTests/Fixtures/yaml-test-suite.json")
  guard let data = try? Data(contentsOf: url), let suite = try? JSONDecoder().decode(Suite.self, from: data) else {
    return []
  }
  return suite.cases.map { SourceFile(path: $0.id, bytes: [UInt8](Data(base64Encoded: $0.yaml) ?? Data())) }
}()

/// A catalog that uses every kind of badge value the fast path decodes itself.
private let everyBadgeValue = """
  catalog: demo
  inputs:
    done: {type: bool}
    steps: {type: int, min: 0}
  streaks:
    daily: {counts: done}
  groups:
    - {id: ladder, progressive: true}
  badges:
    - id: first
      name: "First \\u00e9tape"
      when: daily.current >= 1
      description: >-
        Folded text
        over two lines.
      category: 'start'
      xp: 0
      tags: [start, 7, "quoted"]
      emoji: "🌱"
      icon: leaf
      image: first.png
      color: gold
      group: ladder
      progress: {current: daily.current, target: "1"}
      extra: {order: 1, list: [a, 2, 2.5, true, null], nested: {k: v}}
    - {id: 2, name: الثاني, when: "week(steps) >= 10 &&\\n daily.current >= 2", xp: 025, repeats: week}
    - id: literal
      name: |
        Literal
      when: |-
        steps >= 1
  """

/// Runs `body` on every line-level mutation of `text`: each line left out, each doubled.
private func forEachMutation(of text: String, _ body: (String) -> Void) {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  for index in lines.indices {
    var without = lines
    without.remove(at: index)
    body(without.joined(separator: "\n"))
    var doubled = lines
    doubled.insert(lines[index], at: index)
    body(doubled.joined(separator: "\n"))
  }
}

@Suite("the catalog reader's fast path (decoding from libyaml's events)")
struct EventCatalogDecoderTests {
  @Test("takes every shipped catalog and rule module, and gives the reference path's model", arguments: shippedFiles)
  func shipped(path: String) {
    let file = source(path)
    #expect(!file.bytes.isEmpty)
    #expect(CatalogDecoderOracle.takesFastPath(file))
    #expect(CatalogDecoderOracle.mismatch(file) == nil)
  }

  @Test("gives the reference model for every kind of badge value, origins and styles included")
  func everyValue() {
    let file = SourceFile(path: "catalogs/demo.yaml", text: everyBadgeValue)
    #expect(CatalogDecoderOracle.takesFastPath(file))
    #expect(CatalogDecoderOracle.mismatch(file) == nil)
  }

  @Test("leaves a badge with requires, or without when, to the reference path, which gives the same model")
  func requiresGoesToTheReferencePath() {
    for badge in ["{id: b, name: B, requires: [a]}", "{id: b, name: B, when: true, requires: [a]}", "{id: b, name: B}"]
    {
      let text = "catalog: demo\nbadges:\n  - {id: a, name: A, when: true}\n  - \(badge)\n"
      let file = SourceFile(path: "catalogs/demo.yaml", text: text)
      #expect(!CatalogDecoderOracle.takesFastPath(file), "\(badge)")
      #expect(CatalogDecoderOracle.mismatch(file) == nil, "\(badge)")
    }
  }

  @Test(
    "gives the reference model for lists longer than the 32 badges it sizes the rest from, whatever follows them",
    arguments: [1, 31, 32, 33, 200])
  func longLists(badges: Int) {
    let list = (0..<badges).map { "  - {id: b\($0), name: B\($0), when: x >= \($0), tags: [t\($0 % 3)]}\n" }.joined()
    let catalog = "catalog: demo\ninputs: {x: {type: int}}\nbadges:\n" + list
    // A long section after the badges makes the reserved room too large: the model is the same.
    let quotes = (0..<400).map { "    - {id: q\($0), text: 'A quote long enough to take some room, number \($0).'}\n" }
      .joined()
    for text in [catalog, catalog + "quotes:\n  list:\n" + quotes] {
      // Results as plain values: a failed expectation would print the whole file.
      let file = SourceFile(path: "catalogs/demo.yaml", text: text)
      let fast = CatalogDecoderOracle.takesFastPath(file)
      let mismatch = CatalogDecoderOracle.mismatch(file).map { "\($0)" }
      #expect(fast)
      #expect(mismatch == nil)
      // A badge past the first 32 that the fast path refuses sends the whole file to the
      // reference path, which reports it.
      let broken = SourceFile(
        path: "catalogs/demo.yaml",
        text: text.replacingOccurrences(of: "id: b\(badges - 1),", with: "id: b\(badges - 1), id: x,"))
      let brokenFast = CatalogDecoderOracle.takesFastPath(broken)
      let brokenMismatch = CatalogDecoderOracle.mismatch(broken).map { "\($0)" }
      #expect(!brokenFast)
      #expect(brokenMismatch == nil)
    }
  }

  @Test("reads every badge key CatalogSchema names (the catalog above writes them all)")
  func everySchemaKey() {
    let keys = CatalogSchema.badge.keys.map(\.name)
    #expect(keys.count == 16)
    // `requires` is the reference path's alone (its ids are reported where they are written).
    for key in keys where key != "requires" { #expect(everyBadgeValue.contains("\(key): "), "\(key)") }
    #expect(CatalogSchema.badgeDisplayKeys.isSubset(of: Set(keys)))
    // Both decoders read a badge through `Badge.keys`: every key of the schema has its place in
    // the model there, in the schema's order.
    #expect(Badge.keys.map(\.schema.name) == keys)
  }

  @Test(
    "agrees with the reference path on every line left out or doubled in the shipped files", arguments: shippedFiles)
  func mutations(path: String) {
    let text = String(decoding: source(path).bytes, as: UTF8.self)
    var fast = 0
    var total = 0
    forEachMutation(of: text) { mutated in
      let file = SourceFile(path: path, text: mutated)
      total += 1
      if CatalogDecoderOracle.takesFastPath(file) { fast += 1 }
      if let mismatch = CatalogDecoderOracle.mismatch(file) {
        Issue.record("\(mismatch)\n--- the mutated file:\n\(mutated)")
      }
    }
    // Both paths are exercised: many mutations still decode cleanly, many do not.
    #expect(fast > 0 && fast < total)
  }

  @Test("agrees with the reference path on the test fixtures and the YAML test suite")
  func fixturesAndYAMLSuite() {
    #expect(yamlTestSuite.count == 402)
    for file in yamlFiles(in: "catalogs/tests").map(source) + yamlTestSuite {
      #expect(CatalogDecoderOracle.mismatch(file) == nil, "\(file.path)")
    }
  }

  @Test("agrees with the reference path on the catalog fuzz target's corpus")
  func fuzzCorpus() throws {
    let folder = repository.appendingPathComponent("Fuzz/corpus/catalog")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count > 1_000)
    var fast = 0
    for name in names {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      // As FuzzCatalog reads its input: the bytes as the catalog's file.
      let file = SourceFile(path: "catalogs/catalog.yaml", bytes: Array(data))
      if CatalogDecoderOracle.takesFastPath(file) { fast += 1 }
      if let mismatch = CatalogDecoderOracle.mismatch(file) { Issue.record("\(name): \(mismatch)") }
    }
    // The corpus exercises both paths.
    #expect(fast > 0 && fast < names.count)
  }

  /// Each case adds a line to a clean catalog; the message is one the reference path reports
  /// for it (nil: the reference path accepts the file, but the fast path leaves it all the same).
  @Test(
    "leaves every problem to the reference path, which reports it as before",
    arguments: [
      ("unknown key", "    colour: gold\n", "unknown key 'colour' in badge 'a'; did you mean 'color'?"),
      (
        "duplicate key", "    name: B\n",
        "duplicate key 'name' (first at line 5, column 5); keys in a mapping must be unique, the first one is kept"
      ),
      ("an anchor", "    icon: &i leaf\n", nil),
      ("a tag", "    icon: !!str leaf\n", nil),
      ("an empty category", "    category:\n", "'category' must be text; found nothing (the value is empty)"),
      (
        "a bad id", "    group: Not-An-Id\n",
        "'Not-An-Id' is not a valid id for 'group': use lowercase letters, digits and -"
      ),
      ("negative xp", "    xp: -5\n", "'xp' must be at least 0; found -5"),
      (
        "an integer out of range", "    xp: 99999999999999999999\n",
        "the integer 99999999999999999999 is out of range (from \(Int.min) to \(Int.max))"
      ),
      ("xp as text", "    xp: '5'\n", "'xp' must be an integer of at least 0; found a string ('5')"),
      (
        "a number among the tags", "    tags: [1.5]\n",
        "each item of 'tags' must be an id (lowercase letters, digits and -); found a number"
      ),
      ("progress without target", "    progress: {current: x}\n", "progress is missing the required key 'target'"),
      (
        "a second document", "---\ncatalog: two\n",
        "a second YAML document starts here; a file holds exactly one document"
      ),
      (
        "a translation map where text belongs", "    description: {en: Hi, ar: مرحبا}\n",
        "'description' must be text; found a mapping"
      ),
    ] as [(String, String, String?)])
  func fallback(what: String, addition: String, message: String?) {
    let text =
      "catalog: demo\ninputs: {x: {type: int}}\nbadges:\n  - id: a\n    name: A\n    when: x >= 1\n"
      + addition
    let file = SourceFile(path: "catalogs/demo.yaml", text: text)
    #expect(!CatalogDecoderOracle.takesFastPath(file), "\(what)")
    #expect(CatalogDecoderOracle.mismatch(file) == nil)
    // The catalog reader gives the reference path's diagnostics, one for one.
    let fast = CatalogValidation.load(path: file.path, reader: { _ in YAMLDocuments.catalogDocument(file) })
    let reference = CatalogValidation.load(path: file.path, reader: { _ in YAMLDocuments.document(file) })
    #expect(fast.diagnostics == reference.diagnostics)
    if let message {
      #expect(fast.diagnostics.map(\.message).contains(message), "\(fast.diagnostics)")
    } else {
      // Anchors and core tags are fine on the reference path, which the fast path leaves them to.
      #expect(fast.diagnostics.isEmpty && fast.validated != nil, "\(fast.diagnostics)")
    }
  }

  @Test("a catalog read on the fast path checks as on the reference path")
  func checked() {
    let file = SourceFile(path: "catalogs/demo.yaml", text: everyBadgeValue)
    let fast = CatalogValidation.load(path: file.path, reader: { _ in YAMLDocuments.catalogDocument(file) })
    let reference = CatalogValidation.load(path: file.path, reader: { _ in YAMLDocuments.document(file) })
    #expect(fast.diagnostics == reference.diagnostics)
    #expect(fast.validated?.badges.map(\.badge.id) == ["first", "2", "literal"])
    #expect(reference.validated?.badges.map(\.badge.id) == ["first", "2", "literal"])
  }
}
