import RulesSource

/// Where something was written: a file and a position. Diagnostics about an entry point
/// here, and clashes name both places.
public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// The file as the user named it.
  public var file: String
  /// The line and column.
  public var mark: Mark

  /// A place in `file`.
  public init(file: String, mark: Mark) {
    self.file = file
    self.mark = mark
  }

  /// `file:line:column`.
  public var description: String { "\(file):\(mark.line):\(mark.column)" }
}
