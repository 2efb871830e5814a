import Foundation

/// The quantiles the intervals need: the standard normal's and Student's t.
package enum Distributions {
  /// The standard normal's quantile at `p` (0 < p < 1), by Acklam's rational approximation
  /// refined with one Halley step on `erfc` (relative error below 1e-15).
  package static func normalQuantile(_ p: Double) -> Double {
    precondition(p > 0 && p < 1)
    let a = [
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
      -3.066479806614716e+01, 2.506628277459239e+00,
    ]
    let b = [
      -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
      -1.328068155288572e+01,
    ]
    let c = [
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
      4.374664141464968e+00, 2.938163982698783e+00,
    ]
    let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
    let low = 0.02425
    var x: Double
    if p < low {
      let q = (-2 * log(p)).squareRoot()
      x =
        (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    } else if p <= 1 - low {
      let q = p - 0.5
      let r = q * q
      x =
        (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    } else {
      let q = (-2 * log(1 - p)).squareRoot()
      x =
        -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
        / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    }
    let e = 0.5 * erfc(-x / 2.0.squareRoot()) - p
    let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
    x -= u / (1 + x * u / 2)
    return x
  }

  /// Student's t quantile at `p` with `degrees` degrees of freedom (any real > 0): the
  /// Cornish-Fisher expansion in 1/ν from the normal quantile as the first guess, then Newton's
  /// method on the exact distribution function (the regularized incomplete beta function), kept
  /// inside a bracket that halves when a step would leave it.
  package static func studentQuantile(_ p: Double, degrees v: Double) -> Double {
    precondition(p > 0 && p < 1 && v > 0)
    if p < 0.5 { return -studentQuantile(1 - p, degrees: v) }
    if p == 0.5 { return 0 }
    let z = normalQuantile(p)
    let z3 = z * z * z
    let z5 = z3 * z * z
    let z7 = z5 * z * z
    let z9 = z7 * z * z
    var t =
      z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v)
      + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v)
      + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v * v * v * v)
    var low = 0.0
    var high = max(t, 1.0)
    while studentCDF(high, degrees: v) < p { high *= 2 }
    if !(t > low && t < high) { t = (low + high) / 2 }
    for _ in 0..<200 {
      let error = studentCDF(t, degrees: v) - p
      if error > 0 { high = t } else { low = t }
      let density = studentDensity(t, degrees: v)
      var next = density > 0 ? t - error / density : (low + high) / 2
      if !(next > low && next < high) { next = (low + high) / 2 }
      if abs(next - t) <= 1e-13 * max(1, abs(t)) { return next }
      t = next
    }
    return t
  }

  /// P(T ≤ t) for Student's t with `degrees` degrees of freedom.
  package static func studentCDF(_ t: Double, degrees v: Double) -> Double {
    let tail = 0.5 * regularizedBeta(v / (v + t * t), a: v / 2, b: 0.5)
    return t >= 0 ? 1 - tail : tail
  }

  /// The density of Student's t at `t`.
  package static func studentDensity(_ t: Double, degrees v: Double) -> Double {
    exp(lgamma((v + 1) / 2) - lgamma(v / 2) - 0.5 * log(v * Double.pi) - (v + 1) / 2 * log1p(t * t / v))
  }

  /// The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz's
  /// method), on the side where it converges quickly.
  package static func regularizedBeta(_ x: Double, a: Double, b: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    let front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x))
    if x < (a + 1) / (a + b + 2) { return front * continuedFraction(x, a: a, b: b) / a }
    return 1 - front * continuedFraction(1 - x, a: b, b: a) / b
  }

  private static func continuedFraction(_ x: Double, a: Double, b: Double) -> Double {
    let tiny = 1e-300
    var c = 1.0
    var d = 1 - (a + b) * x / (a + 1)
    if abs(d) < tiny { d = tiny }
    d = 1 / d
    var result = d
    for m in 1...300 {
      let m = Double(m)
      let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
      d = 1 + even * d
      if abs(d) < tiny { d = tiny }
      c = 1 + even / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      result *= d * c
      let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
      d = 1 + odd * d
      if abs(d) < tiny { d = tiny }
      c = 1 + odd / c
      if abs(c) < tiny { c = tiny }
      d = 1 / d
      let delta = d * c
      result *= delta
      if abs(delta - 1) < 1e-15 { break }
    }
    return result
  }
}
