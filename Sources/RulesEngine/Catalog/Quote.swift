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
  /// Where the list is written.
  public var listOrigin: Origin?

  /// A rotation.
  public init(rule: Rule, quotes: [Quote], listOrigin: Origin? = nil) {
    self.rule = rule
    self.quotes = quotes
    self.listOrigin = listOrigin
  }
}

/// A quote the rotation can show.
public struct Quote: Sendable {
  /// The quote's id.
  public var id: String
  /// Where the quote is defined.
  public var origin: Origin
  /// The quote.
  public var text: String
  /// The quote in Arabic.
  public var arabic: String?
  /// Where it is from.
  public var source: String?
  /// Its category.
  public var category: String?
  /// Tags, for listings.
  public var tags: [String]

  /// A quote.
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
