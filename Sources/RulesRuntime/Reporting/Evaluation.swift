@_spi(CompiledDay) @_spi(Tooling) import RulesCatalog
@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A user's progress as of one date: streaks, metrics, milestones, badges, the quote and the
/// message of the day. `Codable`: `JSONEncoder` writes exactly the keys and values of
/// `rules eval --format json` (docs/evaluation.md), in the same order.
public struct Evaluation: Sendable, Equatable {
  /// One streak: its current length, its best, the freezes it holds, when its run began and
  /// the latest day a freeze covered.
  public struct StreakReport: Sendable, Equatable {
    /// The streak's name in the catalog.
    public var name: String
    /// Days in the streak as of the date.
    public var current: Int
    /// The longest the streak has been.
    public var best: Int
    /// Freezes saved up (days a miss does not break the streak).
    public var freezes: Int
    /// The day the current run began (an elapsed streak's Day 0); nil when the streak is 0
    /// and not running.
    public var start: CalendarDay?
    /// The latest day a freeze covered (the streak was protected), if one ever did.
    public var lastProtected: CalendarDay?
    /// The days a freeze covered since the last check, in date order (SalahStreak's calendar
    /// shades each): those this check counted, as `milestones.new` holds the milestones. For a
    /// periodic streak, the last day of each period a freeze covered.
    public var newProtected: [CalendarDay]
    /// A periodic streak's current period (`type: periodic`; nil for the other types): its
    /// id (`2026-W22`, `2026-05`, `1447-09`), the days counted in it so far, and its goal (the
    /// catalog's, capped by its days not paused).
    public var period: PeriodReport?

    /// A periodic streak's current period.
    public struct PeriodReport: Sendable, Equatable {
      /// The period's id: `2026-W22` (a week), `2026-05` (a month), `1447-09` (a Hijri month).
      public var id: String
      /// The days of the period counted so far (`period_count`).
      public var count: Int
      /// The days it must count (`goal`).
      public var goal: Int

      /// A period report.
      public init(id: String, count: Int, goal: Int) {
        self.id = id
        self.count = count
        self.goal = goal
      }
    }

    /// A streak report.
    public init(
      name: String, current: Int, best: Int, freezes: Int, start: CalendarDay? = nil,
      lastProtected: CalendarDay? = nil, newProtected: [CalendarDay] = [], period: PeriodReport? = nil
    ) {
      self.name = name
      self.current = current
      self.best = best
      self.freezes = freezes
      self.start = start
      self.lastProtected = lastProtected
      self.newProtected = newProtected
      self.period = period
    }
  }

  /// One metric's value as of the date.
  public struct MetricReport: Sendable, Equatable {
    /// The metric's name in the catalog.
    public var name: String
    /// Its value (an enum member decoded from JSON is a `.string`).
    public var value: Value

    /// A metric report.
    public init(name: String, value: Value) {
      self.name = name
      self.value = value
    }
  }

  /// A declared leaderboard's value for the user as of the date (`leaderboards`), with the
  /// period of the user's calendar that it counts in.
  public struct LeaderboardReport: Sendable, Equatable {
    /// The leaderboard's id in the catalog.
    public var id: String
    /// The period's id: `2026-05-09` (a day), `2026-W22`, `2026-05`, `1447-09`, `all`.
    public var period: String
    /// The value ranked (an int or a number).
    public var value: Value

    /// A leaderboard report.
    public init(id: String, period: String, value: Value) {
      self.id = id
      self.period = period
      self.value = value
    }
  }

  /// Where the user is on the catalog's milestone track.
  public struct MilestoneReport: Sendable, Equatable {
    /// The next milestone: its id, its day, its date and how many days are left.
    public struct Next: Sendable, Equatable {
      /// The milestone's id.
      public var id: String
      /// The streak length it is reached at.
      public var day: Int
      /// The date it is reached if the streak keeps going every day; nil for a periodic
      /// streak's (its `day` counts periods, which cannot be known in days).
      public var date: CalendarDay?
      /// Days left until it is reached; nil for a periodic streak's.
      public var daysUntil: Int?

      /// A next milestone.
      public init(id: String, day: Int, date: CalendarDay?, daysUntil: Int?) {
        self.id = id
        self.day = day
        self.date = date
        self.daysUntil = daysUntil
      }
    }

    /// The streak the milestones follow; nil when the catalog has no milestones.
    public var streak: String?
    /// The milestones reached, in day order.
    public var reached: [String] = []
    /// The milestone reached on the date itself, if one was.
    public var today: String?
    /// The milestones reached since the last check, in day order (with no earlier check,
    /// the one reached on the date, if any): what the app celebrates.
    public var new: [String] = []
    /// The next milestone, if there is one.
    public var next: Next?

    /// A milestone report.
    public init(
      streak: String? = nil, reached: [String] = [], today: String? = nil, new: [String] = [], next: Next? = nil
    ) {
      self.streak = streak
      self.reached = reached
      self.today = today
      self.new = new
      self.next = next
    }
  }

  /// The badges: unlocked (with dates), unlocked by this evaluation, and locked (with progress).
  public struct BadgeReport: Sendable, Equatable {
    /// Every unlocked badge with its date, in the order they unlocked.
    public var unlocked: [Unlock] = []
    /// The badges this evaluation unlocked (a second check of the same day gives none); a
    /// repeating badge earned in several periods since the last check is named once for each.
    public var new: [String] = []
    /// The earnings of repeating badges among `new`, each with its period and day, in the
    /// order they were earned (empty when the catalog has no repeating badge).
    public var newEarnings: [NewEarning] = []
    /// The badges still locked, in catalog order, with their progress.
    public var locked: [LockedBadge] = []
    /// The locked badge closest to unlocking (the smallest target first, then the most
    /// advanced, then catalog order), with its progress; nil when none is locked.
    public var next: LockedBadge?

    /// A badge report.
    public init(
      unlocked: [Unlock] = [], new: [String] = [], locked: [LockedBadge] = [], next: LockedBadge? = nil,
      newEarnings: [NewEarning] = []
    ) {
      self.unlocked = unlocked
      self.new = new
      self.newEarnings = newEarnings
      self.locked = locked
      self.next = next
    }
  }

  /// An earning of a repeating badge that an evaluation made.
  public struct NewEarning: Sendable, Equatable {
    /// The badge's id.
    public var id: String
    /// The period and the day.
    public var earning: Earning

    /// A new earning.
    public init(id: String, earning: Earning) {
      self.id = id
      self.earning = earning
    }
  }

  /// One earning of a badge that repeats (`repeats`): the period it was earned in and the day.
  public struct Earning: Sendable, Equatable {
    /// The period's id: `2026-W22` (a week), `2026-05` (a month), `1447-09` (a Hijri month).
    public var period: String
    /// The day it was earned.
    public var date: CalendarDay

    /// An earning.
    public init(period: String, date: CalendarDay) {
      self.period = period
      self.date = date
    }
  }

  /// A badge unlocked on a date.
  public struct Unlock: Sendable, Equatable {
    /// The badge's id.
    public var id: String
    /// The day it unlocked.
    public var date: CalendarDay
    /// What the app shows of it (its name is its id when the catalog no longer has it).
    public var display: BadgeDisplay
    /// The period the badge repeats in (`week`, `month`, `hijri_month`), or nil for a badge
    /// earned once.
    public var repeats: String?
    /// For a repeating badge, the period of this earning (`2026-W22`); nil otherwise.
    public var period: String?
    /// How many times the badge was earned: 1, or every earning of a repeating badge (this
    /// period's included). The state keeps each earning (`UserState.unlocks`).
    public var times: Int

    /// An unlock.
    public init(
      id: String, date: CalendarDay, display: BadgeDisplay? = nil, repeats: String? = nil, period: String? = nil,
      times: Int = 1
    ) {
      self.id = id
      self.date = date
      self.display = display ?? BadgeDisplay(name: id)
      self.repeats = repeats
      self.period = period
      self.times = times
    }
  }

  /// A locked badge and how far the user is towards it.
  public struct LockedBadge: Sendable, Equatable {
    /// The badge's id.
    public var id: String
    /// The measure's value now, when the badge has a progress measure.
    public var current: Value?
    /// The value that unlocks it.
    public var target: Value?
    /// From 0 to 1, rounded to 3 decimals; nil when it cannot be computed.
    public var progress: Double?
    /// Its criterion holds but it waits for the next check: it is the next badge of a
    /// progressive group that already unlocked one at this check, or comes after one that waits.
    public var waiting: Bool
    /// What the app shows of it.
    public var display: BadgeDisplay
    /// The period the badge repeats in (`week`, `month`, `hijri_month`), or nil for a badge
    /// earned once: a repeating badge not earned in the current period is locked, its progress
    /// that of the period.
    public var repeats: String?
    /// How many times the badge was earned (in earlier periods, for a repeating badge; 0 for
    /// a badge earned once).
    public var times: Int
    /// A repeating badge's latest earning (in an earlier period), or nil.
    public var lastEarned: Earning?
    /// For a badge with prerequisites (`requires`), the ids of those still locked, in the order
    /// listed (empty when all are unlocked); nil for a badge without prerequisites.
    public var requires: [String]?

    /// A locked badge.
    public init(
      id: String, current: Value? = nil, target: Value? = nil, progress: Double? = nil, waiting: Bool = false,
      display: BadgeDisplay? = nil, repeats: String? = nil, times: Int = 0, lastEarned: Earning? = nil,
      requires: [String]? = nil
    ) {
      self.id = id
      self.current = current
      self.target = target
      self.progress = progress
      self.waiting = waiting
      self.display = display ?? BadgeDisplay(name: id)
      self.repeats = repeats
      self.times = times
      self.lastEarned = lastEarned
      self.requires = requires
    }
  }

  /// The quote of the day.
  public struct QuoteReport: Sendable, Equatable {
    /// The quote's id.
    public var id: String
    /// The quote.
    public var text: String
    /// The quote in Arabic, when the catalog has it.
    public var arabic: String?
    /// Where it is from.
    public var source: String?
    /// Its category.
    public var category: String?

    /// A quote report.
    public init(id: String, text: String, arabic: String? = nil, source: String? = nil, category: String? = nil) {
      self.id = id
      self.text = text
      self.arabic = arabic
      self.source = source
      self.category = category
    }
  }

  /// The message of the day, its templates filled in.
  public struct MessageReport: Sendable, Equatable {
    /// The message's id.
    public var id: String
    /// Its title.
    public var title: String?
    /// Its text.
    public var text: String
    /// The label of its button.
    public var action: String?
    /// Its icon.
    public var icon: String?
    /// Its colour (RIZQ's glow colour of each state).
    public var color: String?
    /// Its tags.
    public var tags: [String]
    /// The catalog's free-form `extra` data for the app, if any.
    public var extra: JSONValue?
    /// What writing the message in another language needs (nil for a report read from JSON).
    var rendering: MessageRendering?

    /// A message report.
    public init(
      id: String, title: String? = nil, text: String, action: String? = nil, icon: String? = nil,
      color: String? = nil, tags: [String] = [], extra: JSONValue? = nil
    ) {
      self.id = id
      self.title = title
      self.text = text
      self.action = action
      self.icon = icon
      self.color = color
      self.tags = tags
      self.extra = extra
    }
  }

  /// The catalog's id.
  public var catalog: String
  /// The user's id, when known.
  public var user: String?
  /// The date evaluated.
  public var date: CalendarDay
  /// The locale its texts are written in: the one asked for (`--locale`, `locale:`) when the
  /// catalog has texts in it or in its language, else the catalog's `default_locale`.
  public var locale: String = "en"
  /// Every streak of the catalog, in catalog order.
  public var streaks: [StreakReport] = []
  /// Every metric of the catalog, in catalog order.
  public var metrics: [MetricReport] = []
  /// The progress of every metric that has one, in catalog order (empty when none has).
  public var progress: [MetricProgress] = []
  /// The milestone track (empty when the catalog has none).
  public var milestones = MilestoneReport()
  /// Unlocked, new and locked badges.
  public var badges = BadgeReport()
  /// The quote of the day, when the catalog has quotes.
  public var quote: QuoteReport?
  /// The first message whose condition holds, when one does.
  public var message: MessageReport?
  /// Each leaderboard the catalog declares, in catalog order (empty when it declares none).
  public var leaderboards: [LeaderboardReport] = []

  /// An evaluation with empty sections.
  public init(catalog: String, user: String?, date: CalendarDay) {
    self.catalog = catalog
    self.user = user
    self.date = date
  }

  /// The streak named `name`.
  public func streak(_ name: String) -> StreakReport? { streaks.first { $0.name == name } }
  /// The value of the metric named `name`.
  public func metric(_ name: String) -> Value? { metrics.first { $0.name == name }?.value }
}
