@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource
import Testing

@Suite("diagnostic rendering")
struct DiagnosticRenderingTests {
  static let diagnostic = Diagnostic(
    file: "catalogs/demo.yaml", mark: Mark(line: 2, column: 9), id: .unknownKey,
    message: "unknown key 'whne' in badge 'a'; did you mean 'when'?")

  @Test("for people: the compiler form, the source line and a caret under the column")
  func text() {
    let source = SourceFile(path: "catalogs/demo.yaml", text: "badges:\n  - {id: a, whne: true}\n")
    #expect(
      DiagnosticRenderer.text(Self.diagnostic, source: source) == """
        catalogs/demo.yaml:2:9: error: unknown key 'whne' in badge 'a'; did you mean 'when'? [unknown-key]
         2 |   - {id: a, whne: true}
           |         ^
        """)
    #expect(DiagnosticRenderer.text(Self.diagnostic, source: nil) == Self.diagnostic.description)
  }

  @Test("for tools: JSON with the counts, and GitHub workflow commands with escapes")
  func tools() {
    let warning = Diagnostic(
      file: "a,b.yaml", mark: Mark(line: 1, column: 1), severity: .warning, id: .emptySection, message: "50% done\nnext"
    )
    #expect(
      DiagnosticRenderer.json(files: 2, diagnostics: [Self.diagnostic, warning])
        == """
        {
          "files": 2,
          "errors": 1,
          "warnings": 1,
          "diagnostics": [
            {
              "file": "catalogs/demo.yaml",
              "line": 2,
              "column": 9,
              "severity": "error",
              "id": "unknown-key",
              "message": "unknown key 'whne' in badge 'a'; did you mean 'when'?"
            },
            {
              "file": "a,b.yaml",
              "line": 1,
              "column": 1,
              "severity": "warning",
              "id": "empty-section",
              "message": "50% done\\nnext"
            }
          ]
        }
        """)
    #expect(
      DiagnosticRenderer.github(warning)
        == "::warning file=a%2Cb.yaml,line=1,col=1,title=empty-section::50%25 done%0Anext")
    #expect(
      DiagnosticRenderer.summary(files: 1, diagnostics: [Self.diagnostic])
        == "1 file checked: 1 error, 0 warnings")
  }
}
