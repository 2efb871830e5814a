@_spi(CompiledDay) @_spi(Tooling) import RulesLanguage

/// A named streak counter.
package struct Streak: Sendable {
  /// How the streak counts.
  package enum Kind: Sendable {
    /// Days in a row where `counts` holds; `skips` days are neutral; other days break it.
    case consecutive(counts: ExpressionSource, skips: ExpressionSource?, freezes: FreezeRule?)
    /// Days elapsed since the history's start or the last day where `resets` holds
    /// (Day 0 = that day), whether or not the days have records.
    case elapsed(resets: ExpressionSource?)
    /// Periods in a row (weeks, months, Hijri months) that met a goal: `goal` days of the
    /// period on which `counts` holds (`type: periodic`).
    case periodic(counts: ExpressionSource, period: PeriodSum, goal: Int, freezes: FreezeRule?)
  }

  /// How the evaluated day (the as-of date) is judged.
  package enum Today: Sendable, Equatable {
    /// It extends the streak if it counts, and does not break it yet.
    case inProgress
    /// It is judged like every other day.
    case final
    /// `{final_once_reported: [...]}`: judged in progress until the day's record reports every
    /// input listed (names it, whatever its value), then final (the training app's planned
    /// morning). The days before the evaluated day are final anyway.
    case finalOnceReported([ReportedInput])

    /// The keyword of `in-progress` and `final`.
    package init?(rawValue: String) {
      switch rawValue {
      case "in-progress": self = .inProgress
      case "final": self = .final
      default: return nil
      }
    }

    /// The keyword (`in-progress`, `final`), nil for `final_once_reported`.
    package var keyword: String? {
      switch self {
      case .inProgress: "in-progress"
      case .final: "final"
      case .finalOnceReported: nil
      }
    }

    /// Whether the days before the evaluated day, and the evaluated day unless its record
    /// says otherwise, are judged final.
    package var isFinal: Bool { self != .inProgress }

    /// The inputs the day's record must report, for `final_once_reported`.
    package var reportedInputs: [ReportedInput] {
      if case .finalOnceReported(let inputs) = self { return inputs }
      return []
    }
  }

  /// An input named in `today: {final_once_reported: [...]}`, with where it is written.
  package struct ReportedInput: Sendable, Equatable {
    /// The input's name.
    package var name: String
    /// Where the name is written.
    package var origin: Origin

    /// An input named at `origin`.
    package init(name: String, origin: Origin) {
      self.name = name
      self.origin = origin
    }
  }

  /// The streak's name, as expressions write it.
  package var name: String
  /// Where the streak is defined.
  package var origin: Origin
  /// How the streak counts.
  package var kind: Kind
  /// Without the history's `start`, the streak is 0 and has no milestones.
  package var needsStart: Bool
  /// How the day in progress is treated.
  package var today: Today
  /// The streak's name, for people.
  package var displayName: String?
  /// What the streak means.
  package var description: String?
  /// The most days a consecutive streak counts (`max_days`: an app that keeps only its last
  /// N days of activity, as Onward keeps 90); nil for no limit.
  package var maxDays: Int?
  /// A consecutive streak that a user's pause holds (`pausable`): a paused day neither
  /// extends nor breaks it.
  package var pausable = false
  /// How its user may repair a consecutive streak (`repairs`); nil: not at all.
  package var repairs: RepairPolicy?

  /// A streak.
  package init(
    name: String, origin: Origin, kind: Kind, needsStart: Bool = false,
    today: Today = .inProgress, displayName: String? = nil, description: String? = nil
  ) {
    self.name = name
    self.origin = origin
    self.kind = kind
    self.needsStart = needsStart
    self.today = today
    self.displayName = displayName
    self.description = description
  }

  /// The freezes of a consecutive or periodic streak, if it has any.
  package var freezes: FreezeRule? {
    switch kind {
    case .consecutive(_, _, let freezes), .periodic(_, _, _, let freezes): freezes
    case .elapsed: nil
    }
  }

  /// The period and goal of a periodic streak, nil for the other types.
  package var periodic: (period: PeriodSum, goal: Int)? {
    if case .periodic(_, let period, let goal, _) = kind { return (period, goal) }
    return nil
  }
}
