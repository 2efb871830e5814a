/// The functions of the expression language.
package enum Function: String, Sendable, CaseIterable {
  case min, max, floor, ceil, round, sqrt, abs, clamp, pow, count, total, last

  /// How a function is shown in help and in "did you mean".
  package var signature: String {
    switch self {
    case .min: "min(a, b, ...): the smallest"
    case .max: "max(a, b, ...): the largest"
    case .floor: "floor(x): rounded down, an integer"
    case .ceil: "ceil(x): rounded up, an integer"
    case .round: "round(x): rounded to the nearest, halves away from zero, an integer"
    case .sqrt: "sqrt(x): the square root, a number"
    case .abs: "abs(x): the absolute value"
    case .clamp: "clamp(x, low, high): x kept between low and high"
    case .pow: "pow(x, y): x to the power y, a number"
    case .count: "count(a, b, ...): how many of the conditions hold, an integer"
    case .total: "total(x): the sum of x over every day so far (true counts 1)"
    case .last: "last(n, x): the sum of x over the last n days, today included"
    }
  }

  /// The allowed numbers of arguments.
  var arity: ClosedRange<Int> {
    switch self {
    case .min, .max: 2...64
    case .count: 1...64
    case .floor, .ceil, .round, .sqrt, .abs, .total: 1...1
    case .clamp: 3...3
    case .pow, .last: 2...2
    }
  }

  var arityText: String {
    switch self {
    case .min, .max: "2 to 64 arguments"
    case .count: "1 to 64 arguments"
    case .floor, .ceil, .round, .sqrt, .abs, .total: "1 argument"
    case .clamp: "3 arguments (x, low, high)"
    case .pow: "2 arguments (x, y)"
    case .last: "2 arguments (n, x)"
    }
  }

  /// The longest window `last(n, x)` may keep.
  package static let maxWindow = 3660
}
