@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// Days on one streak's timeline (ImanPath's milestones).
package struct MilestoneTrack: Sendable {
  /// The streak whose current value the milestones are measured against.
  package var streak: String
  /// Where the streak is named.
  package var streakOrigin: Origin
  /// The milestones, in the order written.
  package var milestones: [Milestone]
  /// How many entries the list has as written, malformed ones (left out of `milestones`) too.
  package var writtenCount = 0

  /// A milestone track.
  package init(streak: String, streakOrigin: Origin, milestones: [Milestone]) {
    self.streak = streak
    self.streakOrigin = streakOrigin
    self.milestones = milestones
  }
}
