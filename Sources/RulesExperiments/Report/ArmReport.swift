import RulesEngine

/// One arm's figures in an experiment's report.
public struct ArmReport: Sendable, Hashable, Codable {
  /// Retention on one day after assignment.
  public struct Retention: Sendable, Hashable, Codable {
    /// Days after assignment (1, 7, 30).
    public let day: Int
    /// The share, among users assigned at least `day` days ago, with a record on that day.
    public let share: Proportion
  }

  /// A named mean (a streak's current length).
  public struct NamedMean: Sendable, Hashable, Codable {
    /// The streak's name.
    public let name: String
    /// Its mean over the arm's users.
    public let mean: Mean
  }

  /// A badge's unlock rate.
  public struct BadgeRate: Sendable, Hashable, Codable {
    /// The badge's id.
    public let badge: String
    /// The share of the arm's users holding it.
    public let share: Proportion
  }

  /// The arm.
  public let arm: Arm
  /// Users assigned to the arm by the report's date.
  public let users: Int
  /// Retention on each reported day.
  public let retention: [Retention]
  /// Days with a record per user per week, over users assigned at least 7 days ago (from the
  /// day of assignment to the report's date, both included).
  public let activeDaysPerWeek: Mean
  /// Each streak's mean current length.
  public let currentStreaks: [NamedMean]
  /// Each badge's unlock rate.
  public let badges: [BadgeRate]

  /// The figures of `participants` (all of one arm) as of `date`.
  init(
    arm: Arm, participants: [Participant], date: CalendarDay, retentionDays: [Int], streaks: [String],
    badges: [String], confidence: Double
  ) {
    self.arm = arm
    let users = participants.filter { $0.assigned <= date }
    self.users = users.count
    retention = retentionDays.map { day in
      let counted = users.filter { $0.assigned.number + day <= date.number }
      let hits = counted.filter { $0.activeDays.contains(CalendarDay(number: $0.assigned.number + day)) }.count
      return Retention(day: day, share: Proportion(hits: hits, users: counted.count, confidence: confidence))
    }
    let weekly = users.compactMap { user -> Double? in
      let length = date.number - user.assigned.number + 1
      guard length >= 7 else { return nil }
      let active = user.activeDays.filter { $0 >= user.assigned && $0 <= date }.count
      return Double(active) * 7 / Double(length)
    }
    activeDaysPerWeek = Mean(weekly, confidence: confidence)
    currentStreaks = streaks.map { name in
      NamedMean(name: name, mean: Mean(users.map { Double($0.streaks[name] ?? 0) }, confidence: confidence))
    }
    self.badges = badges.map { badge in
      BadgeRate(
        badge: badge,
        share: Proportion(
          hits: users.filter { $0.badges.contains(badge) }.count, users: users.count, confidence: confidence))
    }
  }
}
