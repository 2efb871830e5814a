/// Days on one streak's timeline (ImanPath's milestones).
public struct MilestoneTrack: Sendable {
  /// The streak whose current value the milestones are measured against.
  public var streak: String
  /// Where the streak is named.
  public var streakOrigin: Origin
  /// The milestones, in the order written.
  public var milestones: [Milestone]
  /// How many entries the list has as written, malformed ones (left out of `milestones`) too.
  public var writtenCount = 0

  /// A milestone track.
  public init(streak: String, streakOrigin: Origin, milestones: [Milestone]) {
    self.streak = streak
    self.streakOrigin = streakOrigin
    self.milestones = milestones
  }
}
