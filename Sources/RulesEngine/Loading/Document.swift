import RulesSource

/// One file as the loader sees it: its text (for carets and expression columns), its node
/// tree (nil when it could not be read), and what reading it reported.
public struct Document: Sendable {
  /// The file's text, when it could be read.
  public var source: SourceFile?
  /// The file's node tree, when it could be read.
  public var root: Node?
  /// What reading the file reported.
  public var diagnostics: [Diagnostic]

  /// A document read from a file.
  public init(source: SourceFile?, root: Node?, diagnostics: [Diagnostic]) {
    self.source = source
    self.root = root
    self.diagnostics = diagnostics
  }
}

/// Reads a file into a `Document`. The engine does not read YAML itself: the `RulesKit`
/// module gives it a reader built on libyaml, tests give it files held in memory.
public typealias DocumentReader = @Sendable (_ path: String) -> Document
