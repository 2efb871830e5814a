/// A position in a source file: 1-based line and 1-based column.
///
/// Columns count Unicode scalars (characters as libyaml counts them), not bytes, so a
/// position after Arabic text still lines up with what an editor shows.
public struct Mark: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The start of a file.
  public static let start = Mark(line: 1, column: 1)

  public static func < (lhs: Mark, rhs: Mark) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  public var description: String { "\(line):\(column)" }
}
