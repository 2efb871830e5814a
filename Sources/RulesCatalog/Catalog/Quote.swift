@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A quote the rotation can show.
@_spi(Tooling) public struct Quote: Sendable {
  /// The quote's id.
  @_spi(Tooling) public var id: String
  /// Where the quote is defined.
  @_spi(Tooling) public var origin: Origin
  /// The quote.
  @_spi(Tooling) public var text: String
  /// The quote in Arabic.
  @_spi(Tooling) public var arabic: String?
  /// Where it is from.
  @_spi(Tooling) public var source: String?
  /// Its category.
  @_spi(Tooling) public var category: String?
  /// Tags, for listings.
  @_spi(Tooling) public var tags: [String]

  /// A quote.
  @_spi(Tooling) public init(
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
