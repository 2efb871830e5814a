@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// One milestone: a streak day with its display fields.
@_spi(Tooling) public struct Milestone: Sendable {
  /// The milestone's id.
  @_spi(Tooling) public var id: String
  /// Where the milestone is defined.
  @_spi(Tooling) public var origin: Origin
  /// The streak length it is reached at.
  @_spi(Tooling) public var day: Int
  /// Where the day is written.
  @_spi(Tooling) public var dayOrigin: Origin
  /// Tags, for listings.
  @_spi(Tooling) public var tags: [String]
  /// Display fields (name, title, meaning...), passed through to apps.
  @_spi(Tooling) public var display: Display

  /// A milestone.
  @_spi(Tooling) public init(
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
