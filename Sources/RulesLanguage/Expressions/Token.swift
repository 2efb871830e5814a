/// A token of the expression language, with its place in the expression's text (UTF-8
/// offsets; diagnostics turn them into file columns).
struct Token: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    case int(Int)
    case number(Double)
    case string(String)
    case identifier(String)
    /// A binary operator, spelled as `BinaryOperator` spells it (`-` is also the unary minus).
    case binary(BinaryOperator)
    case symbol(Symbol)
    case end
  }

  /// The punctuation that is not a binary operator.
  enum Symbol: String, Sendable, CaseIterable {
    case not = "!"
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
    case .binary(let op): "'\(op.rawValue)'"
    case .symbol(let symbol): "'\(symbol.rawValue)'"
    case .end: "the end of the expression"
    }
  }
}
