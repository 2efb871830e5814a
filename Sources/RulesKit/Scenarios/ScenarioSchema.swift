import Foundation
@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// The scenario file format: a catalog's behaviour written as histories and what a daily
/// check must show on given dates. `rules test` decodes scenario files with these shapes,
/// so unknown keys get the same "did you mean" as in catalogs.
package enum ScenarioSchema {
  package static let streak = ObjectSchema(
    "streak expectation", "What a streak must show.",
    keys: [
      KeySchema("current", .integer(min: 0), "The current streak."),
      KeySchema("best", .integer(min: 0), "The best streak so far."),
      KeySchema("freezes", .integer(min: 0), "The freezes held."),
      KeySchema("start", .anything, "The date its current run began (YYYY-MM-DD), or null."),
      KeySchema("last_protected", .anything, "The latest day a freeze covered (YYYY-MM-DD), or null."),
      KeySchema(
        "new_protected", .list(.anything),
        "Exactly the days a freeze covered since the last check (YYYY-MM-DD), in date order."),
      KeySchema("period", .text, "A periodic streak: its current period's id (`2026-W22`, `2026-05`, `1447-09`)."),
      KeySchema("period_count", .integer(min: 0), "A periodic streak: the days counted in its current period."),
      KeySchema(
        "goal", .integer(min: 0), "A periodic streak: its current period's goal (capped by its days not paused)."),
    ])

  /// What a metric's progress must show.
  package static let metricProgress = ObjectSchema(
    "metric progress expectation", "A metric's progress towards its next value.",
    keys: [
      KeySchema("current", .scalar, "Where the user is (XP into the level)."),
      KeySchema("target", .scalar, "Where the next value begins (XP the level needs)."),
    ])

  /// What a badge's display fields must show.
  package static let badgeFields = ObjectSchema(
    "badge fields", "Display fields of a badge as the evaluation shows it.",
    keys: [KeySchema("id", .id, required: true, "The badge.")]
      + ["name", "description", "category", "xp", "group", "emoji", "icon", "image", "color"].map {
        KeySchema($0, .anything, "Its `\($0)`, or null.")
      }
      + [
        KeySchema("times", .anything, "How many times it was earned (a repeating badge: each earning)."),
        KeySchema(
          "earned_this_period", .anything, "A repeating badge: whether it is earned in the current period (else null)."
        ),
        KeySchema("period", .anything, "A repeating badge earned in the current period: the period's id (else null)."),
      ])

  /// What the message of the day's display fields must show.
  package static let messageFields = ObjectSchema(
    "message fields", "Display fields of the message of the day.",
    keys: [
      KeySchema("title", .anything, "Its title, or null."),
      KeySchema("action", .anything, "Its action, or null."),
      KeySchema("icon", .anything, "Its icon, or null."),
      KeySchema("color", .anything, "Its colour, or null."),
    ])

  /// What a locked badge's prerequisites must show.
  package static let prerequisites = ObjectSchema(
    "prerequisites expectation", "The prerequisites of a locked badge that are still locked.",
    keys: [
      KeySchema("id", .id, required: true, "The locked badge (one with `requires`)."),
      KeySchema(
        "locked", .list(.id), required: true,
        "Exactly its prerequisites still locked, in the order listed ([] when all are unlocked)."),
    ])

  package static let unlock = ObjectSchema(
    "unlock", "A badge unlocked on a given date.",
    keys: [
      KeySchema("id", .id, required: true, "The badge."),
      KeySchema("date", .text, required: true, "The date it unlocked, YYYY-MM-DD."),
    ])

  package static let milestones = ObjectSchema(
    "milestone expectation", "What the milestones must show.",
    keys: [
      KeySchema("reached", .list(.id), "Every milestone reached, in day order (exactly these)."),
      KeySchema("today", .anything, "The milestone reached exactly today, or null for none."),
      KeySchema("next", .anything, "The next milestone, or null for none."),
      KeySchema("days_until", .integer(min: 0), "Days until the next milestone."),
      KeySchema(
        "new", .list(.id),
        "Exactly the milestones reached since the last check, in day order ([] for none)."),
      KeySchema("next_date", .text, "The date of the next milestone, YYYY-MM-DD."),
    ])

  package static let leaderboard = ObjectSchema(
    "leaderboard", "A declared leaderboard's value and period as the evaluation shows them.",
    keys: [
      KeySchema("id", .id, required: true, "The leaderboard."),
      KeySchema("period", .text, "Its period's id: `2026-05-09`, `2026-W22`, `2026-05`, `1447-09`, `all`."),
      KeySchema("value", .scalar, "Its value."),
    ])

  package static let expectation = ObjectSchema(
    "expectation", "What the check of one date must show.",
    keys: [
      KeySchema("date", .text, required: true, "The date of the check, YYYY-MM-DD."),
      KeySchema(
        "streaks", .dictionary(.oneOf([.integer(min: 0), .object(streak)])),
        "Streaks by name: a number (the current streak) or `current`, `best`, `freezes`."),
      KeySchema("metrics", .dictionary(.scalar), "Metric values by name."),
      KeySchema(
        "leaderboards", .list(.object(leaderboard)),
        "Declared leaderboards' values and periods: `{id, period, value}` (either may be left out)."),
      KeySchema(
        "progress", .dictionary(.object(metricProgress)),
        "Progress of metrics towards their next value, by metric name: `current`, `target`."),
      KeySchema(
        "unlocked", .list(.oneOf([.id, .object(unlock)])),
        "Badges unlocked by this date: an id, or `{id, date}` to name the date too."),
      KeySchema("new", .list(.id), "Exactly the badges this check unlocks ([] for none)."),
      KeySchema("locked", .list(.id), "Badges still locked."),
      KeySchema(
        "badge_fields", .list(.object(badgeFields)),
        "Display fields of badges (in `unlocked` or `locked`): `id` and any of `name`, `description`, `category`, `xp`, `group`, `emoji`, `icon`, `image`, `color`."
      ),
      KeySchema("next_badge", .anything, "The locked badge closest to unlocking (`badges.next`), or null."),
      KeySchema(
        "waiting", .list(.id),
        "Exactly the locked badges whose criterion holds but that wait for the next check ([] for none)."),
      KeySchema(
        "requires", .list(.object(prerequisites)),
        "Locked badges' prerequisites still locked: `{id, locked}` (the badge is locked, and exactly these of its `requires` are)."
      ),
      KeySchema("milestones", .object(milestones), "The milestones' state."),
      KeySchema("quote", .anything, "The quote of the day's id, or null."),
      KeySchema("message", .anything, "The message of the day's id, or null."),
      KeySchema("message_text", .text, "The message of the day's text, placeholders filled."),
      KeySchema(
        "message_fields", .object(messageFields),
        "Display fields of the message of the day (`title`, `action`, `icon`, `color`): a text, or null."),
    ])

  package static let scenario = ObjectSchema(
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
        "checks", .list(.text),
        "The only days the app checks, in date order (default: every day from the first check); each expectation's date must be one of them. For an app that is not opened every day."
      ),
      KeySchema(
        "through", .text,
        "The last day the app checks when it is after the last record (YYYY-MM-DD)."),
      KeySchema(
        "locale", .text,
        "The language of the checks' texts (`ar`, `ar-EG`), as `rules eval --locale` gives it (default: the catalog's `default_locale`)."
      ),
      KeySchema("expect", .list(.object(expectation)), required: true, "The checks to verify."),
    ])

  package static let file = ObjectSchema(
    "scenario file", "Scenarios for one catalog.",
    keys: [
      KeySchema(
        "catalog", .text, required: true, "The catalog under test, as a path relative to this file."),
      KeySchema("scenarios", .list(.object(scenario)), required: true, "The scenarios."),
    ])
}
