@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage
import RulesSource

extension DiagnosticID {
  /// The id of the problems this rule reports.
  package static let constantOverflow: DiagnosticID = "constant-overflow"
}

/// The catalog's own constants must fit together: the badges' `xp` add up to `badges.xp`,
/// and integer constants combined in an expression (`9223372036854775807 + 1`) must not pass
/// the largest integer. The engine saturates there (it never traps), but the value would be
/// wrong, so `check` warns.
package enum OverflowRule: CatalogRule {
  /// The diagnostic id the rule reports.
  package static let id = DiagnosticID.constantOverflow
  /// What the rule holds catalogs to, for docs/diagnostics.md.
  package static let summary =
    "The badges' `xp`, and integer constants combined in an expression, stay within 9223372036854775807 (values saturate there)."
  /// Catalogs the rule passes or reports, run by the tests and shown in docs/diagnostics.md.
  package static let examples = [
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: a, name: A, when: done, xp: 9223372036854775807}
        - {id: b, name: B, when: done, xp: 1}
      """,
      expected: [
        "5:5: warning: the badges' xp add up past 9223372036854775807 with 'b'; badges.xp stops at that limit"
      ]),
    RuleExample(
      """
      catalog: demo
      inputs: {done: {type: bool}}
      badges:
        - {id: a, name: A, when: done, xp: 9223372036854775806}
        - {id: b, name: B, when: done, xp: 1}
      """),
    RuleExample(
      """
      catalog: demo
      metrics:
        huge: 9223372036854775807 + 1
      """,
      expected: [
        "3:9: warning: '9223372036854775807 + 1' is past the integer limit (9223372036854775807); it stops at that limit"
      ]),
  ]

  /// Reports every place in `catalog` that breaks the rule.
  package static func validate(_ catalog: Catalog, into report: inout RuleReport) {
    var total = 0
    // By index: a `for badge in` copies each badge (a dozen references retained and released).
    let badges = catalog.badges
    for index in badges.indices {
      let (sum, overflow) = total.addingReportingOverflow(badges[index].xp)
      if overflow {
        report.warning(
          badges[index].origin,
          "the badges' xp add up past \(Int.max) with '\(badges[index].id)'; badges.xp stops at that limit")
        return
      }
      total = sum
    }
    var expressions: [ExpressionSource] = []
    for metric in catalog.metrics where mayCombineConstants(metric.expression.text) {
      expressions.append(metric.expression)
    }
    for index in badges.indices {
      if mayCombineConstants(badges[index].when.text) { expressions.append(badges[index].when) }
      if let progress = badges[index].progress {
        for part in [progress.current, progress.target] where mayCombineConstants(part.text) {
          expressions.append(part)
        }
      }
    }
    for expression in expressions {
      guard case .success(let parsed) = Parser.parse(expression.text) else { continue }
      if let overflow = firstOverflow(parsed) {
        let text = String(decoding: Array(expression.text.utf8)[overflow.range], as: UTF8.self)
        report.warning(
          expression.origin,
          "'\(text)' is past the integer limit (\(Int.max)); it stops at that limit")
      }
    }
  }

  /// Whether `text` may hold an operation on integer constants: a `+`, `-` or `*` with a
  /// digit or `)` before it and a digit, `(` or `-` after it (spaces aside). Every such
  /// operation is written so, so the rule parses only these expressions again (parsing every
  /// criterion a second time was a fifth of checking a large catalog).
  static func mayCombineConstants(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { mayCombineConstants($0) }
  }

  private static func mayCombineConstants(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for (index, byte) in bytes.enumerated()
    where byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") {
      var before = index - 1
      while before >= 0, Lexer.isSpace(bytes[before]) { before -= 1 }
      guard before >= 0, Lexer.isDigit(bytes[before]) || bytes[before] == UInt8(ascii: ")") else { continue }
      var after = index + 1
      while after < bytes.count, Lexer.isSpace(bytes[after]) { after += 1 }
      guard after < bytes.count else { continue }
      let next = bytes[after]
      if Lexer.isDigit(next) || next == UInt8(ascii: "(") || next == UInt8(ascii: "-") { return true }
    }
    return false
  }

  /// The first operation on integer constants only that overflows.
  static func firstOverflow(_ expr: Expr) -> Expr? {
    var found: Expr?
    _ = constant(expr, found: &found)
    return found
  }

  /// The value of an expression made of integer constants, nil for any other.
  private static func constant(_ expr: Expr, found: inout Expr?) -> Int? {
    switch expr.kind {
    case .int(let value): return value
    case .unary(.negate, let operand):
      guard let value = constant(operand, found: &found) else { return nil }
      if value == .min, found == nil { found = expr }
      return value == .min ? .max : -value
    case .binary(let op, let left, let right):
      let l = constant(left, found: &found)
      let r = constant(right, found: &found)
      guard let l, let r else { return nil }
      let result: (partialValue: Int, overflow: Bool)
      switch op {
      case .add: result = l.addingReportingOverflow(r)
      case .subtract: result = l.subtractingReportingOverflow(r)
      case .multiply: result = l.multipliedReportingOverflow(by: r)
      default: return nil
      }
      if result.overflow {
        if found == nil { found = expr }
        return nil
      }
      return result.partialValue
    case .conditional(let c, let t, let o):
      _ = constant(c, found: &found)
      _ = constant(t, found: &found)
      _ = constant(o, found: &found)
      return nil
    case .call(_, let arguments):
      for argument in arguments { _ = constant(argument, found: &found) }
      return nil
    default: return nil
    }
  }
}
