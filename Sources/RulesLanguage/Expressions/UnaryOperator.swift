/// An operator before its operand: `!` and `-`.
@_spi(Tooling) public enum UnaryOperator: String, Sendable {
  case not = "!"
  case negate = "-"
}
