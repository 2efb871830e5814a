import Foundation
import Testing

@_spi(CompiledDay) @_spi(Tooling) @testable import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesEngine
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesLanguage
@_spi(CompiledDay) @_spi(Tooling) @testable import RulesRuntime

/// The one-pass inference (`TypedParser`) against the reference path (`Parser`, then
/// `TypeInference`): on every expression it takes, the same typed tree, node for node and range for
/// range; on every expression the reference path reports anything about, no tree at all.
@Suite("the one-pass expression inference")
struct TypedParserTests {
  /// One of each kind of name (as `ExpressionTests`' catalog has).
  static let environment: Environment = {
    var environment = Environment()
    environment.inputs = [
      "planned": (0, .bool), "steps": (1, .int), "minutes": (2, .number),
      "fajr": (3, .enumeration(EnumType(name: "fajr", values: ["pending", "done", "missed", "qada"]))),
    ]
    environment.metrics = ["checkins": (0, .int), "ratio": (1, .number), "broken": (2, .invalid)]
    environment.streaks = ["training": 0]
    return environment
  }()
  static let names = TypedParser.Names(environment)

  /// Criteria the fast path takes.
  static let taken = [
    "planned", "steps >= 7", "steps >= 7 && minutes > 2.5", "training.current >= 3 || planned",
    "fajr == \"done\"", "'missed' != fajr", "(steps > 3)", "((steps)) + 1 > 2", "-5 < steps", "-(5) < steps",
    "--5 < steps", "-steps < 3", "!planned", "!(planned && logged)", "steps / 2 > 1.5", "steps % 3 == 1",
    "steps * 2 + minutes * 3 - 1 >= 10", "max(steps, training.best * 2) >= 7 && logged",
    "min(steps, minutes, 3) > 1", "clamp(steps, 1, 10) == 5", "abs(minutes) > 1", "floor(steps) > 1",
    "(floor(steps)) > 1", "floor(minutes) > 1", "round(minutes / 2) >= 3", "sqrt(steps) > 2", "pow(2, steps) > 8",
    "percent(steps, 4) >= 50", "percent(minutes, steps) < 12.5",
    "count(planned, logged, steps > 3) >= 2", "(planned ? steps : minutes) > 1", "(planned ? fajr : 'done') == 'qada'",
    "day >= 3 && weekday == 5", "hijri.month == 9 && hijri.day == hijri.month_days", "badges.count >= 3",
    "badges.xp > 100", "checkins >= 10", "ratio > 0.5", "checkins / ratio > 2", "1e3 < minutes",
    ".5 < minutes", "steps >= 007", "'a' + \"b\" == 'ab'", "'it\\'s' == 'x'", "steps\t>=\n7",
    "training.freezes > 0", "true && !false", "9223372036854775807 > steps", "(-floor(steps)) < 1",
    "planned == (steps > 1)", "-(steps) * 2 < minutes",
  ]

  /// Expressions left to the reference path: reported there, or adding aggregates (or, for
  /// some, taken as numbers but not as criteria).
  static let left = [
    "steps >= ", "steps = 3", "planned & logged", "planned and logged", "(steps > 3", "steps > 3)",
    "steps == 'open", "2days > 1", "steps @ 3", "stpes > 3", "training > 3", "training.curent > 3",
    "badges.total > 1", "steps.current > 1", "sum(steps) > 3", "mni(steps, 3) > 1", "max(steps) > 1",
    "steps", "minutes + 1", "planned ? steps : minutes > 1", "fajr == 'late'", "fajr == steps", "1 < steps < 3",
    "planned + 1 > 2",
    "total(steps) > 3", "last(7, steps) > 3", "broken > 1", "hijri > 1", "hijri.week > 1", "weekday.x > 1",
    "99999999999999999999 > steps", "1e999 > minutes", "'bad \\q' == 'x'", "", "   ", "not planned",
    "planned ? 1 : 'x'", "steps ? 1 : 2", "count(steps) > 1", "abs(planned) > 1",
    "percent(steps) > 1", "percent(planned, 2) > 1", "true(1)", "planned or logged",
    "steps >= 7 \\", "'open", "steps >= 7 && !minutes", "-planned", "fajr > 1", "'a' - 'b' == 'c'",
    String(repeating: "(", count: 70) + "steps" + String(repeating: ")", count: 70) + " > 1",
    (1...70).map { _ in "steps" }.joined(separator: " + ") + " > 1",
  ]

  @Test("gives the reference path's tree, or leaves the expression to it")
  func matchesTheReference() {
    for text in Self.taken + Self.left {
      for expecting in [ValueType.bool, nil] {
        let fast = TypedParser.infer(text, names: Self.names, expecting: expecting)
        guard let reference = Self.reference(text, expecting: expecting) else {
          #expect(fast == nil, "\(text)")
          continue
        }
        if let fast { #expect(Self.dump(fast) == Self.dump(reference), "\(text)") }
      }
    }
    for text in Self.taken {
      #expect(TypedParser.infer(text, names: Self.names, expecting: .bool) != nil, "\(text)")
    }
  }

  @Test("symbols and aggregate kinds are written as interpolation writes them")
  func writtenAsInterpolated() {
    var symbols: [Symbol] = [.input(0), .input(12), .logged, .day, .metric(3), .badgesCount, .badgesXP]
    symbols += StreakField.allCases.map { .streak(2, $0) }
    symbols += CalendarField.allCases.map { .calendar($0) }
    // The saved state's keys name the module the types were in when the format was fixed.
    func asSaved(_ symbol: Symbol) -> String {
      "\(symbol)".replacingOccurrences(of: "RulesLanguage.", with: "RulesEngine.")
    }
    for symbol in symbols { #expect(symbol.written == asSaved(symbol)) }
    for kind in [Aggregate.Kind.total, .last(7), .last(3660)] { #expect(kind.written == "\(kind)") }
  }

  /// The reference path's tree, nil when it reports anything.
  static func reference(_ text: String, expecting: ValueType?) -> TypedExpr? {
    guard case .success(let expr) = Parser.parse(text) else { return nil }
    var inference = TypeInference(environment: environment)
    let typed =
      expecting.map { inference.infer(expr, expecting: $0, role: "a test's") }
      ?? inference.inferNumeric(expr, role: "a test's")
    return inference.errors.isEmpty && inference.aggregates.isEmpty ? typed : nil
  }

  /// A tree with every node's kind, type and range, one node a line.
  static func dump(_ expr: TypedExpr, indent: String = "") -> String {
    let children: [TypedExpr]
    let head: String
    switch expr.kind {
    case .literal(let value): (head, children) = ("literal \(value.literal)", [])
    case .symbol(let symbol): (head, children) = ("symbol \(symbol)", [])
    case .unary(let op, let operand): (head, children) = ("unary \(op)", [operand])
    case .binary(let op, let left, let right): (head, children) = ("binary \(op)", [left, right])
    case .conditional(let c, let t, let o): (head, children) = ("conditional", [c, t, o])
    case .call(let function, let arguments): (head, children) = ("call \(function)", arguments)
    case .aggregate(let index): (head, children) = ("aggregate \(index)", [])
    case .toNumber(let operand): (head, children) = ("toNumber", [operand])
    case .toInt(let operand): (head, children) = ("toInt", [operand])
    }
    let line = "\(indent)\(head) : \(expr.type) @\(expr.range)\n"
    return line + children.map { dump($0, indent: indent + "  ") }.joined()
  }
}
