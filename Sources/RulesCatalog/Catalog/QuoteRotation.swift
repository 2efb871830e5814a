/// The quote of the day: a list and how it rotates.
public struct QuoteRotation: Sendable {
  /// How the quote of the day is picked.
  public enum Rule: String, Sendable {
    /// Quote number `(dayOfYear - 1) % count` (RIZQ).
    case dayOfYear = "day-of-year"
    /// Quote number `day % count`, counting days from the history's start.
    case day
  }

  /// How the quote of the day is picked.
  public var rule: Rule
  /// The quotes, in the order written.
  public var quotes: [Quote]
  /// How many entries the list has as written, malformed ones (left out of `quotes`) too.
  public var writtenCount = 0
  /// Where the list is written.
  public var listOrigin: Origin?

  /// A rotation.
  public init(rule: Rule, quotes: [Quote], listOrigin: Origin? = nil) {
    self.rule = rule
    self.quotes = quotes
    self.listOrigin = listOrigin
  }
}
