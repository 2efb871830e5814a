import Foundation
import RulesEngine

/// The scenario file format: a catalog's behaviour written as histories and what a daily
/// check must show on given dates. `rules test` decodes scenario files with these shapes,
/// so unknown keys get the same "did you mean" as in catalogs.
public enum ScenarioSchema {
  public static let streak = ObjectSchema(
    "streak expectation", "What a streak must show.",
    keys: [
      KeySchema("current", .integer(min: 0), "The current streak."),
      KeySchema("best", .integer(min: 0), "The best streak so far."),
      KeySchema("freezes", .integer(min: 0), "The freezes held."),
    ])

  public static let unlock = ObjectSchema(
    "unlock", "A badge unlocked on a given date.",
    keys: [
      KeySchema("id", .id, required: true, "The badge."),
      KeySchema("date", .text, required: true, "The date it unlocked, YYYY-MM-DD."),
    ])

  public static let milestones = ObjectSchema(
    "milestone expectation", "What the milestones must show.",
    keys: [
      KeySchema("reached", .list(.id), "Every milestone reached, in day order (exactly these)."),
      KeySchema("today", .anything, "The milestone reached exactly today, or null for none."),
      KeySchema("next", .anything, "The next milestone, or null for none."),
      KeySchema("days_until", .integer(min: 0), "Days until the next milestone."),
    ])

  public static let expectation = ObjectSchema(
    "expectation", "What the check of one date must show.",
    keys: [
      KeySchema("date", .text, required: true, "The date of the check, YYYY-MM-DD."),
      KeySchema(
        "streaks", .dictionary(.oneOf([.integer(min: 0), .object(streak)])),
        "Streaks by name: a number (the current streak) or `current`, `best`, `freezes`."),
      KeySchema("metrics", .dictionary(.scalar), "Metric values by name."),
      KeySchema(
        "unlocked", .list(.oneOf([.id, .object(unlock)])),
        "Badges unlocked by this date: an id, or `{id, date}` to name the date too."),
      KeySchema("new", .list(.id), "Exactly the badges this check unlocks ([] for none)."),
      KeySchema("locked", .list(.id), "Badges still locked."),
      KeySchema("milestones", .object(milestones), "The milestones' state."),
      KeySchema("quote", .anything, "The quote of the day's id, or null."),
      KeySchema("message", .anything, "The message of the day's id, or null."),
      KeySchema("message_text", .text, "The message of the day's text, placeholders filled."),
    ])

  public static let scenario = ObjectSchema(
    "scenario", "A history and what the daily checks must show.",
    keys: [
      KeySchema("name", .text, required: true, "What the scenario shows, in a sentence."),
      KeySchema(
        // Checked by the history decoder, with the catalog's inputs.
        "history", .anything, required: true,
        "The user's history, as in a history file (`start`, `days`...)."),
      KeySchema(
        "first_check", .text,
        "The first day the app checks (default: the history's first day); the days before it are counted at that check, as `rules eval` counts them for a new user."
      ),
      KeySchema(
        "through", .text,
        "The last day the app checks when it is after the last record (YYYY-MM-DD)."),
      KeySchema("expect", .list(.object(expectation)), required: true, "The checks to verify."),
    ])

  public static let file = ObjectSchema(
    "scenario file", "Scenarios for one catalog.",
    keys: [
      KeySchema(
        "catalog", .text, required: true, "The catalog under test, as a path relative to this file."),
      KeySchema("scenarios", .list(.object(scenario)), required: true, "The scenarios."),
    ])
}
