/// An operator before its operand: `!` and `-`.
public enum UnaryOperator: String, Sendable {
  case not = "!"
  case negate = "-"
}
