import RulesSource
import Testing

@Suite("diagnostics and positions")
struct DiagnosticTests {
  @Test("a diagnostic reads as compilers write them")
  func description() {
    let diagnostic = Diagnostic(
      file: "a.yaml", mark: Mark(line: 3, column: 7), severity: .warning, id: "empty-section", message: "empty")
    #expect(diagnostic.description == "a.yaml:3:7: warning: empty [empty-section]")
    #expect([diagnostic].warningCount == 1 && [diagnostic].errorCount == 0 && ![diagnostic].hasErrors)
  }

  @Test("sorted by position: files in first-seen order, then line and column, ties kept in order")
  func sorted() {
    func at(_ file: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
      Diagnostic(file: file, mark: Mark(line: line, column: column), id: "x", message: message)
    }
    let diagnostics = [
      at("b.yaml", 1, 1, "b1"), at("a.yaml", 2, 1, "a2"), at("b.yaml", 1, 1, "b1 again"), at("a.yaml", 1, 5, "a1"),
    ]
    #expect(diagnostics.sortedByPosition().map(\.message) == ["b1", "b1 again", "a1", "a2"])
  }

  @Test("a source file gives its lines by number")
  func lines() {
    let source = SourceFile(path: "a.yaml", text: "one\ntwo\r\nthree")
    #expect(source.lineText(2) == "two")
    #expect(source.lineText(3) == "three")
    #expect(source.lineText(4) == nil)
  }
}
