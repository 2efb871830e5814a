/// Limits that keep hostile or broken input from hurting the process. Each one, when hit,
/// gives a located error instead of a crash, a hang or an exhausted memory.
public struct ReaderLimits: Sendable, Equatable {
  /// Nested lists and mappings. libyaml itself has no limit and slows down quadratically on
  /// deep flow nesting, so the reader stops as soon as this depth is passed.
  public var maxDepth: Int
  /// Nodes that aliases may add by repeating their anchor's node ("billion laughs").
  public var maxAliasedNodes: Int
  /// Bytes of scalar text that aliases may add by repeating their anchor's node: a few
  /// aliases of one large string would otherwise stay under the node limit and still make
  /// gigabytes downstream.
  public var maxAliasedBytes: Int
  /// The size of a file in bytes.
  public var maxFileSize: Int

  public init(
    maxDepth: Int = 64, maxAliasedNodes: Int = 100_000, maxFileSize: Int = 16 * 1024 * 1024,
    maxAliasedBytes: Int = 4 * 1024 * 1024
  ) {
    self.maxDepth = maxDepth
    self.maxAliasedNodes = maxAliasedNodes
    self.maxAliasedBytes = maxAliasedBytes
    self.maxFileSize = maxFileSize
  }

  public static let `default` = ReaderLimits()
}
