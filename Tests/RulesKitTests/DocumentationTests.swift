import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing
import YAMLReader

@Suite("generated documentation")
struct DocumentationTests {
  /// The repository, found from this file's place.
  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Set RULES_UPDATE_DOCS=1 to write the generated files instead of comparing them.
  static let update = ProcessInfo.processInfo.environment["RULES_UPDATE_DOCS"] == "1"

  /// The committed file equals `generated`. With RULES_UPDATE_DOCS=1 a stale file is written
  /// anew and the test still fails (once), so that an update never passes unseen.
  static func compare(_ generated: String, with path: String) throws {
    let url = Self.repository.appendingPathComponent(path)
    let committed = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    guard committed != generated else { return }
    if update {
      try Data(generated.utf8).write(to: url)
      Issue.record("\(path) was stale and is written anew: review it and run the tests again")
    } else {
      Issue.record("\(path) is stale: run RULES_UPDATE_DOCS=1 swift test --filter DocumentationTests")
    }
  }

  @Test("docs/diagnostics.md is current")
  func diagnostics() throws {
    try Self.compare(DiagnosticIndex.markdown(), with: "docs/diagnostics.md")
  }

  @Test("every diagnostic id declared in the sources is documented")
  func everyID() throws {
    let sources = Self.repository.appendingPathComponent("Sources")
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
