@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A quote the rotation can show.
package struct Quote: Sendable {
  /// The quote's id.
  package var id: String
  /// Where the quote is defined.
  package var origin: Origin
  /// The quote.
  package var text: String
  /// The quote in Arabic.
  package var arabic: String?
  /// Where it is from.
  package var source: String?
  /// Its category.
  package var category: String?
  /// Tags, for listings.
  package var tags: [String]

  /// A quote.
  package init(
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
