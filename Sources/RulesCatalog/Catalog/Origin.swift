@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// Where something was written: a file and a position. Diagnostics about an entry point
/// here, and clashes name both places.
@_spi(Tooling) public struct Origin: Sendable, Hashable, CustomStringConvertible {
  /// The file as the user named it.
  package var file: String
  /// The line and column.
  package var mark: Mark

  /// A place in `file`.
  package init(file: String, mark: Mark) {
    self.file = file
    self.mark = mark
  }

  /// `file:line:column`.
  @_spi(Tooling) public var description: String { "\(file):\(mark.line):\(mark.column)" }
}
