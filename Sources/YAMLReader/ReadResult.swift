import RulesSource

/// What reading one file gave: its root node (nil when the file holds no document or could
/// not be read) and every problem found on the way.
public struct ReadResult: Sendable {
  public var root: Node?
  public var diagnostics: [Diagnostic]

  public init(root: Node?, diagnostics: [Diagnostic]) {
    self.root = root
    self.diagnostics = diagnostics
  }
}
