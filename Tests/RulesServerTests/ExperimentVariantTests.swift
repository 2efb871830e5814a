import Foundation
import RulesBackend
import StoreTestSupport
import Testing

@testable import RulesServer

/// The variants an experiment refuses, by the exact problem each is told.
@Suite struct ExperimentVariantTests {
  static let control = """
    catalog: habits
    version: 1
    inputs:
      done: {type: bool}
      minutes: {type: int, min: 0, max: 300}
    streaks:
      daily: {counts: done}
    badges:
      - {id: first, name: First, when: daily.current >= 1}
      - {id: week, name: Week, when: daily.current >= 7}
    """

  static func catalog(_ yaml: String) throws -> StoreCatalog {
    try withTemporaryFile(yaml) { try loadCatalog(path: $0) }
  }

  static func withTemporaryFile<R>(_ text: String, _ body: (String) throws -> R) throws -> R {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("habits-\(UUID().uuidString).yaml")
    try text.write(to: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: file) }
    return try body(file.path)
  }

  @Test func eachBadVariantIsToldItsProblem() throws {
    let control = try Self.catalog(Self.control)
    let cases: [(String, [String])] = [
      (
        Self.control.replacingOccurrences(of: "version: 1", with: "version: 2")
          .replacingOccurrences(of: "  minutes: {type: int, min: 0, max: 300}\n", with: ""),
        [
          "the variant removes the input 'minutes' that users send; an experiment's arms take the same records"
        ]
      ),
      (
        Self.control.replacingOccurrences(of: "id: week, name: Week", with: "id: seven, name: Week"),
        ["ids were removed or renamed but version is still 1 (bump the variant's version)"]
      ),
      (
        Self.control.replacingOccurrences(of: "catalog: habits", with: "catalog: other"),
        ["the variant is the catalog 'other', not 'habits'"]
      ),
      (
        Self.control,
        ["the variant is the catalog served (revision \(control.revision)): there is nothing to compare"]
      ),
      // A good variant: a badge added, the version bumped.
      (
        Self.control.replacingOccurrences(of: "version: 1", with: "version: 2")
          + "\n  - {id: three, name: Three, when: daily.current >= 3}\n",
        []
      ),
    ]
    for (yaml, problems) in cases {
      let variant = try Self.catalog(yaml)
      #expect(ExperimentControl.problems(control: control, variant: variant) == problems, "\(yaml)")
    }
  }

  @Test func sharesNamesAndGuardrailsAreCheckedBeforeAnythingIsStored() throws {
    for text in ["0%", "20%", "20", "12.5%", "100%", "0.01%"] {
      #expect(throws: Never.self) { try ExperimentControl.share(text) }
    }
    for text in ["101%", "-1%", "12.345%", "a", "", "20%%"] {
      #expect(throws: ExperimentControl.Failure.self) { try ExperimentControl.share(text) }
    }
    #expect(ExperimentControl.nameProblem("freeze-5.v2_a") == nil)
    #expect(ExperimentControl.nameProblem(String(repeating: "x", count: 65)) != nil)
    #expect(ExperimentControl.nameProblem("") != nil)
    #expect(ExperimentControl.nameProblem("é") != nil)
    #expect(try ExperimentControl.guardrail("retention_d7", margin: 0.02)?.margin == 0.02)
    #expect(throws: ExperimentControl.Failure.self) { try ExperimentControl.guardrail("xp", margin: nil) }
    #expect(throws: ExperimentControl.Failure.self) { try ExperimentControl.guardrail("retention_d7", margin: -1) }
    #expect(throws: ExperimentControl.Failure.self) { try ExperimentControl.guardrail(nil, margin: 0.1) }
  }
}
