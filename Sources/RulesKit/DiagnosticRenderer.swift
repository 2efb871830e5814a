import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine
import RulesSource

/// Prints diagnostics for people (`path:line:column: error: message [id]` with the source
/// line and a caret), for tools (JSON) and for GitHub Actions (workflow commands).
package enum DiagnosticRenderer {
  package enum Format: String, CaseIterable, Sendable {
    case text, json, github
  }

  /// The most diagnostics shown for one file; the rest are counted in one line.
  package static let perFileLimit = 1_000

  /// The bytes of a long line shown on each side of the column.
  package static let excerptReach = 80

  /// One diagnostic for people, with its source line and a caret under the column. A line
  /// longer than twice `excerptReach` bytes is shown around the column only, cut with `…`.
  package static func text(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
    var out = diagnostic.description
    guard let source, let range = source.lineRange(diagnostic.line) else { return out }
    let (line, caretColumn) = excerpt(source, range, line: diagnostic.line, column: diagnostic.column)
    let number = String(diagnostic.line)
    let gutter = String(repeating: " ", count: number.count)
    // Keep tabs under tabs so the caret lines up in a terminal.
    let lead = line.unicodeScalars.prefix(max(0, caretColumn - 1)).map {
      $0 == "\t" ? "\t" : " "
    }.joined()
    out += "\n \(number) | \(line)\n \(gutter) | \(lead)^"
    return out
  }

  /// The text of the line (or of its part around `column`) and the column of the caret in it.
  static func excerpt(_ source: SourceFile, _ range: Range<Int>, line: Int, column: Int) -> (String, Int) {
    let bytes = source.bytes
    guard range.count > 2 * excerptReach else {
      return (String(decoding: bytes[range], as: UTF8.self), column)
    }
    let at =
      source.offset(of: Mark(line: line, column: column))
      .map { min(max($0, range.lowerBound), range.upperBound) } ?? range.lowerBound
    // Cut on character boundaries (never inside a UTF-8 sequence).
    func boundary(_ offset: Int) -> Int {
      var offset = offset
      while offset > range.lowerBound, offset < range.upperBound, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
      return offset
    }
    let start = boundary(max(range.lowerBound, at - excerptReach))
    let end = boundary(min(range.upperBound, at + excerptReach))
    let prefix = start > range.lowerBound ? "…" : ""
    let suffix = end < range.upperBound ? "…" : ""
    let shown = prefix + String(decoding: bytes[start..<end], as: UTF8.self) + suffix
    let before = String(decoding: bytes[start..<at], as: UTF8.self).unicodeScalars.count
    return (shown, before + (prefix.isEmpty ? 1 : 2))
  }

  /// At most `perFileLimit` diagnostics of each file, in their order, and for each file with
  /// more a line that counts the rest.
  package static func limited(_ diagnostics: [Diagnostic], perFile limit: Int = perFileLimit)
    -> (shown: [Diagnostic], notes: [String])
  {
    var counts: [String: Int] = [:]
    var order: [String] = []
    var shown: [Diagnostic] = []
    for diagnostic in diagnostics {
      let count = counts[diagnostic.file, default: 0]
      if count == 0 { order.append(diagnostic.file) }
      counts[diagnostic.file] = count + 1
      if count < limit { shown.append(diagnostic) }
    }
    let notes = order.compactMap { file -> String? in
      let more = counts[file, default: 0] - limit
      guard more > 0 else { return nil }
      return "\(file): \(more) more \(more == 1 ? "diagnostic" : "diagnostics") not shown "
        + "(at most \(limit) per file)"
    }
    return (shown, notes)
  }

  /// The closing line: how many files, errors and warnings.
  package static func summary(files: Int, diagnostics: [Diagnostic]) -> String {
    let errors = diagnostics.errorCount
    let warnings = diagnostics.warningCount
    return "\(files) \(files == 1 ? "file" : "files") checked: "
      + "\(errors) \(errors == 1 ? "error" : "errors"), "
      + "\(warnings) \(warnings == 1 ? "warning" : "warnings")"
  }

  /// A JSON document with every diagnostic and the counts.
  package static func json(files: Int, diagnostics: [Diagnostic]) -> String {
    JSONValue.object([
      ("files", .int(files)),
      ("errors", .int(diagnostics.errorCount)),
      ("warnings", .int(diagnostics.warningCount)),
      ("diagnostics", .array(diagnostics.map(json))),
    ]).serialized()
  }

  package static func json(_ diagnostic: Diagnostic) -> JSONValue {
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
  package static func github(_ diagnostic: Diagnostic) -> String {
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
