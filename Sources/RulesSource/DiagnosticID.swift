/// The stable identifier of a kind of diagnostic. Each module declares its own ids as static
/// constants; `docs/diagnostics.md` lists them all.
public struct DiagnosticID: RawRepresentable, Sendable, Hashable, Comparable,
  ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  public static func < (lhs: DiagnosticID, rhs: DiagnosticID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
