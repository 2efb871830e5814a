@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// The catalog format, version 1: every section and key a catalog or a rule module may
/// hold. This is the single definition behind `rules check`, the model's decoding and
/// `rules schema`.
package enum CatalogSchema {
  /// Display text keys that several kinds of entries share.
  static let icon = KeySchema("icon", .text, "An icon name for the app (an SF Symbol, say).")
  static let color = KeySchema("color", .text, "A color for the app, e.g. `#F59E0B` or `gold`.")
  static let tags = KeySchema(
    "tags", .list(.id), "Labels to select entries by (`rules list --tag`).")
  static let extra = KeySchema(
    "extra", .anything, "Free-form data for the app; the engine keeps it and never reads it.")
  static let description = KeySchema("description", .text, "What this is, for people.")

  /// An input: its type, default, bounds and description.
  package static let input = ObjectSchema(
    "input", "A per-day stat the app reports.",
    keys: [
      KeySchema(
        "type", .keyword(["bool", "int", "number", "enum"]), required: true,
        "The value's type; an `enum` lists its `values`."),
      KeySchema("values", .list(.text), "The allowed values of an `enum` input, in order."),
      KeySchema(
        "default", .scalar,
        "The value when a day does not mention the input (false, 0, or an enum's first value)."
      ),
      KeySchema("min", .scalar, "The smallest value a history may report."),
      KeySchema("max", .scalar, "The largest value a history may report."),
      description,
    ])

  /// A streak's freezes: how they are earned and how many may be held.
  package static let freezes = ObjectSchema(
    "freezes", "Streak freezes: earned by counted days, used up on a day that would break.",
    keys: [
      KeySchema(
        "earn_every", .integer(min: 1), required: true,
        "A freeze is earned every this many counted days."),
      KeySchema("max", .integer(min: 0), "The most freezes a user can hold."),
      KeySchema(
        "progress", .keyword(["run", "overall"]),
        "`run` (default): the counted days towards the next freeze start again when the streak breaks; `overall`: they are kept, so every `earn_every`-th counted day overall earns a freeze."
      ),
    ])

  /// How users may pause their streaks (`pauses`).
  package static let pauses = ObjectSchema(
    "pauses", "How users may pause the streaks that say `pausable: true`.",
    keys: [
      KeySchema("max_days", .integer(min: 0), "The most paused days in each `per` (no cap when left out)."),
      KeySchema(
        "per", .keyword(["year", "month"]),
        "The calendar period `max_days` counts in: `year` (default) or `month`; a pause across two counts its days in each."
      ),
      KeySchema(
        "backdate_days", .integer(min: 0),
        "How many days before the user's today a pause may start (default 0: pauses are for today and later)."),
    ])

  /// A leaderboard that starts again each period (`leaderboards`).
  package static let leaderboard = ObjectSchema(
    "leaderboard", "A leaderboard that starts again each day, week, month or Hijri month.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id, the leaderboard's name in the API (`.../leaderboards/{id}`)."),
      KeySchema(
        "value", .expression, required: true,
        "What is ranked: a metric's name or a period sum such as `week(duas)` (a number)."),
      KeySchema(
        "period", .keyword(DeclaredLeaderboard.Period.allCases.map(\.rawValue)), required: true,
        "When it starts again, in each user's own calendar: `day`, `week` (from `week_starts`), `month`, `hijri_month` or `all` (never)."
      ),
    ])

  /// How a user may repair a consecutive streak (`repairs`).
  package static let repairs = ObjectSchema(
    "repairs", "How the user may repair the streak: how late, and how many a week, month or year.",
    keys: [
      KeySchema(
        "within_days", .integer(min: 1, max: 365), required: true,
        "How many days after the day that broke the streak it may be repaired (1 to 365)."),
      KeySchema("max", .integer(min: 1), required: true, "The most repairs the user makes in each `per`."),
      KeySchema(
        "per", .keyword(RepairPolicy.Period.allCases.map(\.rawValue)), required: true,
        "The calendar period the budget counts repairs in, by the day they are made: `week` (from `week_starts`), `month` or `year`."
      ),
    ])

  /// A consecutive streak's day in progress judged final once the day's record reports inputs.
  package static let today = ObjectSchema(
    "today", "The evaluated day, judged in progress until the day's record reports the inputs listed, then final.",
    keys: [
      KeySchema(
        "final_once_reported", .oneOf([.name, .list(.name)]), required: true,
        "The inputs the day's record must report (name, whatever their values) for the day to be judged final: a name or a list of names."
      )
    ])

  /// A streak: what counts, skips, breaks or resets it, and how today is treated.
  package static let streak = ObjectSchema(
    "streak", "A counter of days in a row (or of days since a reset).",
    keys: [
      KeySchema(
        "type", .keyword(["consecutive", "elapsed", "periodic"]),
        "`consecutive` (default) counts days where `counts` holds; `elapsed` counts days since the history's `start` or the last day where `resets` holds (Day 0 = that day); `periodic` counts periods in a row (weeks, months) with `goal` days where `counts` holds."
      ),
      KeySchema(
        "counts", .expression,
        "A consecutive streak: the days that extend it; a periodic streak: the days of the period that count towards its goal."
      ),
      KeySchema(
        "period", .keyword(PeriodSum.allCases.map(\.rawValue)),
        "A periodic streak: its period, `week` (from `week_starts`), `month` or `hijri_month`."),
      KeySchema(
        "goal", .integer(min: 1),
        "A periodic streak: the days of a period on which `counts` must hold (1 to the period's longest: 7, 31, 30)."),
      KeySchema(
        "skips", .expression, "A consecutive streak: the days that neither extend nor break it."
      ),
      KeySchema("resets", .expression, "An elapsed streak: the days that set it back to Day 0."),
      KeySchema(
        "freezes", .object(freezes),
        "A consecutive streak's freezes (a periodic streak's count met periods and cover a missed period)."),
      KeySchema(
        "max_days", .integer(min: 1),
        "A consecutive streak: the most days it counts (an app that keeps only its last N days of activity); no limit by default."
      ),
      KeySchema(
        "pausable", .boolean,
        "A consecutive or periodic streak: a day the user paused (a history's `pauses`, the API's) neither extends nor breaks it (default false); a periodic streak's goal is capped by its period's days not paused."
      ),
      KeySchema(
        "repairs", .object(repairs),
        "A consecutive streak: how its user may repair it, `{within_days, max, per}` (a day that broke it counts as covered)."
      ),
      KeySchema(
        "needs_start", .boolean,
        "Without the history's `start` the streak is 0 and has no milestones (default false)."),
      KeySchema(
        "today", .oneOf([.keyword(["in-progress", "final"]), .object(today)]),
        "`in-progress` (default): the evaluated day extends the streak if it counts but does not break it yet; `final`: it is judged like any other day; `{final_once_reported: [INPUT, ...]}`: in progress until the day's record reports each input listed, then final."
      ),
      KeySchema("name", .text, "A display name."),
      description,
    ])

  /// A metric: its expression, description and progress towards its next value.
  package static let metric = ObjectSchema(
    "metric", "A derived value.",
    keys: [
      KeySchema("value", .expression, required: true, "The expression that computes it."),
      KeySchema("name", .text, "A display name."),
      description,
      KeySchema(
        "progress", .object(metricProgress),
        "How far the user is towards the metric's next value (a level's XP ring): `current` and `target`, counted from where the current value began."
      ),
    ])

  /// A metric's progress towards its next value: `current` and `target`.
  package static let metricProgress = ObjectSchema(
    "metric progress", "How far a user is towards a metric's next value.",
    keys: [
      KeySchema("current", .expression, required: true, "Where the user is (XP into the level)."),
      KeySchema("target", .expression, required: true, "Where the next value begins (XP the level needs)."),
    ])

  /// A milestone: its id, its day and its display fields.
  package static let milestone = ObjectSchema(
    "milestone", "A day on the milestone streak's timeline.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id."),
      KeySchema("day", .integer(), required: true, "The streak day it marks (1 or more)."),
      KeySchema("title", .text, "A display title."),
      KeySchema("name", .text, "A display name."),
      KeySchema("meaning", .text, "What it means."),
      KeySchema("verse", .text, "A verse or quotation shown with it."),
      description, icon, color, tags, extra,
    ])

  /// The milestone track: the streak it follows and its milestones.
  package static let milestones = ObjectSchema(
    "milestones", "Days on one streak's timeline.",
    keys: [
      KeySchema("streak", .name, required: true, "The streak whose days the milestones mark."),
      KeySchema("list", .list(.object(milestone)), required: true, "The milestones."),
    ])

  /// A badge's explicit progress measure: current and target expressions.
  package static let progress = ObjectSchema(
    "progress", "How far a user is towards a badge.",
    keys: [
      KeySchema("current", .expression, required: true, "Where the user is."),
      KeySchema("target", .expression, required: true, "Where the badge unlocks."),
    ])

  /// A badge: its id, name, criterion, xp, group and display fields.
  package static let badge = ObjectSchema(
    "badge", "A once-only achievement.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id."),
      KeySchema("name", .text, required: true, "The badge's name."),
      KeySchema(
        "when", .expression,
        "The criterion that unlocks it; required, unless `requires` is given (then it is `true` when left out)."),
      description,
      KeySchema("category", .text, "A category for the app to group badges by."),
      KeySchema(
        "progress", .object(progress),
        "How to show progress; by default it is inferred from criteria like `x >= 7`."),
      KeySchema("xp", .integer(min: 0), "Experience points the badge gives (see `badges.xp`)."),
      KeySchema("group", .id, "The badge group it belongs to."),
      KeySchema("emoji", .text, "A short symbol shown on the badge."),
      KeySchema("image", .text, "An image name for the app."),
      icon, color, tags, extra,
      KeySchema(
        "repeats", .keyword(PeriodSum.allCases.map(\.rawValue)),
        "A challenge: the badge can be earned once in each period (`week`, `month`, `hijri_month`), its criterion read on the period's own sums (`week(x)`...)."
      ),
      KeySchema(
        "requires", .list(.id),
        "Badges that must be unlocked first (earlier, or earlier in the same check): their ids."),
    ], oneOfRequired: ["when", "requires"])

  /// The badge's keys that are display fields (`Display.fields`, passed through to apps in
  /// the order written): each a `.text` key of `badge`. Both decoders read this list.
  package static let badgeDisplayKeys: Set<String> = ["emoji", "icon", "image", "color"]

  /// A badge group, progressive or not.
  package static let group = ObjectSchema(
    "group", "A group of badges.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id."),
      KeySchema("name", .text, "A display name."),
      KeySchema(
        "progressive", .boolean,
        "Unlock the group's badges in their order, at most one per check (default false)."),
      description, icon,
    ])

  /// A quote: its text, Arabic, source, category and tags.
  package static let quote = ObjectSchema(
    "quote", "A quote for the quote of the day.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id."),
      KeySchema("text", .text, required: true, "The quote."),
      KeySchema("arabic", .text, "The original Arabic text."),
      KeySchema("source", .text, "Where it comes from."),
      KeySchema("category", .text, "A category (quran, hadith, wisdom...)."),
      tags,
    ])

  /// When badges unlock, and how many per check.
  package static let unlocks = ObjectSchema(
    "unlocks", "When the badges outside progressive groups unlock, and how many per check.",
    keys: [
      KeySchema(
        "at", .keyword(["earned", "check"]),
        "`earned` (default): on the day the criterion first held, dated that day; `check`: only at a check whose day the criterion holds, dated the check's date."
      ),
      KeySchema(
        "per_check", .integer(min: 1),
        "At most this many badges unlock in one check (all badges together, in catalog order); no limit by default."
      ),
      KeySchema(
        "per_group", .integer(min: 1),
        "At most this many badges of one group unlock in one check; no limit by default."),
    ])

  /// How `badges.next` breaks ties between locked badges with equal targets.
  package static let nextBadge = ObjectSchema(
    "next badge", "How the evaluation picks the next badge (`badges.next`) among equal targets.",
    keys: [
      KeySchema(
        "ties", .keyword(["progress", "catalog-order"]),
        "Among locked badges with the same smallest target: `progress` (default) the more advanced first, then catalog order; `catalog-order` the first in the badge list, whatever the progress (a stable sort by target, as RIZQ's nextUnlockableAchievement)."
      )
    ])

  /// The quote rotation: the rule and the list.
  package static let quotes = ObjectSchema(
    "quotes", "The quote of the day.",
    keys: [
      KeySchema(
        "rotation", .keyword(["day-of-year", "day"]),
        "`day-of-year`: quote number (dayOfYear - 1) % count; `day`: day % count, counting from the history's start."
      ),
      KeySchema("list", .list(.object(quote)), required: true, "The quotes, in rotation order."),
    ])

  /// One wording of a message, with its own condition.
  package static let textVariant = ObjectSchema(
    "text variant", "One wording of a message's text.",
    keys: [
      KeySchema("text", .template, required: true, "The text, with `{expression}` placeholders."),
      KeySchema("when", .expression, "When this wording is used (the first that holds)."),
    ])

  /// A message: its condition, title, wordings, action and display fields.
  package static let message = ObjectSchema(
    "message", "A candidate message of the day.",
    keys: [
      KeySchema("id", .id, required: true, "A unique id."),
      KeySchema(
        "when", .expression, "When the message applies; without it, it always applies."),
      KeySchema("title", .template, "The title, with `{expression}` placeholders."),
      KeySchema(
        "text", .oneOf([.template, .list(.object(textVariant))]), required: true,
        "The text with `{expression}` placeholders, or a list of wordings (`text`, `when`) of which the first that holds is used."
      ),
      KeySchema("action", .template, "A call to action."),
      icon, color, tags, extra,
    ])

  /// Keys that both catalogs and rule modules have.
  static let shared: [KeySchema] = [
    KeySchema("name", .text, "A display name."),
    description,
    KeySchema(
      "imports", .list(.text),
      "Rule modules to include, as paths relative to this file (e.g. `../rules/levels.yaml`)."),
    KeySchema(
      "inputs", .dictionary(.object(input)), "The per-day stats the app reports, by name."),
    KeySchema(
      "streaks", .dictionary(.object(streak)), "Streak counters, by name."),
    KeySchema(
      "metrics", .dictionary(.oneOf([.expression, .object(metric)])),
      "Derived values, by name: an expression, or a mapping with `value`."),
    KeySchema("groups", .list(.object(group)), "Badge groups."),
    KeySchema("badges", .list(.object(badge)), "Once-only achievements, in display order."),
  ]

  /// A catalog file: everything a catalog may hold.
  package static let catalog = ObjectSchema(
    "catalog", "A reward scheme: one app's streaks, milestones, badges, quotes and messages.",
    keys: [
      KeySchema(
        "catalog", .id, required: true, "The scheme's id, e.g. `imanpath`."),
      KeySchema("version", .integer(min: 1), "Bump it when ids change (default 1)."),
      KeySchema(
        "default_locale", .text,
        "The language of the catalog's texts, a BCP 47 tag such as `en` (the default) or `ar`; other languages are in `locales/LANG/FILE` next to the catalog."
      ),
    ] + shared + [
      KeySchema("milestones", .object(milestones), "Days on one streak's timeline."),
      KeySchema("quotes", .object(quotes), "The quote of the day."),
      KeySchema(
        "unlocks", .object(unlocks),
        "When badges unlock (on the day earned, or at the check) and how many per check."),
      KeySchema(
        "next_badge", .object(nextBadge),
        "How the next badge (`badges.next`) is chosen among equal targets: by progress (default) or catalog order."
      ),
      KeySchema(
        "messages", .list(.object(message)),
        "Candidate messages of the day; the first whose `when` holds is shown."),
      KeySchema(
        "week_starts", .keyword(WeekStart.allCases.map(\.rawValue)),
        "The day the weeks of `week(x)` begin: `monday` (default, as ISO 8601), `saturday` or `sunday`."),
      KeySchema("pauses", .object(pauses), "How users may pause their `pausable` streaks: a cap and backdating."),
      KeySchema(
        "leaderboards", .list(.object(leaderboard)),
        "Leaderboards that start again each period (`{id, value, period}`), kept per period by the server."),
      KeySchema(
        "day_starts_at", .timeOfDay,
        "When the users' day changes, `\"HH:MM\"` from 00:00 (default) to 12:00: at 01:30 with `\"04:00\"` it is still yesterday."
      ),
    ])

  /// A rule module: what a catalog may import.
  package static let module = ObjectSchema(
    "rule module", "Reusable rules that catalogs import.",
    keys: [
      KeySchema("module", .id, required: true, "The module's id."),
      KeySchema(
        "requires", .dictionary(.keyword(["bool", "int", "number"])),
        "Names the importing catalog must define, with their types."),
    ] + shared)
}
