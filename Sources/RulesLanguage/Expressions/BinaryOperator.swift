/// An operator between two operands, spelled as the language writes it.
package enum BinaryOperator: String, Sendable, CaseIterable {
  case or = "||"
  case and = "&&"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"

  package var isComparison: Bool {
    switch self {
    case .less, .lessOrEqual, .greater, .greaterOrEqual: true
    default: false
    }
  }

  package var isEquality: Bool { self == .equal || self == .notEqual }
  var isArithmetic: Bool {
    switch self {
    case .add, .subtract, .multiply, .divide, .remainder: true
    default: false
    }
  }
}
