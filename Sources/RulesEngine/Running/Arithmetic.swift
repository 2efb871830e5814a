import Foundation

/// The arithmetic of the expression language: it never traps. Integers saturate at their
/// limits, division and remainder by zero give 0, and numbers become integers by clamping
/// (NaN becomes 0).
enum Arithmetic {
  @inline(__always) static func add(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.addingReportingOverflow(b)
    return overflow ? (b > 0 ? .max : .min) : result
  }

  @inline(__always) static func subtract(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.subtractingReportingOverflow(b)
    return overflow ? (b < 0 ? .max : .min) : result
  }

  @inline(__always) static func multiply(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? ((a < 0) == (b < 0) ? .max : .min) : result
  }

  @inline(__always) static func remainder(_ a: Int, _ b: Int) -> Int {
    b == 0 || (b == -1) ? 0 : a % b
  }

  @inline(__always) static func negate(_ a: Int) -> Int {
    a == .min ? .max : -a
  }

  @inline(__always) static func divide(_ a: Double, _ b: Double) -> Double {
    b == 0 ? 0 : a / b
  }

  @inline(__always) static func remainder(_ a: Double, _ b: Double) -> Double {
    b == 0 ? 0 : fmod(a, b)
  }

  /// A number as an integer: clamped to Int's range, NaN as 0.
  @inline(__always) static func int(_ value: Double) -> Int {
    if value.isNaN { return 0 }
    if value >= 9.223_372_036_854_775e18 { return .max }
    if value <= -9.223_372_036_854_775e18 { return .min }
    return Int(value)
  }

  @inline(__always) static func clamp(_ x: Int, _ low: Int, _ high: Int) -> Int {
    x < low ? low : (x > high ? high : x)
  }

  @inline(__always) static func clamp(_ x: Double, _ low: Double, _ high: Double) -> Double {
    x < low ? low : (x > high ? high : x)
  }
}
