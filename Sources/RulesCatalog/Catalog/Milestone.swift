@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One milestone: a streak day with its display fields.
package struct Milestone: Sendable {
  /// The milestone's id.
  package var id: String
  /// Where the milestone is defined.
  package var origin: Origin
  /// The streak length it is reached at.
  package var day: Int
  /// Where the day is written.
  package var dayOrigin: Origin
  /// Tags, for listings.
  package var tags: [String]
  /// Display fields (name, title, meaning...), passed through to apps.
  package var display: Display

  /// A milestone.
  package init(
    id: String, origin: Origin, day: Int, dayOrigin: Origin, tags: [String] = [],
    display: Display = Display()
  ) {
    self.id = id
    self.origin = origin
    self.day = day
    self.dayOrigin = dayOrigin
    self.tags = tags
    self.display = display
  }
}
