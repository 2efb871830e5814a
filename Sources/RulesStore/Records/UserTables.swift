/// The tables that hold a user's rows (keyed by catalog and user id): what deleting a user
/// deletes, the users row last.
enum UserTables {
  static let all = [
    "events", "event_marks", "deliveries", "standings",
    "earnings",  // each earning of a repeating badge (the schema version of branch `repeats`)
    "unlocks", "states", "days", "users",
  ]
}
