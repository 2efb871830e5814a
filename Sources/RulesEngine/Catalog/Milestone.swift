/// Days on one streak's timeline (ImanPath's milestones).
public struct MilestoneTrack: Sendable {
  /// The streak whose current value the milestones are measured against.
  public var streak: String
  public var streakOrigin: Origin
  public var milestones: [Milestone]
  /// How many entries the list has as written, malformed ones (left out of `milestones`) too.
  public var writtenCount = 0

  public init(streak: String, streakOrigin: Origin, milestones: [Milestone]) {
    self.streak = streak
    self.streakOrigin = streakOrigin
    self.milestones = milestones
  }
}

/// One milestone: a streak day with its display fields.
public struct Milestone: Sendable {
  public var id: String
  public var origin: Origin
  public var day: Int
  public var dayOrigin: Origin
  public var tags: [String]
  public var display: Display

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
