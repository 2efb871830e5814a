/// The YAML 1.2 core schema's types, the only tags a document may use.
public enum CoreTag: UInt8, Sendable {
  case null, bool, int, float, str, seq, map

  /// The short form a user writes, e.g. `!!int`.
  public var shorthand: String {
    switch self {
    case .null: "!!null"
    case .bool: "!!bool"
    case .int: "!!int"
    case .float: "!!float"
    case .str: "!!str"
    case .seq: "!!seq"
    case .map: "!!map"
    }
  }
}
