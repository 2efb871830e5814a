import RulesEngine

/// What an experiment's report needs of one user: the arm, when the user was assigned, the days
/// with a record, the current streaks and the badges held, as the store keeps them.
public struct Participant: Sendable, Hashable {
  /// The user's arm.
  public let arm: Arm
  /// The user's local date of assignment (the first save after the experiment started, or the
  /// experiment's start for a user who had saved before).
  public let assigned: CalendarDay
  /// The days with a record.
  public let activeDays: Set<CalendarDay>
  /// Each streak's current length, by streak name.
  public let streaks: [String: Int]
  /// The badges the user holds.
  public let badges: Set<String>

  /// A participant.
  public init(
    arm: Arm, assigned: CalendarDay, activeDays: Set<CalendarDay>, streaks: [String: Int], badges: Set<String>
  ) {
    self.arm = arm
    self.assigned = assigned
    self.activeDays = activeDays
    self.streaks = streaks
    self.badges = badges
  }
}
