/// The tables that hold a user's rows (keyed by catalog and user id): what deleting a user
/// deletes, the users row last.
enum UserTables {
  static let all = [
    "experiment_users", "events", "event_marks", "deliveries", "standings",
    "period_standings",  // the values of declared leaderboards, per period
    "earnings",  // each earning of a repeating badge
    "unlocks", "states", "days", "users",
  ]
}
