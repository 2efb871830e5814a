@_spi(CompiledDay) @_spi(Tooling) import RulesEngine

/// One user's journey under one catalog: a calendar of the days, each streak's runs, the
/// unlocks and milestones at their dates, the badges with "why not yet", and a step per day
/// (`rules replay`), the date's step shown first.
package struct UserPage: Sendable {
  package struct Month: Sendable {
    package var title: String
    /// Empty cells before the 1st (weeks start on Monday).
    package var blanks: [Int]
    package var days: [Day]
  }

  package struct Day: Sendable {
    package var date: String
    package var number: Int
    /// `good`, `missed`, `rest`, `freeze` or `none` (before the first day, after the date).
    package var status: String
    package var label: String
    package var step: Int?
    package var asOf: Bool
    package var marks: String
  }

  package struct StreakRuns: Sendable {
    package var name: String
    package var runs: [Run]
    package var width: Int
    package var summary: String
  }

  package struct Run: Sendable {
    package var x: Int
    package var width: Int
    package var label: String
  }

  package struct Event: Sendable {
    package var date: String
    package var kind: String
    package var id: String
    package var name: String
  }

  package struct Step: Sendable {
    package var index: Int
    package var date: String
    package var hidden: Bool
    package var streaks: [StreakValue]
    package var metrics: [MetricValue]
    package var milestone: String?
    package var unlocks: [String]
    package var quote: String?
    package var quoteSource: String?
    package var messageTitle: String?
    package var message: String?
    package var messageID: String?
  }

  package struct StreakValue: Sendable {
    package var name: String
    package var current: Int
    package var best: Int
    package var freezes: Int
    /// A periodic streak's current period: its id, the days counted and its goal.
    package var period: Evaluation.StreakReport.PeriodReport? = nil
  }

  package struct MetricValue: Sendable {
    package var name: String
    package var value: String
  }

  package var chrome: Chrome
  package var catalogName: String
  package var catalogHref: String
  package var user: String
  package var date: String
  package var first: String
  package var streakName: String?
  package var months: [Month]
  package var streakRuns: [StreakRuns]
  package var events: [Event]
  package var steps: [Step]
  package var lastStep: Int
  package var asOfStep: Int
  package var badges: [BadgeCard]
  package var hasDays: Bool

  package init(_ journey: UserJourney, route: SiteRoute, catalogHref: String) {
    let catalog = journey.catalog.catalog
    chrome = Chrome(title: "\(journey.user) — \(catalog.name ?? catalog.id)", home: SiteRoute.index.href(from: route))
    catalogName = catalog.name ?? catalog.id
    self.catalogHref = catalogHref
    user = journey.user
    date = journey.date.description
    let days = journey.days
    first = days.first?.date.description ?? journey.date.description
    hasDays = !days.isEmpty
    let primary = catalog.milestones?.streak ?? catalog.streaks.first?.name
    streakName = primary
    // Each day's status from the primary streak's change since the day before.
    var statuses: [CalendarDay: String] = [:]
    var previous = 0
    for evaluation in days {
      guard let primary, let streak = evaluation.streak(primary) else {
        statuses[evaluation.date] = "none"
        continue
      }
      let status: String
      if streak.newProtected.contains(evaluation.date) || streak.lastProtected == evaluation.date {
        status = "freeze"
      } else if streak.current > previous {
        status = "good"
      } else if streak.current > 0 && streak.current == previous {
        status = "rest"
      } else {
        status = "missed"
      }
      statuses[evaluation.date] = status
      previous = streak.current
    }
    // Unlocks and milestones at their dates.
    var marks: [CalendarDay: String] = [:]
    var events: [Event] = []
    for unlock in journey.evaluation.badges.unlocked {
      events.append(Event(date: unlock.date.description, kind: "badge", id: unlock.id, name: unlock.display.name))
      marks[unlock.date, default: ""] += "★"
    }
    let track = catalog.milestones?.milestones ?? []
    for evaluation in days {
      if let id = evaluation.milestones.today {
        let milestone = track.first { $0.id == id }
        events.append(
          Event(
            date: evaluation.date.description, kind: "milestone", id: id,
            name: milestone?.display["name"] ?? milestone?.display["title"] ?? id))
        marks[evaluation.date, default: ""] += "◆"
      }
    }
    self.events = events.sorted { ($0.date, $0.kind) < ($1.date, $1.kind) }
    // The steps, one per day evaluated.
    let badgeNames = Dictionary(catalog.badges.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    var steps: [Step] = []
    var indexOf: [CalendarDay: Int] = [:]
    for (index, evaluation) in days.enumerated() {
      indexOf[evaluation.date] = index
      steps.append(
        Step(
          index: index, date: evaluation.date.description, hidden: evaluation.date != journey.date,
          streaks: evaluation.streaks.map {
            StreakValue(name: $0.name, current: $0.current, best: $0.best, freezes: $0.freezes, period: $0.period)
          },
          metrics: evaluation.metrics.map { MetricValue(name: $0.name, value: SiteValue.text($0.value)) },
          milestone: evaluation.milestones.today,
          unlocks: evaluation.badges.new.map { badgeNames[$0] ?? $0 },
          quote: evaluation.quote?.text, quoteSource: evaluation.quote?.source, messageTitle: evaluation.message?.title,
          message: evaluation.message?.text, messageID: evaluation.message?.id))
    }
    self.steps = steps
    lastStep = max(steps.count - 1, 0)
    asOfStep = indexOf[journey.date] ?? lastStep
    if !steps.isEmpty, indexOf[journey.date] == nil { self.steps[lastStep].hidden = false }
    // The calendar: every month from the first day to the date.
    var months: [Month] = []
    if let start = days.first?.date {
      var day = start
      let end = max(journey.date, start)
      // Back to the 1st of the first month.
      while Self.parts(day).day > 1 { day = day + -1 }
      while day <= end {
        let (year, month, _) = Self.parts(day)
        var cells: [Day] = []
        let blanks = (day.number + 3) % 7
        var cursor = day
        while Self.parts(cursor).month == month && Self.parts(cursor).year == year {
          let status = statuses[cursor] ?? "none"
          cells.append(
            Day(
              date: cursor.description, number: Self.parts(cursor).day, status: status,
              label: "\(cursor.description): \(status)\(marks[cursor].map { " \($0)" } ?? "")",
              step: indexOf[cursor], asOf: cursor == journey.date, marks: marks[cursor] ?? ""))
          cursor = cursor + 1
        }
        months.append(
          Month(title: String(day.description.prefix(7)), blanks: Array(0..<blanks), days: cells))
        day = cursor
      }
    }
    self.months = months
    // Each streak's runs, on one line per streak.
    let width = 600
    streakRuns = catalog.streaks.map { streak in
      var runs: [(start: Int, end: Int, length: Int)] = []
      var before = 0
      for (index, evaluation) in days.enumerated() {
        let current = evaluation.streak(streak.name)?.current ?? 0
        if current > 0 {
          if before == 0 || current < before || runs.isEmpty {
            runs.append((index, index, current))
          } else {
            runs[runs.count - 1].end = index
            runs[runs.count - 1].length = max(runs[runs.count - 1].length, current)
          }
        }
        before = current
      }
      let total = max(days.count, 1)
      let bars = runs.map { run in
        Run(
          x: run.start * width / total, width: max((run.end - run.start + 1) * width / total, 2),
          label: "\(days[run.start].date) – \(days[run.end].date): \(run.length)")
      }
      let best = days.last?.streak(streak.name)?.best ?? 0
      return StreakRuns(
        name: streak.name, runs: bars, width: width,
        summary: "\(runs.count) \(runs.count == 1 ? "run" : "runs"), best \(best)")
    }
    badges = BadgeCard.cards(
      journey.catalog, evaluation: journey.evaluation, text: SiteText(), explanations: journey.explanations)
  }

  static func parts(_ day: CalendarDay) -> (year: Int, month: Int, day: Int) {
    let text = day.description
    let fields = text.split(separator: "-").compactMap { Int($0) }
    return fields.count == 3 ? (fields[0], fields[1], fields[2]) : (0, 0, 0)
  }
}

/// A value as a page writes it: a string as it is, anything else as `rules eval --format json`
/// writes it.
package enum SiteValue {
  package static func text(_ value: Value) -> String {
    if case .string(let text) = value.json { return text }
    return value.json.serialized(indent: nil)
  }
}
