import Foundation
import RulesSource
import Testing
import YAMLReader

/// The 402 cases of the official YAML test suite, packed by scripts/pack-yaml-test-suite.py.
struct YAMLTestSuite: Decodable {
  struct LibYAML: Decodable {
    var rejectsValid: [String]
    var acceptsInvalid: [String]
  }
  struct Case: Decodable, CustomTestStringConvertible {
    var id: String
    var name: String
    var error: Bool
    var yaml: String
    var bytes: [UInt8] { [UInt8](Data(base64Encoded: yaml) ?? Data()) }
    var testDescription: String { "\(id) \(name)" }
  }
  var libyaml: LibYAML
  var cases: [Case]

  static let shared: YAMLTestSuite = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/yaml-test-suite.json")
    do {
      return try JSONDecoder().decode(YAMLTestSuite.self, from: Data(contentsOf: url))
    } catch {
      fatalError("cannot load \(url.path): \(error)")
    }
  }()
}

/// Diagnostics that mean "libyaml said no" rather than one of the reader's own policies
/// (one document per file, core tags only, unique keys, defined aliases).
private let syntaxIDs: Set<DiagnosticID> = [.yamlSyntax, .yamlEncoding]

@Suite("the YAML test suite")
struct YAMLTestSuiteTests {
  @Test("the fixture holds all 402 cases")
  func fixtureIsComplete() {
    #expect(YAMLTestSuite.shared.cases.count == 402)
    #expect(YAMLTestSuite.shared.cases.count { $0.error } == 94)
  }

  @Test("the reader agrees with libyaml and never crashes or hangs", arguments: YAMLTestSuite.shared.cases)
  func agreesWithLibYAML(testCase: YAMLTestSuite.Case) {
    let source = SourceFile(path: testCase.id, bytes: testCase.bytes)
    let libyaml = EventScan.run(source)
    // What libyaml 0.2.5 is known to do with this case.
    let known = YAMLTestSuite.shared.libyaml
    let libyamlAccepts =
      testCase.error
      ? known.acceptsInvalid.contains(testCase.id) : !known.rejectsValid.contains(testCase.id)
    #expect((libyaml.error == nil) == libyamlAccepts, "libyaml: \(libyaml.error?.description ?? "ok")")

    let result = YAMLDocumentReader().read(source)
    let syntaxErrors = result.diagnostics.filter { syntaxIDs.contains($0.id) }
    if libyaml.error != nil {
      // libyaml refused: so does the reader, with libyaml's message, unless a policy of its
      // own stopped it first (a second document, a custom tag...).
      #expect(result.root == nil)
      #expect(result.diagnostics.hasErrors)
      if let error = syntaxErrors.first {
        #expect(error == libyaml.error)
      }
    } else {
      // libyaml accepted: the reader never reports a syntax error, only its own policies.
      #expect(syntaxErrors.isEmpty, "\(syntaxErrors)")
    }
    for diagnostic in result.diagnostics {
      #expect(diagnostic.line >= 1 && diagnostic.column >= 1)
    }
  }
}
