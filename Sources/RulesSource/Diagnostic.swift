/// One problem found in a file: where, how bad, which kind (a stable id) and what to do.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  public enum Severity: String, Sendable, Hashable, Comparable {
    case error, warning

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .error && rhs == .warning
    }
  }

  /// The file as the user named it.
  public var file: String
  public var mark: Mark
  public var severity: Severity
  /// A stable identifier of the kind of problem, e.g. `unknown-key`, for tools and docs.
  public var id: DiagnosticID
  public var message: String

  public init(
    file: String, mark: Mark, severity: Severity = .error, id: DiagnosticID, message: String
  ) {
    self.file = file
    self.mark = mark
    self.severity = severity
    self.id = id
    self.message = message
  }

  public var line: Int { mark.line }
  public var column: Int { mark.column }

  /// `path:line:column: error: message [id]`, the form compilers use.
  public var description: String {
    "\(file):\(mark.line):\(mark.column): \(severity.rawValue): \(message) [\(id.rawValue)]"
  }
}

extension Array where Element == Diagnostic {
  public var errorCount: Int { count { $0.severity == .error } }
  public var warningCount: Int { count { $0.severity == .warning } }
  public var hasErrors: Bool { contains { $0.severity == .error } }

  /// In reading order: files in the order they first appear, then by position; diagnostics
  /// at the same place keep the order they were found in.
  public func sortedByPosition() -> [Diagnostic] {
    var fileOrder: [String: Int] = [:]
    for diagnostic in self where fileOrder[diagnostic.file] == nil {
      fileOrder[diagnostic.file] = fileOrder.count
    }
    return enumerated().sorted { a, b in
      let (x, y) = (a.element, b.element)
      if x.file != y.file { return fileOrder[x.file, default: 0] < fileOrder[y.file, default: 0] }
      if x.mark != y.mark { return x.mark < y.mark }
      return a.offset < b.offset
    }.map(\.element)
  }
}
