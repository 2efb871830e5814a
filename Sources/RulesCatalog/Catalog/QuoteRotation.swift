@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The quote of the day: a list and how it rotates.
package struct QuoteRotation: Sendable {
  /// How the quote of the day is picked.
  package enum Rule: String, Sendable {
    /// Quote number `(dayOfYear - 1) % count` (RIZQ).
    case dayOfYear = "day-of-year"
    /// Quote number `day % count`, counting days from the history's start.
    case day
  }

  /// How the quote of the day is picked.
  package var rule: Rule
  /// The quotes, in the order written.
  package var quotes: [Quote]
  /// How many entries the list has as written, malformed ones (left out of `quotes`) too.
  package var writtenCount = 0
  /// Where the list is written.
  package var listOrigin: Origin?

  /// A rotation.
  package init(rule: Rule, quotes: [Quote], listOrigin: Origin? = nil) {
    self.rule = rule
    self.quotes = quotes
    self.listOrigin = listOrigin
  }
}
