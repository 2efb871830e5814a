import RulesSource

/// One file as the loader sees it: its text (for carets and expression columns), its node
/// tree (nil when it could not be read), and what reading it reported.
public struct Document: Sendable {
  public var source: SourceFile?
  public var root: Node?
  public var diagnostics: [Diagnostic]

  public init(source: SourceFile?, root: Node?, diagnostics: [Diagnostic]) {
    self.source = source
    self.root = root
    self.diagnostics = diagnostics
  }
}

/// Reads a file into a `Document`. The engine does not read YAML itself: the `RulesKit`
/// module gives it a reader built on libyaml, tests give it files held in memory.
public typealias DocumentReader = @Sendable (_ path: String) -> Document
