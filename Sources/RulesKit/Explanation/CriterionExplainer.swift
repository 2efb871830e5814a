import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// Explains an expression on a day: each comparison with the values it saw
/// (`training.current >= 7: 4 >= 7 is false`), then the whole criterion.
package struct CriterionExplainer {
  let program: Program
  let frame: Frame

  package init(program: Program, frame: Frame) {
    self.program = program
    self.frame = frame
  }

  /// Lines explaining `expr`, whose text is `source`.
  package func explain(_ expr: TypedExpr, source: String) -> [String] {
    var lines: [String] = []
    collect(expr, source: source, into: &lines)
    let whole = text(expr, source)
    let result = program.compile(expr)(frame)
    if lines.count != 1 || !lines[0].hasPrefix(whole + ":") {
      lines.append("\(whole) is \(result)")
    }
    return lines
  }

  private func collect(_ expr: TypedExpr, source: String, into lines: inout [String]) {
    switch expr.kind {
    case .binary(.and, let left, let right), .binary(.or, let left, let right):
      collect(left, source: source, into: &lines)
      collect(right, source: source, into: &lines)
    case .unary(.not, let operand):
      collect(operand, source: source, into: &lines)
    case .conditional(let condition, let then, let otherwise):
      collect(condition, source: source, into: &lines)
      collect(then, source: source, into: &lines)
      collect(otherwise, source: source, into: &lines)
    case .binary(let op, let left, let right) where op.isComparison || op.isEquality:
      let l = program.compile(left)(frame)
      let r = program.compile(right)(frame)
      let result = program.compile(expr)(frame)
      lines.append("\(text(expr, source)): \(l.literal) \(op.rawValue) \(r.literal) is \(result)")
    case .literal:
      break
    default:
      guard expr.type == .bool else { return }
      lines.append("\(text(expr, source)) is \(program.compile(expr)(frame))")
    }
  }

  /// The written text of a subexpression.
  private func text(_ expr: TypedExpr, _ source: String) -> String {
    let bytes = Array(source.utf8)
    guard expr.range.lowerBound >= 0, expr.range.upperBound <= bytes.count, !expr.range.isEmpty else {
      return expr.canonical
    }
    return String(decoding: bytes[expr.range], as: UTF8.self)
  }
}
