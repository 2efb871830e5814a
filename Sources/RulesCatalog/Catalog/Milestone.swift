/// One milestone: a streak day with its display fields.
public struct Milestone: Sendable {
  /// The milestone's id.
  public var id: String
  /// Where the milestone is defined.
  public var origin: Origin
  /// The streak length it is reached at.
  public var day: Int
  /// Where the day is written.
  public var dayOrigin: Origin
  /// Tags, for listings.
  public var tags: [String]
  /// Display fields (name, title, meaning...), passed through to apps.
  public var display: Display

  /// A milestone.
  public init(
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
