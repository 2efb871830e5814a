/// The functions of the expression language. Each is one entry of `definition`: its signature,
/// how many arguments it takes, its type rule, and (for a function computed over numbers) what
/// it computes, which constant folding, the interpreter, the bytecode's generic call and the
/// Swift export all run. Every stage reads the entry: `TypeInference` and `TypedParser` type a
/// call with `typed(_:range:)`, the compilers ask for `kernel`. Adding a function is a case
/// here, its entry, and its tests (docs/worked-examples.md walks through `percent`).
///
/// The functions older than the table (`min` to `count`) have instructions of their own in the
/// bytecode and fused shapes in the machine (the day's hot path): their entries have no
/// `kernel`, and the runtime's instructions for them are an optimisation the differential tests
/// hold to the same answers.
package enum Function: String, Sendable, CaseIterable {
  case min, max, floor, ceil, round, sqrt, abs, clamp, pow, count, total, last, percent
  case week, month
  case hijriMonth = "hijri_month"

  /// The function's entry: everything every stage knows of it.
  package var definition: FunctionDefinition {
    switch self {
    case .min:
      FunctionDefinition("min(a, b, ...): the smallest", arity: 2...64, "2 to 64 arguments", .numericKeepsInt)
    case .max:
      FunctionDefinition("max(a, b, ...): the largest", arity: 2...64, "2 to 64 arguments", .numericKeepsInt)
    case .floor:
      FunctionDefinition("floor(x): rounded down, an integer", arity: 1...1, "1 argument", .roundsToInt)
    case .ceil:
      FunctionDefinition("ceil(x): rounded up, an integer", arity: 1...1, "1 argument", .roundsToInt)
    case .round:
      FunctionDefinition(
        "round(x): rounded to the nearest, halves away from zero, an integer", arity: 1...1, "1 argument",
        .roundsToInt)
    case .sqrt:
      FunctionDefinition("sqrt(x): the square root, a number", arity: 1...1, "1 argument", .number)
    case .abs:
      FunctionDefinition("abs(x): the absolute value", arity: 1...1, "1 argument", .numericKeepsInt)
    case .clamp:
      FunctionDefinition(
        "clamp(x, low, high): x kept between low and high", arity: 3...3, "3 arguments (x, low, high)",
        .numericKeepsInt)
    case .pow:
      FunctionDefinition("pow(x, y): x to the power y, a number", arity: 2...2, "2 arguments (x, y)", .number)
    case .count:
      FunctionDefinition(
        "count(a, b, ...): how many of the conditions hold, an integer", arity: 1...64, "1 to 64 arguments",
        .countsConditions)
    case .total:
      FunctionDefinition(
        "total(x): the sum of x over every day so far (true counts 1)", arity: 1...1, "1 argument",
        .history(window: false))
    case .last:
      FunctionDefinition(
        "last(n, x): the sum of x over the last n days, today included", arity: 2...2, "2 arguments (n, x)",
        .history(window: true))
    case .percent:
      FunctionDefinition(
        "percent(part, whole): part as a percentage of whole, a number (0 when whole is 0)", arity: 2...2,
        "2 arguments (part, whole)", .number,
        kernel: FunctionKernel(FunctionKernels.percent, swift: "FunctionKernels.percent"))
    case .week:
      FunctionDefinition(
        "week(x): the sum of x over the current week (from the catalog's week_starts), today included",
        arity: 1...1, "1 argument", .history(window: false))
    case .month:
      FunctionDefinition(
        "month(x): the sum of x over the current month, today included", arity: 1...1, "1 argument",
        .history(window: false))
    case .hijriMonth:
      FunctionDefinition(
        "hijri_month(x): the sum of x over the current Hijri month (Umm al-Qura), today included", arity: 1...1,
        "1 argument", .history(window: false))
    }
  }

  /// The aggregate a history function without a window keeps: `total` a running sum, the
  /// period sums their period; nil for the other functions.
  package var runningAggregate: Aggregate.Kind? {
    switch self {
    case .total: .total
    case .week: .period(.week)
    case .month: .period(.month)
    case .hijriMonth: .period(.hijriMonth)
    default: nil
    }
  }

  /// How a function is shown in help and in "did you mean".
  package var signature: String { definition.signature }

  /// The allowed numbers of arguments.
  var arity: ClosedRange<Int> { definition.arity }

  var arityText: String { definition.arityText }

  /// The longest window `last(n, x)` may keep.
  package static let maxWindow = 3660
}

/// A function's entry (`Function.definition`).
package struct FunctionDefinition: Sendable {
  /// How the function is shown in help and in "did you mean".
  package let signature: String
  /// The allowed numbers of arguments.
  package let arity: ClosedRange<Int>
  /// `arity` in words, for the message of a call with another number.
  package let arityText: String
  /// The type rule.
  package let typing: FunctionTyping
  /// What it computes over numbers, for a function the runtime has no instruction of its own
  /// for: one to three arguments.
  package let kernel: FunctionKernel?

  init(
    _ signature: String, arity: ClosedRange<Int>, _ arityText: String, _ typing: FunctionTyping,
    kernel: FunctionKernel? = nil
  ) {
    self.signature = signature
    self.arity = arity
    self.arityText = arityText
    self.typing = typing
    self.kernel = kernel
  }
}

/// A function's type rule.
package enum FunctionTyping: Sendable, Equatable {
  /// Numbers in; an int when every argument is an int, else a number (`min`, `max`, `abs`,
  /// `clamp`).
  case numericKeepsInt
  /// Numbers in (ints made numbers), a number out (`sqrt`, `pow`, `percent`).
  case number
  /// A number in, an int out; an int argument is itself (`floor(x)` of an int is `x`).
  case roundsToInt
  /// Conditions in, how many hold out, an int (`count`).
  case countsConditions
  /// A sum over the user's history, of the type of what it sums (bools counted 1), kept as one
  /// of the catalog's aggregates; `window`: a first argument, a whole number of days written as
  /// a number (`last(n, x)`). Typed by `TypeInference` alone (it owns the aggregates).
  case history(window: Bool)
}

/// What a function computes, over numbers: one Swift function, named for the Swift export.
package struct FunctionKernel: Sendable {
  /// The function over one to three numbers (the unused ones 0).
  package let run: @Sendable (Double, Double, Double) -> Double
  /// The public function the Swift export calls (with the arguments in order).
  package let swift: String

  init(_ run: @escaping @Sendable (Double, Double) -> Double, swift: String) {
    self.run = { a, b, _ in run(a, b) }
    self.swift = swift
  }

  init(_ run: @escaping @Sendable (Double) -> Double, swift: String) {
    self.run = { a, _, _ in run(a) }
    self.swift = swift
  }
}

/// The kernels of the functions in the table, public (behind `CompiledDay`) for the Swift
/// that `rules export --format swift` writes. They never trap and stay finite, as `Arithmetic`.
@_spi(CompiledDay) public enum FunctionKernels {
  /// `part` as a percentage of `whole`: 0 when `whole` is 0, kept finite.
  @inlinable @_spi(CompiledDay) public static func percent(_ part: Double, _ whole: Double) -> Double {
    guard whole != 0 else { return 0 }
    return finite(part / whole * 100)
  }

  /// `value` when finite; ±infinity as the largest finite number of its sign; NaN as 0
  /// (`Arithmetic.finite`).
  @inlinable @_spi(CompiledDay) public static func finite(_ value: Double) -> Double {
    if value.isFinite { return value }
    if value.isNaN { return 0 }
    return value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }
}

/// Why a call's arguments do not fit its function (`Function.typed`).
package enum CallTypeError: Error, Equatable {
  /// The argument at this position is not true or false (`count`).
  case notCondition(Int)
  /// The argument at this position is not a number.
  case notNumber(Int)
}

extension Function {
  /// The call typed by the function's type rule, from arguments already typed and valid; nil
  /// for a history function (`TypeInference` types those, with the catalog's aggregates).
  package func typed(_ arguments: [TypedExpr], range: Range<Int>) -> Result<TypedExpr, CallTypeError>? {
    let typing = definition.typing
    if case .history = typing { return nil }
    if typing == .countsConditions {
      if let bad = arguments.firstIndex(where: { $0.type != .bool }) { return .failure(.notCondition(bad)) }
      let counted = arguments.map { TypedExpr(.toInt($0), .int, range: $0.range) }
      return .success(TypedExpr(.call(self, counted), .int, range: range))
    }
    if let bad = arguments.firstIndex(where: { !$0.type.isNumeric }) { return .failure(.notNumber(bad)) }
    let allInt = arguments.allSatisfy { $0.type == .int }
    switch typing {
    case .numericKeepsInt:
      let promoted = allInt ? arguments : arguments.map(\.asNumber)
      return .success(TypedExpr(.call(self, promoted), allInt ? .int : .number, range: range))
    case .roundsToInt:
      if allInt { return .success(arguments[0]) }
      return .success(TypedExpr(.call(self, arguments), .int, range: range))
    case .number:
      return .success(TypedExpr(.call(self, arguments.map(\.asNumber)), .number, range: range))
    case .countsConditions, .history:
      return nil
    }
  }
}

extension TypedExpr {
  /// The expression as a number: an int converted, anything else as it is.
  package var asNumber: TypedExpr {
    type == .int ? TypedExpr(.toNumber(self), .number, range: range) : self
  }
}
