/// The quote of the day: a list and how it rotates.
public struct QuoteRotation: Sendable {
  public enum Rule: String, Sendable {
    /// Quote number `(dayOfYear - 1) % count` (RIZQ).
    case dayOfYear = "day-of-year"
    /// Quote number `day % count`, counting days from the history's start.
    case day
  }

  public var rule: Rule
  public var quotes: [Quote]
  /// Where the list is written.
  public var listOrigin: Origin?
  /// How many entries the list has as written, malformed ones (left out of `quotes`) too.
  public var writtenCount = 0

  public init(rule: Rule, quotes: [Quote], listOrigin: Origin? = nil) {
    self.rule = rule
    self.quotes = quotes
    self.listOrigin = listOrigin
  }
}

public struct Quote: Sendable {
  public var id: String
  public var origin: Origin
  public var text: String
  public var arabic: String?
  public var source: String?
  public var category: String?
  public var tags: [String]

  public init(
    id: String, origin: Origin, text: String, arabic: String? = nil, source: String? = nil,
    category: String? = nil, tags: [String] = []
  ) {
    self.id = id
    self.origin = origin
    self.text = text
    self.arabic = arabic
    self.source = source
    self.category = category
    self.tags = tags
  }
}
