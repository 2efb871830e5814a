@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Days on one streak's timeline (ImanPath's milestones).
@_spi(Tooling) public struct MilestoneTrack: Sendable {
  /// The streak whose current value the milestones are measured against.
  @_spi(Tooling) public var streak: String
  /// Where the streak is named.
  @_spi(Tooling) public var streakOrigin: Origin
  /// The milestones, in the order written.
  @_spi(Tooling) public var milestones: [Milestone]
  /// How many entries the list has as written, malformed ones (left out of `milestones`) too.
  @_spi(Tooling) public var writtenCount = 0

  /// A milestone track.
  @_spi(Tooling) public init(streak: String, streakOrigin: Origin, milestones: [Milestone]) {
    self.streak = streak
    self.streakOrigin = streakOrigin
    self.milestones = milestones
  }
}
