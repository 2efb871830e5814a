/// A token of the expression language, with its place in the expression's text (UTF-8
/// offsets; diagnostics turn them into file columns).
struct Token: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case int(Int)
    case number(Double)
    case string(String)
    case identifier(String)
    case symbol(Symbol)
    case end
  }

  enum Symbol: String, Sendable, CaseIterable {
    case not = "!"
    case and = "&&"
    case or = "||"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
    case remainder = "%"
    case question = "?"
    case colon = ":"
    case openParen = "("
    case closeParen = ")"
    case comma = ","
    case dot = "."
  }

  var kind: Kind
  var range: Range<Int>

  var describe: String {
    switch kind {
    case .int(let value): "the number \(value)"
    case .number(let value): "the number \(value)"
    case .string: "a string"
    case .identifier(let name): "'\(name)'"
    case .symbol(let symbol): "'\(symbol.rawValue)'"
    case .end: "the end of the expression"
    }
  }
}
