import Foundation

/// `--rate-limit N/s --burst M`: a token bucket of M requests, refilled at N a second.
struct RateLimit: Sendable, Equatable {
  /// Requests a second (`N/s`; `N/min` and `N/h` are divided down).
  var rate: Double
  /// Requests at once: the bucket's size.
  var burst: Int

  /// The time a drained bucket takes to fill: the window of `RateLimit-Policy`.
  var window: Int { max(1, Int((Double(burst) / rate).rounded(.up))) }

  /// `N/s`, `N/min` or `N/h` as requests a second; nil for anything else.
  static func rate(_ text: String) -> Double? {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let count = Double(parts[0]), count.isFinite, count > 0 else { return nil }
    switch parts[1] {
    case "s": return count
    case "min": return count / 60
    case "h": return count / 3600
    default: return nil
    }
  }
}
