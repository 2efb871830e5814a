import Foundation
import RulesEngine
import RulesSource

/// Prints diagnostics for people (`path:line:column: error: message [id]` with the source
/// line and a caret), for tools (JSON) and for GitHub Actions (workflow commands).
public enum DiagnosticRenderer {
  public enum Format: String, CaseIterable, Sendable {
    case text, json, github
  }

  /// One diagnostic for people, with its source line and a caret under the column.
  public static func text(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
    var out = diagnostic.description
    guard let source, let line = source.lineText(diagnostic.line) else { return out }
    let number = String(diagnostic.line)
    let gutter = String(repeating: " ", count: number.count)
    // Keep tabs under tabs so the caret lines up in a terminal.
    let lead = line.unicodeScalars.prefix(max(0, diagnostic.column - 1)).map {
      $0 == "\t" ? "\t" : " "
    }.joined()
    out += "\n \(number) | \(line)\n \(gutter) | \(lead)^"
    return out
  }

  /// The closing line: how many files, errors and warnings.
  public static func summary(files: Int, diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.errorCount
    let warnings = diagnostics.warningCount
    return "\(files) \(files == 1 ? "file" : "files") checked: "
      + "\(errors) \(errors == 1 ? "error" : "errors"), "
      + "\(warnings) \(warnings == 1 ? "warning" : "warnings")"
  }

  /// A JSON document with every diagnostic and the counts.
  public static func json(files: Int, diagnostics: [Diagnostic]) -> String {
    JSONValue.object([
      ("files", .int(files)),
      ("errors", .int(diagnostics.errorCount)),
      ("warnings", .int(diagnostics.warningCount)),
      ("diagnostics", .array(diagnostics.map(json))),
    ]).serialized()
  }

  public static func json(_ diagnostic: Diagnostic) -> JSONValue {
    .object([
      ("file", .string(diagnostic.file)),
      ("line", .int(diagnostic.line)),
      ("column", .int(diagnostic.column)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("id", .string(diagnostic.id.rawValue)),
      ("message", .string(diagnostic.message)),
    ])
  }

  /// A GitHub Actions workflow command that annotates the line in a pull request.
  public static func github(_ diagnostic: Diagnostic) -> String {
    func escape(_ text: String, property: Bool) -> String {
      var out = text.replacingOccurrences(of: "%", with: "%25")
        .replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
      if property {
        out = out.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
      }
      return out
    }
    return "::\(diagnostic.severity.rawValue) file=\(escape(diagnostic.file, property: true)),"
      + "line=\(diagnostic.line),col=\(diagnostic.column),"
      + "title=\(escape(diagnostic.id.rawValue, property: true))::"
      + escape(diagnostic.message, property: false)
  }
}
