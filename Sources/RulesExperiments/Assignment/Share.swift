/// The share of users an experiment puts in its variant, in basis points (hundredths of a
/// percent): `20%` is 2,000 of 10,000.
public struct Share: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Basis points, 0 to 10,000.
  public let basisPoints: Int

  /// A share of `basisPoints` hundredths of a percent; nil outside 0 to 10,000.
  public init?(basisPoints: Int) {
    guard (0...10_000).contains(basisPoints) else { return nil }
    self.basisPoints = basisPoints
  }

  /// A share as written on the command line or in a request: `20%`, `20`, `12.5%` (a percentage
  /// with at most two decimals). Nil for anything else, and outside 0 to 100%.
  public init?(parsing text: String) {
    var digits = Substring(text)
    if digits.hasSuffix("%") { digits = digits.dropLast() }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Self.number(parts[0]), whole <= 100 else { return nil }
    var hundredths = 0
    if parts.count == 2 {
      let fraction = parts[1]
      guard (1...2).contains(fraction.count), let value = Self.number(fraction) else { return nil }
      hundredths = fraction.count == 1 ? value * 10 : value
    }
    self.init(basisPoints: whole * 100 + hundredths)
  }

  /// The share as a percentage, `20%` or `12.5%`.
  public var description: String {
    let whole = basisPoints / 100
    let hundredths = basisPoints % 100
    if hundredths == 0 { return "\(whole)%" }
    let fraction = hundredths % 10 == 0 ? "\(hundredths / 10)" : (hundredths < 10 ? "0\(hundredths)" : "\(hundredths)")
    return "\(whole).\(fraction)%"
  }

  /// The share as a fraction of 1.
  public var fraction: Double { Double(basisPoints) / 10_000 }

  private static func number(_ text: Substring) -> Int? {
    guard !text.isEmpty, text.count <= 3, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return Int(text)
  }
}
