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
