@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
@_spi(Tooling) import RulesKit
import RulesSource

/// A catalog that fails `rules check`: every problem with its file:line:column and the source
/// line, as `rules check` prints it, instead of the catalog page.
package struct DiagnosticsPage: Sendable {
  package struct Problem: Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    package var severity: String
    package var id: String
    package var message: String
    /// `rules check`'s text of it: the position, the message, the source line and a caret.
    package var text: String
  }

  package var chrome: Chrome
  package var path: String
  package var errors: Int
  package var warnings: Int
  package var problems: [Problem]
  package var notes: [String]

  package init(path: String, diagnostics: [Diagnostic], sources: [String: SourceFile], route: SiteRoute) {
    chrome = Chrome(title: "\(path): problems", home: SiteRoute.index.href(from: route))
    self.path = path
    errors = diagnostics.errorCount
    warnings = diagnostics.warningCount
    let (shown, notes) = DiagnosticRenderer.limited(diagnostics)
    problems = shown.map { diagnostic in
      Problem(
        file: diagnostic.file, line: diagnostic.line, column: diagnostic.column,
        severity: diagnostic.severity.rawValue, id: diagnostic.id.rawValue, message: diagnostic.message,
        text: DiagnosticRenderer.text(diagnostic, source: sources[diagnostic.file]))
    }
    self.notes = notes
  }
}
