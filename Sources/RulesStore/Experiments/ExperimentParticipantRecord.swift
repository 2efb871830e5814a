/// What an experiment's report reads of one user it gave an arm: their arm and day of
/// assignment, the dates they have a record for, each streak's current length as of their last
/// evaluation (`standings`, `STREAK.current`) and the badges they hold (`unlocks`).
package struct ExperimentParticipantRecord: Sendable, Equatable {
  package var user: String
  package var arm: String
  package var assignedOn: String
  package var dates: [String] = []
  /// By streak name (without `.current`).
  package var streaks: [String: Double] = [:]
  package var badges: [String] = []

  package init(user: String, arm: String, assignedOn: String) {
    self.user = user
    self.arm = arm
    self.assignedOn = assignedOn
  }
}

extension ExperimentSQL {
  enum PairColumns: Int, SQLColumns {
    case user, first, second
    var expression: String { ["p.user_id", "p.first", "p.second"][rawValue] }
  }

  /// The dates of the experiment's users' days. Arguments: experiment.
  static let participantDays = SQLQuery<PairColumns> { _, columns in
    """
    SELECT \(columns) FROM (SELECT d.user_id, d.date AS first, '' AS second FROM days d
      JOIN experiment_users e ON e.catalog = d.catalog AND e.user_id = d.user_id WHERE e.experiment = ?) p
    """
  }

  /// The badges they hold. Arguments: experiment.
  static let participantBadges = SQLQuery<PairColumns> { _, columns in
    """
    SELECT \(columns) FROM (SELECT u.user_id, u.badge AS first, '' AS second FROM unlocks u
      JOIN experiment_users e ON e.catalog = u.catalog AND e.user_id = u.user_id WHERE e.experiment = ?) p
    """
  }

  /// Their current streak lengths (the value as text). Arguments: experiment.
  static let participantStreaks = SQLQuery<PairColumns> { _, columns in
    """
    SELECT \(columns) FROM (SELECT s.user_id, s.name AS first, CAST(s.value AS TEXT) AS second FROM standings s
      JOIN experiment_users e ON e.catalog = s.catalog AND e.user_id = s.user_id
      WHERE e.experiment = ? AND s.name LIKE '%.current') p
    """
  }

  /// `participants` with `rows` (user, first, second) of `query` added by `add`.
  static func adding(
    _ rows: [(String, String, String)], to participants: inout [String: ExperimentParticipantRecord],
    _ add: (inout ExperimentParticipantRecord, String, String) -> Void
  ) {
    for (user, first, second) in rows where participants[user] != nil { add(&participants[user]!, first, second) }
  }

  /// The participants of `users` with the rows of the three queries.
  static func participants(
    _ users: [ExperimentUser], days: [(String, String, String)], badges: [(String, String, String)],
    streaks: [(String, String, String)]
  ) -> [ExperimentParticipantRecord] {
    var byUser: [String: ExperimentParticipantRecord] = [:]
    for user in users {
      byUser[user.user] = ExperimentParticipantRecord(user: user.user, arm: user.arm, assignedOn: user.assignedOn)
    }
    adding(days, to: &byUser) { participant, date, _ in participant.dates.append(date) }
    adding(badges, to: &byUser) { participant, badge, _ in participant.badges.append(badge) }
    adding(streaks, to: &byUser) { participant, name, value in
      participant.streaks[String(name.dropLast(".current".count))] = Double(value) ?? 0
    }
    return users.compactMap { byUser[$0.user] }
  }
}
