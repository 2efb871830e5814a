@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

/// One file as the loader sees it: its text (for carets and expression columns), its node
/// tree (nil when it could not be read), and what reading it reported; or, from a reader with
/// a fast path (`YAMLDocuments.catalogReader`), the file already decoded without a node tree.
@_spi(Tooling) public struct Document: Sendable {
  /// The file's text, when it could be read.
  package var source: SourceFile?
  /// The file's node tree, when it could be read.
  package var root: Node?
  /// What reading the file reported.
  package var diagnostics: [Diagnostic]
  /// The file decoded by a fast path straight from the parser's events, when that path took
  /// it (a file that reading and decoding find no problem in); `root` is then nil. The
  /// fast path gives the model `RuleFileDecoder` would give for the same file.
  package var ruleFile: RuleFile?

  /// A document read from a file.
  @_spi(Tooling) public init(source: SourceFile?, root: Node?, diagnostics: [Diagnostic]) {
    self.source = source
    self.root = root
    self.diagnostics = diagnostics
  }

  /// A file decoded by a fast path: no node tree, no problems.
  package init(source: SourceFile?, ruleFile: RuleFile) {
    self.source = source
    self.root = nil
    self.diagnostics = []
    self.ruleFile = ruleFile
  }
}

/// Reads a file into a `Document`. The engine does not read YAML itself: the `RulesKit`
/// module gives it a reader built on libyaml, tests give it files held in memory.
@_spi(Tooling) public typealias DocumentReader = @Sendable (_ path: String) -> Document
