/// How a scalar was written in the file.
public enum ScalarStyle: UInt8, Sendable {
  case plain, singleQuoted, doubleQuoted, literal, folded

  /// Quoted and block scalars are always strings under the core schema.
  public var isPlain: Bool { self == .plain }
}
