import Foundation
import RulesKit
import Testing

@Suite("generated documentation")
struct DocumentationTests {
  /// Set RULES_UPDATE_DOCS=1 to write the generated files instead of comparing them.
  static let update = ProcessInfo.processInfo.environment["RULES_UPDATE_DOCS"] == "1"

  static func compare(_ generated: String, with path: String) throws {
    let url = Fixture.repository.appendingPathComponent(path)
    if update { try Data(generated.utf8).write(to: url) }
    let committed = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    #expect(committed == generated, "\(path) is stale: run RULES_UPDATE_DOCS=1 swift test --filter DocumentationTests")
  }

  @Test("docs/diagnostics.md is current")
  func diagnostics() throws {
    try Self.compare(DiagnosticIndex.markdown(), with: "docs/diagnostics.md")
  }

  @Test("every diagnostic id declared in the sources is documented")
  func everyID() throws {
    let sources = Fixture.repository.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    var declared: [String] = []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains(": DiagnosticID = \"") {
        if let id = line.split(separator: "\"").dropFirst().first { declared.append(String(id)) }
      }
    }
    let documented = Set(DiagnosticIndex.entries.map(\.id.rawValue))
    #expect(declared.count > 30)
    #expect(Set(declared).subtracting(documented).isEmpty, "undocumented: \(Set(declared).subtracting(documented))")
    #expect(documented.count == DiagnosticIndex.entries.count, "an id is listed twice")
  }
}
