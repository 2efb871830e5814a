import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The arithmetic of the expression language: it never traps. Integers saturate at their
/// limits, division and remainder by zero give 0, and numbers become integers by clamping
/// (NaN becomes 0). Numbers stay finite: a result past the largest number saturates at it,
/// and one that is not a number (`pow(-1, 0.5)`) is 0, so no infinity or NaN ever reaches a
/// state file, JSON output or a message.
///
/// Public and inlinable for the Swift that `rules export --format swift` generates from a
/// catalog (`CompiledDay`): generated days compute with exactly the interpreter's arithmetic.
@_spi(CompiledDay) public enum Arithmetic {
  /// `a + b`, saturating at Int's limits.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func add(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : result
  }

  /// `a - b`, saturating at Int's limits.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func subtract(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b < 0 ? .max : .min) : result
  }

  /// `a * b`, saturating at Int's limits.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func multiply(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? ((a < 0) == (b < 0) ? .max : .min) : result
  }

  /// `a % b`, 0 for a divisor of 0 or -1.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func remainder(_ a: Int, _ b: Int) -> Int {
    b == 0 || (b == -1) ? 0 : a % b
  }

  /// `-a`, saturating (`-Int.min` is `Int.max`).
  @inlinable @inline(__always) @_spi(CompiledDay) public static func negate(_ a: Int) -> Int {
    a == .min ? .max : -a
  }

  /// `value` when finite; ±infinity as the largest finite number of its sign; NaN as 0.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func finite(_ value: Double) -> Double {
    if value.isFinite { return value }
    if value.isNaN { return 0 }
    return value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude
  }

  /// `a + b`, kept finite.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func add(_ a: Double, _ b: Double) -> Double {
    finite(a + b)
  }
  /// `a - b`, kept finite.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func subtract(_ a: Double, _ b: Double) -> Double {
    finite(a - b)
  }
  /// `a * b`, kept finite.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func multiply(_ a: Double, _ b: Double) -> Double {
    finite(a * b)
  }
  /// `a` to the power `b`, kept finite (NaN as 0).
  @inlinable @inline(__always) @_spi(CompiledDay) public static func pow(_ a: Double, _ b: Double) -> Double {
    finite(Foundation.pow(a, b))
  }

  /// `a / b`, 0 for a divisor of 0, kept finite.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func divide(_ a: Double, _ b: Double) -> Double {
    b == 0 ? 0 : finite(a / b)
  }

  /// The remainder of `a / b` (C's `fmod`), 0 for a divisor of 0.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func remainder(_ a: Double, _ b: Double) -> Double {
    b == 0 ? 0 : fmod(a, b)
  }

  /// A number as an integer: clamped to Int's range, NaN as 0.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func int(_ value: Double) -> Int {
    if value.isNaN { return 0 }
    if value >= 9.223_372_036_854_775e18 { return .max }
    if value <= -9.223_372_036_854_775e18 { return .min }
    return Int(value)
  }

  /// `x` within `low...high`.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func clamp(_ x: Int, _ low: Int, _ high: Int) -> Int {
    x < low ? low : (x > high ? high : x)
  }

  /// `x` within `low...high`.
  @inlinable @inline(__always) @_spi(CompiledDay) public static func clamp(_ x: Double, _ low: Double, _ high: Double)
    -> Double
  {
    x < low ? low : (x > high ? high : x)
  }
}
