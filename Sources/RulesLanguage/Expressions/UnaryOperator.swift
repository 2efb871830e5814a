/// An operator before its operand: `!` and `-`.
package enum UnaryOperator: String, Sendable {
  case not = "!"
  case negate = "-"
}
